import IngredientLexicon
import IngredientParsing

/// Scores the parser against labeled sentences: quantity, unit, name and all three together,
/// overall and per source.
///
/// A line is right on quantity when the primary quantity and range end match (within
/// 0.005); on unit when the units match after plural, abbreviation and size words are
/// normalized through the units table; on name when the names match after case,
/// punctuation and spacing are normalized.
public struct ParseEvaluation: Sendable {
    /// Counts for one group of sentences.
    public struct Rates: Sendable, Equatable {
        /// How many sentences were scored.
        public var count = 0
        /// How many were right on quantity (primary quantity and range end).
        public var quantity = 0
        /// How many were right on unit.
        public var unit = 0
        /// How many were right on name.
        public var name = 0
        /// How many were right on all three.
        public var all = 0

        func rate(_ k: Int) -> Double { count == 0 ? 0 : Double(k) / Double(count) }
        /// Share right on quantity.
        public var quantityRate: Double { rate(quantity) }
        /// Share right on unit.
        public var unitRate: Double { rate(unit) }
        /// Share right on name.
        public var nameRate: Double { rate(name) }
        /// Share right on all three.
        public var allRate: Double { rate(all) }
    }

    /// One scored sentence.
    public struct Outcome: Sendable {
        /// The labeled sentence.
        public var gold: GoldSentence
        /// What the parser made of the sentence's input.
        public var parsed: ParsedIngredient
        /// Whether the primary quantity and range end match the gold ones.
        public var quantityRight: Bool
        /// Whether the unit matches the gold unit after normalization.
        public var unitRight: Bool
        /// Whether the name matches the gold name after normalization.
        public var nameRight: Bool
        /// Whether quantity, unit and name are all right.
        public var allRight: Bool { quantityRight && unitRight && nameRight }
    }

    /// All sentences.
    public private(set) var overall = Rates()
    /// Per `source` of the gold sentences, sorted by name.
    public private(set) var bySource: [(source: String, rates: Rates)] = []
    /// Every outcome, in gold order.
    public private(set) var outcomes: [Outcome] = []
    /// Mean confidence of the parses and the share right, per tenth of confidence.
    public private(set) var calibration: [(bin: Double, count: Int, meanConfidence: Double, accuracy: Double)] = []

    /// How far the confidence is from the share right: the mean over lines of |mean
    /// confidence − share right| of each line's tenth of confidence (0 when every tenth's
    /// lines are right as often as they are scored; 0.01 is one point).
    public var calibrationGap: Double { ConfidenceTable.gap(calibration) }

    /// Parses every gold sentence with `parser` and scores it.
    /// Scores `parser` on `gold`. With `goldLabels`, the parser assembles each sentence's own
    /// labels (aligned to its tokens) instead of the tagger's: what the rules after the tagger
    /// make of labels written by hand, the ceiling of a perfect tagger (a sentence whose labels
    /// cannot be aligned is parsed as usual).
    public init(gold: [GoldSentence], parser: IngredientParser, goldLabels: Bool = false) {
        let scorer = Scorer(lexicon: parser.lexicon)
        var sources: [String: Rates] = [:]
        var table = ConfidenceTable()
        let session = parser.makeSession()
        for g in gold {
            let parsed: ParsedIngredient
            if goldLabels {
                var text = g.input
                parsed = text.withUTF8 { bytes in
                    parser.analyze(validUTF8: bytes, forcedLabels: { tokens, line in GoldAlignment.labels(for: tokens, line: line, gold: g) }) { view, _ in
                        view.parsedIngredient(input: g.input)
                    }
                }
            } else {
                parsed = session.parse(g.input)
            }
            let outcome = scorer.score(g, parsed)
            outcomes.append(outcome)
            for key in ["", g.source ?? "unknown"] {
                var r = key.isEmpty ? overall : sources[key, default: Rates()]
                r.count += 1
                if outcome.quantityRight { r.quantity += 1 }
                if outcome.unitRight { r.unit += 1 }
                if outcome.nameRight { r.name += 1 }
                if outcome.allRight { r.all += 1 }
                if key.isEmpty { overall = r } else { sources[key] = r }
            }
            table.add(parsed.confidence, right: outcome.allRight)
        }
        bySource = sources.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        calibration = table.rows
    }

    /// Sentences not right on all three, in gold order.
    public var misses: [Outcome] { outcomes.filter { !$0.allRight } }
}

/// The comparison rules of `ParseEvaluation`.
struct Scorer {
    let lexicon: Lexicon
    static let unitQualifiers: Set<String> = [
        "small", "medium", "large", "good", "heaped", "heaping", "generous", "level", "big",
        "rounded", "scant", "thin", "thick", "extra", "extra-large", "very", "little",
    ]

    func score(_ g: GoldSentence, _ p: ParsedIngredient) -> ParseEvaluation.Outcome {
        let goldAmount = g.amounts.first
        let gq = goldAmount.flatMap { value($0.quantity)?.low }
        let gqMax = goldAmount.flatMap { value($0.quantityMax)?.high } ?? gq
        let quantityRight: Bool
        if let gq {
            quantityRight = close(p.quantity, gq) && close(p.quantityMax ?? p.quantity, gqMax ?? gq)
        } else {
            quantityRight = p.quantity == nil
        }
        let goldUnit = normalizeUnit(goldAmount?.unit)
        let ourUnit = normalizeUnit(p.unit)
        let unitRight = goldUnit == ourUnit
        let nameRight = Self.normalizeName(g.name ?? "") == Self.normalizeName(p.name ?? "")
        return .init(gold: g, parsed: p, quantityRight: quantityRight, unitRight: unitRight, nameRight: nameRight)
    }

    private func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 0.005 * max(1, abs(b))
    }

    /// A gold quantity as (low, high): numbers, number words, and text ranges such as "1.5-1.8".
    private func value(_ q: GoldSentence.Quantity?) -> (low: Double, high: Double)? {
        switch q {
        case .none: return nil
        case .number(let d): return (d, d)
        case .text(let s):
            if s.isEmpty { return nil }
            if let v = lexicon.number(word: s) { return (v, v) }
            var copy = s
            return copy.withUTF8 { b in
                Tokenizer.tokenize(b).first(where: { $0.kind == .quantity }).map { ($0.value, $0.maxValue) }
            }
        }
    }

    func normalizeUnit(_ unit: String?) -> String? {
        guard var u = unit?.lowercased().replacingUnderscores(), !u.isEmpty else { return nil }
        var words = u.split(separator: " ").map(String.init)
        while words.count > 1, Self.unitQualifiers.contains(words[0]) { words.removeFirst() }
        u = words.joined(separator: " ")
        if let def = lexicon.unit(alias: u) ?? lexicon.unit(id: u) { return def.id }
        if u.hasSuffix("s"), let def = lexicon.unit(alias: String(u.dropLast())) { return def.id }
        return u.hasSuffix("s") ? String(u.dropLast()) : u
    }

    /// A name as scored: lowercased, runs of what is neither letter nor number made one
    /// space, and invisible format characters (soft hyphens, zero-width joiners: Unicode's
    /// `Cf`) left out, as text shows them.
    static func normalizeName(_ name: String) -> String {
        var out = ""
        var space = true
        for ch in name.lowercased() {
            if ch.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) { continue }
            if ch.isLetter || ch.isNumber {
                out.append(ch)
                space = false
            } else if !space {
                out.append(" ")
                space = true
            }
        }
        while out.last == " " { out.removeLast() }
        return out
    }
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
