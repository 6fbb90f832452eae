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
    public var lexicon: Lexicon { tables.lexicon }
    let model: TaggerModel
    /// The lexicon behind one reference, so that per-line helpers share it without copying
    /// (and retaining) each of its tables.
    let tables: LexiconReference
    let extractor: FeatureExtractor

    /// A parser over `lexicon` (by default the built-in tables).
    public init(lexicon: Lexicon = .builtIn) {
        self.init(lexicon: lexicon, model: .builtIn)
    }

    /// A parser with tagger weights read from a model file's text (see `ingest train-parser`);
    /// for evaluating a retrained model before compiling it in.
    package init(lexicon: Lexicon, modelText: String) throws {
        self.init(lexicon: lexicon, model: try TaggerModel(text: modelText))
    }

    init(lexicon: Lexicon, model: TaggerModel) {
        self.tables = LexiconReference(lexicon)
        self.model = model
        self.extractor = FeatureExtractor(lexicon: lexicon)
    }

    /// Parses one line.
    public func parse(_ line: String) -> ParsedIngredient {
        makeSession().parse(line)
    }

    /// Parses one line given as bytes; ill-formed UTF-8 is repaired with U+FFFD first.
    public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ParsedIngredient {
        makeSession().parse(utf8: bytes)
    }

    /// A session for parsing many lines on one thread: it reuses its working memory from
    /// line to line, which makes batch parsing faster. Results equal `parse(_:)`'s.
    public func makeSession() -> Session { Session(parser: self) }

    /// Parses lines one after another, reusing working memory. Not for sharing between
    /// threads: make one session per thread.
    public final class Session {
        /// The parser this session runs.
        public let parser: IngredientParser
        let workspace = Workspace()

        init(parser: IngredientParser) { self.parser = parser }

        /// Parses one line.
        public func parse(_ line: String) -> ParsedIngredient {
            var copy = line
            return copy.withUTF8 { parser.analyze(validUTF8: $0, input: line, workspace: workspace).result }
        }

        /// Parses one line given as bytes; ill-formed UTF-8 is repaired with U+FFFD first.
        public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ParsedIngredient {
            if UTF8Repair.isValid(bytes) {
                return parser.analyze(validUTF8: bytes, input: nil, workspace: workspace).result
            }
            return parse(UTF8Repair.string(bytes))
        }
    }

    /// Working memory reused between the lines of a session.
    final class Workspace {
        var raw: [Token] = []
        var tokens: [Token] = []
        var classes: [SmallBytes] = []
        var labels: [Int] = []
        var margins: [Float] = []
    }

    /// A parse and its confidence evidence, for training and evaluation.
    struct Analysis {
        var result: ParsedIngredient
        var evidence: Confidence.Evidence?
    }

    func analyze(validUTF8 line: UnsafeBufferPointer<UInt8>, input: String?, workspace w: Workspace = Workspace()) -> Analysis {
        let inputText = input ?? String(decoding: line, as: UTF8.self)
        Tokenizer.tokenize(line, scratch: &w.raw, into: &w.tokens)
        let tokens = w.tokens
        if tokens.isEmpty {
            return Analysis(result: ParsedIngredient(input: inputText, kind: .empty))
        }
        if let title = HeaderDetection.title(tokens, line, lexicon: tables.lexicon) {
            var result = ParsedIngredient(input: inputText, kind: .header)
            result.section = title
            return Analysis(result: result)
        }
        let n = tokens.count
        let unknownWords = withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: n) { emission in
            emission.initialize(repeating: SIMD8<Float>())
            var scorer = TaggerModel.Scorer(model: model, emission: emission)
            extractor.extract(tokens, line, classes: &w.classes, into: &scorer)
            model.transitionRows.withUnsafeBufferPointer { tr in
                model.incomingRows.withUnsafeBufferPointer { inc in
                    Viterbi.decode(emission: UnsafeBufferPointer(emission), transitions: tr, incoming: inc, end: model.endRow,
                                   labels: &w.labels, margins: &w.margins)
                }
            }
            return scorer.unknownWords
        }
        var result = ParsedIngredient(input: inputText, kind: .ingredient)
        var assembler = LineAssembler(tables: tables, tokens: tokens, labels: w.labels, line: line)
        let doubts = assembler.assemble(into: &result)

        var words = 0
        for t in tokens where t.kind == .word { words += 1 }
        let evidence = Confidence.Evidence(
            minimumMargin: Double(w.margins.min() ?? 0),
            meanMargin: Double(w.margins.reduce(0, +)) / Double(max(1, w.margins.count)),
            hasQuantity: result.amount?.quantity != nil,
            unknownUnit: doubts.unknownUnit || doubts.quantityWordUnread,
            hasName: result.name != nil,
            unknownWordShare: Double(unknownWords) / Double(max(1, words)),
            tokenCount: tokens.count
        )
        result.confidence = (Confidence.score(evidence, coefficients: model.calibration) * 1000).rounded() / 1000
        return Analysis(result: result, evidence: evidence)
    }
}

/// A lexicon behind a reference: cheap to share between the per-line helpers.
final class LexiconReference: Sendable {
    let lexicon: Lexicon
    init(_ lexicon: Lexicon) { self.lexicon = lexicon }
}
