import Testing
@testable import IngredientParsing

/// A line the tagger gives an amount and no name, or a name and no amount while it writes one
/// after the name, is labeled again by the best labeling that has what it lacks
/// (`Viterbi.decode(…requiring:at:…)`): checked against every labeling of small random
/// problems, on lines of our own that the tagger leaves without a name, and on tagger scores
/// made up to read a line without its amount.
@Suite("A name or an amount the tagger left out")
struct MissingFieldTests {
    typealias Row = Viterbi.Row

    /// A small random problem from a fixed seed: emission rows, transitions (row 8 the start)
    /// and their transpose, and end scores.
    struct Problem {
        var emission: [Row], transitions: [Row], incoming: [Row], end: Row

        init(tokens n: Int, seed: UInt64) {
            var state = seed
            func next() -> Float {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Float(Int64(bitPattern: state >> 11) % 2001 - 1000) / 250
            }
            func row() -> Row { Row((0..<8).map { _ in next() }) }
            let emission = (0..<n).map { _ in row() }
            let transitions = (0...8).map { _ in row() }
            self.emission = emission
            self.transitions = transitions
            incoming = (0..<8).map { x in Row((0..<8).map { l in transitions[l][x] }) }
            end = row()
        }

        func score(_ path: [Int]) -> Float {
            var s = transitions[8][path[0]] + emission[0][path[0]]
            for t in 1..<path.count { s += transitions[path[t - 1]][path[t]] + emission[t][path[t]] }
            return s + end[path[path.count - 1]]
        }

        /// Every labeling, and the best score of all and of those with `label` at an allowed token.
        func bruteForce(requiring label: Int, at allowed: (Int) -> Bool) -> (best: Float, constrained: Float) {
            let n = emission.count
            var best = -Float.infinity, constrained = -Float.infinity
            var path = [Int](repeating: 0, count: n)
            for code in 0..<(1 << (3 * n)) {
                var c = code
                for t in 0..<n { path[t] = c & 7; c >>= 3 }
                let s = score(path)
                best = max(best, s)
                if path.indices.contains(where: { allowed($0) && path[$0] == label }) { constrained = max(constrained, s) }
            }
            return (best, constrained)
        }

        func decode(requiring label: Int, at allowed: (Int) -> Bool) -> (path: [Int], shortfall: Float?) {
            var path: [Int] = []
            let shortfall = emission.withUnsafeBufferPointer { e in
                transitions.withUnsafeBufferPointer { tr in
                    incoming.withUnsafeBufferPointer { inc in
                        Viterbi.decode(emission: e, transitions: tr, incoming: inc, end: end, requiring: label, at: allowed, labels: &path)
                    }
                }
            }
            return (path, shortfall)
        }
    }

    @Test("the best labeling with the label at an allowed token, as brute force finds it", arguments: 1...5)
    func againstBruteForce(_ n: Int) {
        for seed in 0..<UInt64(12) {
            let problem = Problem(tokens: n, seed: seed * 7919 + UInt64(n))
            let label = Int(seed % 8)
            // Every token, then the odd ones only.
            for allowed in [{ (_: Int) in true }, { (k: Int) in k % 2 == 1 }] as [(Int) -> Bool] {
                let (path, shortfall) = problem.decode(requiring: label, at: allowed)
                guard (0..<n).contains(where: allowed) else {
                    #expect(shortfall == nil)
                    continue
                }
                let truth = problem.bruteForce(requiring: label, at: allowed)
                #expect(path.count == n)
                #expect(path.indices.contains(where: { allowed($0) && path[$0] == label }), "n \(n) seed \(seed)")
                #expect(abs(problem.score(path) - truth.constrained) < 1e-3, "n \(n) seed \(seed)")
                #expect(abs((shortfall ?? -1) - (truth.best - truth.constrained)) < 1e-3, "n \(n) seed \(seed)")
            }
        }
    }

    @Test func noAllowedTokenGivesNothing() {
        let problem = Problem(tokens: 3, seed: 5)
        #expect(problem.decode(requiring: 3, at: { _ in false }).shortfall == nil)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var quantity: Double
        var unit: String?
        var name: String
        var testDescription: String { line }
    }

    /// Lines of our own that the shipped tagger labels with an amount and no name.
    static let cases: [Case] = [
        Case(line: "6 cloves, peeled", quantity: 6, unit: nil, name: "cloves"),
        Case(line: "3 large, very fresh duck eggs", quantity: 3, unit: nil, name: "fresh duck eggs"),
        Case(line: "3 cups kale finely shredded", quantity: 3, unit: "cup", name: "kale"),
        Case(line: "1 pint 7-Up, cold", quantity: 1, unit: "pint", name: "7-Up"),
        Case(line: "5 tea bags", quantity: 5, unit: nil, name: "tea bags"),
        Case(line: "2 tablespoons, plus 1 teaspoon sesame oil", quantity: 2, unit: "tablespoon", name: "sesame oil"),
    ]

