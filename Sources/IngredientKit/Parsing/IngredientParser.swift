/// Parses ingredient lines: `1 ½ cups finely chopped red onions, divided` into quantity 1.5,
/// unit `cup`, name `red onions`, preparation `finely chopped`, comment `divided`.
///
/// A parser is a value; it holds only immutable tables, so one instance can be shared by
/// any number of threads. Output depends only on the input line and the tables.
///
/// ```swift
/// let parser = IngredientParser()
/// let line = parser.parse("2 (14 oz) cans chickpeas, drained")
/// line.quantity    // 2
/// line.unit        // "can"
/// line.alternates  // [14 ounce]
/// ```
public struct IngredientParser: Sendable {
    /// The word tables in use.
    public let lexicon: Lexicon
    let model: TaggerModel

    /// A parser over `lexicon` (by default the built-in tables).
    public init(lexicon: Lexicon = .builtIn) {
        self.init(lexicon: lexicon, model: .builtIn)
    }

    init(lexicon: Lexicon, model: TaggerModel) {
        self.lexicon = lexicon
        self.model = model
    }

    /// Parses one line.
    public func parse(_ line: String) -> ParsedIngredient {
        var copy = line
        return copy.withUTF8 { parse(validUTF8: $0, input: line) }
    }

    /// Parses one line given as bytes; ill-formed UTF-8 is repaired with U+FFFD first.
    public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ParsedIngredient {
        if UTF8Repair.isValid(bytes) {
            return parse(validUTF8: bytes, input: nil)
        }
        return parse(UTF8Repair.string(bytes))
    }

    /// The tokens, labels and confidence evidence of a line, for training and evaluation.
    struct Analysis {
        var tokens: [Token]
        var labels: [Int]
        var result: ParsedIngredient
        var evidence: Confidence.Evidence?
    }

    func parse(validUTF8 line: UnsafeBufferPointer<UInt8>, input: String?) -> ParsedIngredient {
        analyze(validUTF8: line, input: input).result
    }

    func analyze(validUTF8 line: UnsafeBufferPointer<UInt8>, input: String?) -> Analysis {
        let inputText = input ?? String(decoding: line, as: UTF8.self)
        let tokens = Tokenizer.tokenize(line)
        if tokens.isEmpty {
            return Analysis(tokens: [], labels: [], result: ParsedIngredient(input: inputText, kind: .empty))
        }
        if let title = HeaderDetection.title(tokens, line, lexicon: lexicon) {
            var result = ParsedIngredient(input: inputText, kind: .header)
            result.section = title
            return Analysis(tokens: tokens, labels: [], result: result)
        }
        let extractor = FeatureExtractor(lexicon: lexicon)
        let features = extractor.features(tokens, line)
        var emission: [SIMD8<Float>] = []
        let unknownWords = model.emission(features, into: &emission)
        var labels: [Int] = []
        var margins: [Float] = []
        emission.withUnsafeBytes { raw in
            let e = raw.bindMemory(to: Float.self)
            model.transitions.withUnsafeBufferPointer { tr in
                model.end.withUnsafeBufferPointer { en in
                    Viterbi.decode(emission: e, count: tokens.count, transitions: tr, end: en, labels: &labels, margins: &margins)
                }
            }
        }
        var result = ParsedIngredient(input: inputText, kind: .ingredient)
        let assembler = LineAssembler(lexicon: lexicon, tokens: tokens, labels: labels, line: line)
        let doubts = assembler.assemble(into: &result)

        var words = 0
        for t in tokens where t.kind == .word { words += 1 }
        let evidence = Confidence.Evidence(
            minimumMargin: Double(margins.min() ?? 0),
            meanMargin: Double(margins.reduce(0, +)) / Double(max(1, margins.count)),
            hasQuantity: result.amount?.quantity != nil,
            unknownUnit: doubts.unknownUnit || doubts.quantityWordUnread,
            hasName: result.name != nil,
            unknownWordShare: Double(unknownWords) / Double(max(1, words)),
            tokenCount: tokens.count
        )
        result.key = CanonicalKeyer(lexicon: lexicon).key(for: result)
        result.confidence = (Confidence.score(evidence, coefficients: model.calibration) * 1000).rounded() / 1000
        return Analysis(tokens: tokens, labels: labels, result: result, evidence: evidence)
    }
}