    @Test("a word is named, the amount kept, the confidence low", arguments: cases)
    func named(_ c: Case) {
        let p = parser.parse(c.line)
        #expect(p.quantity == c.quantity)
        #expect(p.unit == c.unit)
        #expect(p.name == c.name)
        // A guess: the smallest margin counts as zero, so the calibrated confidence stays well
        // below that of lines the tagger is sure of (0.9 and up).
        let margin = Array(c.line.utf8).withUnsafeBufferPointer { line in
            parser.analyze(validUTF8: line) { _, evidence in evidence?.minimumMargin }
        }
        #expect(margin == 0)
        #expect(p.confidence < 0.7, "a guess: \(p.confidence)")
    }

    /// A measure keeps its unit (the grams are not named), and a line with no amount keeps no name.
    @Test func measuresAndNotesStay() {
        let extra = parser.parse("50g/2oz, plus extra for dusting")
        #expect(extra.quantity == 50)
        #expect(extra.unit == "gram")
        #expect(extra.name != "g")
        #expect(parser.parse("To rub over the loaf before slicing").name == nil)
        #expect(parser.parse("12 cloves garlic").unit == "clove")
        #expect(parser.parse("12 cloves garlic").name == "garlic")
    }

    /// Tagger scores that read `line` as a name up to its first comma and a note after it,
    /// with a quantity a close second for every number; the labels they give (no quantity);
    /// and the tokens.
    static func scoresReadingNoAmount(_ line: String) -> (emission: [Row], labels: [Int], tokens: [Token]) {
        let toks = tokens(line)
        var afterComma = false
        var emission: [Row] = [], labels: [Int] = []
        for t in toks {
            var row = Row(repeating: -4)
            let label: Label = t.kind == .punctuation ? .punctuation : afterComma ? .comment : .name
            row[label.rawValue] = 6
            if t.kind == .quantity { row[Label.quantity.rawValue] = 5 }
            emission.append(row)
            labels.append(label.rawValue)
            if t.kind == .punctuation, t.mark == 0x2C { afterComma = true }
        }
        return (emission, labels, toks)
    }

    /// `parser.amountANumber` on `line` with tagger scores `emission`.
    static func readAmount(_ line: String, _ tokens: [Token], _ emission: [Row], _ labels: inout [Int]) -> Bool {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { b in
            emission.withUnsafeBufferPointer { parser.amountANumber(tokens, b, emission: $0, labels: &labels) }
        }
    }

    @Test("an amount written after the name is read", arguments: [
        ("Brandy, 2 tablespoons", "2"), ("Duck eggs (large), 4", "4"), ("Walnut oil, 2 teaspoons, plus 1 more for brushing", "2"),
        ("Quail eggs, 12, or 16 if small", "12"),
        // Written last after a spaced dash or a colon, as some sites and other languages do.
        ("Olive oil, plus extra for greasing - 4 tbsp", "4"), ("Soy sauce, or to taste – 2 tsp", "2"),
        ("Zucker: 100 g", "100"), ("Eggs (large), at room temperature - 3", "3"),
    ])
    func amountAfterTheName(_ line: String, _ number: String) {
        let scored = Self.scoresReadingNoAmount(line)
        let tokens = scored.tokens
        var labels = scored.labels
        #expect(IngredientParser.lacksAmount(labels.reduce(0) { $0 | 1 << $1 }))
        let relabeled = Self.readAmount(line, tokens, scored.emission, &labels)
        #expect(relabeled)
        let bytes = Array(line.utf8)
        let quantities = tokens.indices.filter { labels[$0] == Label.quantity.rawValue }
            .map { String(decoding: bytes[tokens[$0].start..<tokens[$0].end], as: UTF8.self) }
        #expect(quantities == [number])
    }

    @Test("numbers in notes stay notes", arguments: [
        "Cook until golden, 6 minutes", "Sesame seeds, toasted for 15 minutes", "Vegetable oil, plus 2 tbsp for frying",
        "Egg wash, made with 1 beaten egg",
        // After a dash or a colon only an amount that ends the line; a hyphen is no dash.
        "Marinated chicken - 12 hours ahead", "Dough: 2 balls, rested", "Sugar-2 tbsp", "Rest the dough - 30 minutes",
    ])
    func numbersInNotes(_ line: String) {
        let scored = Self.scoresReadingNoAmount(line)
        let tokens = scored.tokens
        var labels = scored.labels
        let before = labels
        let relabeled = Self.readAmount(line, tokens, scored.emission, &labels)
        #expect(!relabeled)
        #expect(labels == before)
    }
}
