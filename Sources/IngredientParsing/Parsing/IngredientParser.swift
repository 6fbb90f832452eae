import IngredientText
import IngredientLexicon
import IngredientTagger

/// Parses ingredient lines: `1 ½ cups finely chopped red onions, divided` into quantity 1.5,
/// unit `cup`, name `red onions`, preparation `finely chopped`, comment `divided`.
///
/// A parser is a value; it holds immutable tables (and, shared by its copies, working memory
/// that calls borrow in turn), so one instance can be shared by any number of threads.
/// Output depends only on the input line and the tables.
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
    /// The model's calibration made ready for the cheaper confidence (nil where its
    /// `Confidence.fastMargin` is 0: every line takes `Confidence.score`).
    let fastConfidence: Confidence.Fast?
    /// The units table's ids as bytes, which the JSON line copies.
    let unitIDs: UnitIDBytes
    /// Working memory for `parse(_:)` and `parse(utf8:)`, shared by the parser's copies.
    let workspaces = WorkspacePool()
    /// The decoder's code for this processor, read once (`VectorKernel.fastest`; the scorer's
    /// kernel checks the processor itself).
    let kernel = VectorKernel.fastest

    /// A parser over `lexicon` (by default the built-in tables).
    public init(lexicon: Lexicon = .builtIn) {
        self.init(lexicon: lexicon, model: .builtIn)
    }

    /// A parser with tagger weights read from a model file's text (see `ingest dev train parser`);
    /// for evaluating a retrained model before compiling it in.
    package init(lexicon: Lexicon, modelText: String) throws {
        self.init(lexicon: lexicon, model: try TaggerModel(text: modelText))
    }

    package init(lexicon: Lexicon, model: TaggerModel) {
        self.tables = LexiconReference(lexicon)
        self.model = model
        self.fastConfidence = Confidence.Fast(coefficients: model.calibration)
        self.unitIDs = UnitIDBytes(lexicon.units)
        self.extractor = FeatureExtractor(lexicon: lexicon, vocabulary: model.vocabularyRows)
    }

    /// Parses one line. Safe to call from any number of threads at once; each call borrows
    /// working memory that the parser keeps between calls (a `Session` keeps its own).
    public func parse(_ line: String) -> ParsedIngredient {
        workspaces.withWorkspace { parse(line, workspace: $0) }
    }

    /// Parses one line given as bytes; ill-formed UTF-8 is repaired with U+FFFD first.
    public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ParsedIngredient {
        workspaces.withWorkspace { parse(utf8: bytes, workspace: $0) }
    }

    /// Parses one line in `workspace`.
    func parse(_ line: String, workspace: Workspace) -> ParsedIngredient {
        var copy = line
        return copy.withUTF8 { bytes in
            analyze(validUTF8: bytes, workspace: workspace) { view, _ in view.parsedIngredient(input: line) }
        }
    }

    /// Parses one line given as bytes in `workspace`; ill-formed UTF-8 is repaired first.
    func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, workspace: Workspace) -> ParsedIngredient {
        guard UTF8Repair.isValid(bytes) else { return parse(UTF8Repair.string(bytes), workspace: workspace) }
        return analyze(validUTF8: bytes, workspace: workspace) { view, _ in
            view.parsedIngredient(input: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A session for parsing many lines on one thread: it reuses its working memory from
    /// line to line, which makes batch parsing faster. Results equal `parse(_:)`'s.
    public func makeSession() -> Session { Session(parser: self) }

    /// Runs `body` with a session over working memory borrowed from the parser's pool (the one
    /// `parse(_:)` borrows from), so that a thread pool's work items keep their buffers and
    /// name-key cache warm from item to item without owning a session each. The session must
    /// not outlive `body`.
    package func withSession<Result>(_ body: (Session) -> Result) -> Result {
        workspaces.withWorkspace { body(Session(parser: self, workspace: $0)) }
    }

    /// Parses lines one after another, reusing working memory. Not for sharing between
    /// threads: make one session per thread.
    public final class Session {
        /// The parser this session runs.
        public let parser: IngredientParser
        let workspace: Workspace

        init(parser: IngredientParser, workspace: Workspace = Workspace()) {
            self.parser = parser
            self.workspace = workspace
        }

        /// Parses one line.
        public func parse(_ line: String) -> ParsedIngredient {
            parser.parse(line, workspace: workspace)
        }

        /// Parses one line given as bytes; ill-formed UTF-8 is repaired with U+FFFD first.
        public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ParsedIngredient {
            parser.parse(utf8: bytes, workspace: workspace)
        }

        /// Parses one line and hands its assembled view, valid only during the call, to `body`:
        /// what `parse(_:)` returns before any of its Strings is made, for callers in the package
        /// that keep only part of it (the shopping list's source records).
        package func withView<Result>(_ line: String, _ body: (LineView) -> Result) -> Result {
            var copy = line
            return copy.withUTF8 { bytes in
                parser.analyze(validUTF8: bytes, workspace: workspace) { view, _ in body(view) }
            }
        }

        /// Parses one line given as bytes and appends its `ingest parse` JSON object (and a
        /// newline) to `out`: the same object as `JSONLine.append(parse(utf8:), to:)`, written
        /// straight from the line's bytes without making Strings.
        public func appendJSON(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
            guard UTF8Repair.isValid(bytes) else {
                JSONLine.append(parse(utf8: bytes), to: &out)
                return
            }
            parser.analyze(validUTF8: bytes, workspace: workspace, keyAsBytes: true) { view, _ in JSONLine.append(view, to: &out) }
        }
    }

    /// Working memory reused between the lines of a session.
    /// Used by one session on one thread only, so its buffers skip dynamic exclusivity checks.
    package final class Workspace {
        @exclusivity(unchecked) var tokens: [Token] = []
        @exclusivity(unchecked) var labels: [Int] = []
        @exclusivity(unchecked) var spans = PlainList<Span>()
        @exclusivity(unchecked) var amounts = PlainList<LineAmount>()
        @exclusivity(unchecked) var keyCache = NameKeyCache()
        @exclusivity(unchecked) var scratch = LineScratch()
        /// The composed text of the line being analyzed when it was written decomposed (see
        /// `LineComposition`); its storage stays put until the next such line.
        @exclusivity(unchecked) var composed = PlainList<UInt8>()

        deinit {
            composed.deallocate()
            scratch.deallocate()
            spans.deallocate()
            amounts.deallocate()
        }
    }

    /// Analyzes a line and hands its assembled view (valid only during the call) and the
    /// confidence evidence (nil for headers and empty lines) to `body`. With `forcedLabels`
    /// (evaluation only), the labels it returns for the line's tokens replace the tagger's
    /// (when it returns one label a token), so that the rules after the tagger can be scored
    /// on labels written by hand. With `keyAsBytes` (for `JSONLine`), the view may hold its key as
    /// bytes (`LineView.hasKeyBytes`) rather than as `key`.
    /// A line with a combining mark is read composed (`LineComposition`): the view's `line` is
    /// then the composed text and `given` the line as given.
    @inline(__always)
    package func analyze<Result>(validUTF8 line: UnsafeBufferPointer<UInt8>, workspace w: Workspace = Workspace(),
                         forcedLabels: (([Token], UnsafeBufferPointer<UInt8>) -> [Int]?)? = nil, keyAsBytes: Bool = false,
                         _ body: (LineView, Confidence.Evidence?) -> Result) -> Result {
        // A line with a combining mark is tokenized composed, its text then in `w.composed`
        // (rare: the tokenizer composes out of the common path, which stays as small as the
        // optimizer needs it to inline the analysis into its callers).
        let notes = withUnsafeMutablePointer(to: &w.composed) { composed in
            Tokenizer.tokenizeNoting(line, into: &w.tokens, composingInto: composed)
        }
        NumberWordReading.apply(&w.tokens, notes.text, lexicon: tables.lexicon, joinable: notes.joinable)
        return analyze(tokenized: notes.text, given: line, lineIsPlain: notes.plain, workspace: w,
                       forcedLabels: forcedLabels, keyAsBytes: keyAsBytes, body)
    }

    /// `analyze` of the text whose tokens the workspace holds: the line as `given`, or its
    /// composed form.
    @inline(__always)
    private func analyze<Result>(tokenized line: UnsafeBufferPointer<UInt8>, given: UnsafeBufferPointer<UInt8>, lineIsPlain: Bool,
                                 workspace w: Workspace,
                                 forcedLabels: (([Token], UnsafeBufferPointer<UInt8>) -> [Int]?)?,
                                 keyAsBytes: Bool, _ body: (LineView, Confidence.Evidence?) -> Result) -> Result {
        // The tokens leave the workspace for the call and go back after it (read through a
        // copy, their buffer was retained and released for every line).
        var tokens: [Token] = []
        swap(&tokens, &w.tokens)
        let result = analyze(tokens: tokens, validUTF8: line, lineIsPlain: lineIsPlain, given: given, workspace: w,
                             forcedLabels: forcedLabels, keyAsBytes: keyAsBytes, body)
        swap(&tokens, &w.tokens)
        return result
    }

    /// `analyze(validUTF8:…)` over the line's tokens (taken out of the workspace). Inlined into
    /// its caller as the optimizer chose to before it grew (a call cost about 130 instructions
    /// a line more).
    @inline(__always)
    private func analyze<Result>(tokens: [Token], validUTF8 line: UnsafeBufferPointer<UInt8>, lineIsPlain: Bool,
                                 given: UnsafeBufferPointer<UInt8>, workspace w: Workspace, forcedLabels: (([Token], UnsafeBufferPointer<UInt8>) -> [Int]?)?,
                                 keyAsBytes: Bool, _ body: (LineView, Confidence.Evidence?) -> Result) -> Result {
        if tokens.isEmpty {
            return body(LineView(line: line, kind: .empty, confidence: 1, given: given), nil)
        }
        // A header has no quantity (`HeaderDetection.title` looks), so most lines, which open
        // with one, skip the call.
        if tokens[0].kind != .quantity, let title = HeaderDetection.title(tokens, line, tables: tables) {
            var view = LineView(line: line, kind: .header, confidence: 1, given: given)
            view.section = title
            return body(view, nil)
        }
        let n = tokens.count
        // The line's buffers come from the workspace's scratch, reused from line to line.
        let room = w.scratch.room(tokens: n)
        room.padded.initialize(repeating: SIMD8<Float>())
        var scorer = TaggerModel.Scorer(model: model, padded: room.padded)
        let phraseStarts = extractor.extract(tokens, line, classes: room.classes, rows: room.rows, work: room.work, into: &scorer)
        // The labels are the first `n` of the workspace's array, which only grows (resizing it
        // to each line cost a uniqueness check per step).
        if w.labels.count < n { w.labels.append(contentsOf: repeatElement(0, count: n - w.labels.count)) }
        var margins = w.labels.withUnsafeMutableBufferPointer { path in
            model.transitionRows.withUnsafeBufferPointer { tr in
                model.incomingRows.withUnsafeBufferPointer { inc in
                    Viterbi.decode(emission: scorer.emission, transitions: tr, incoming: inc, end: model.endRow, path: path.baseAddress!,
                                   kernel: kernel, scratch: room.scores)
                }
            }
        }
        // A line the tagger gives an amount and no name, or a name and no amount while it
        // writes one after the name, is labeled again (rare: most lines take neither call).
        if Self.lacksName(margins.labelSet) ? nameAWord(tokens, line, emission: scorer.emission, labels: &w.labels)
            : Self.lacksAmount(margins.labelSet) && amountANumber(tokens, line, emission: scorer.emission, labels: &w.labels) {
            // The line's smallest margin counts as zero: its confidence says the parser guessed.
            margins.minimum = 0
        }
        let words = scorer.words, unknownWords = scorer.unknownWords
        if let forcedLabels, let forced = forcedLabels(tokens, line), forced.count == n { w.labels = forced }
        // The view reads the units table through a pointer (valid for this call, as the view is).
        return tables.lexicon.units.withUnsafeBufferPointer { units in
            var view = LineView(line: line, kind: .ingredient, units: units, confidence: 0, given: given)
            view.lineIsPlain = lineIsPlain
            view.unitIDs = unitIDs.rows
            // The assembly works in the workspace's buffers (labels, spans) and the view takes
            // its amounts and spans from them and hands them back at the end, so no line
            // allocates them anew (and no assembler value is made and dropped per line).
            swap(&view.amounts, &w.amounts)
            let doubts = LineAssembler.assemble(tables: tables, tokens: tokens, labels: &w.labels, spans: &w.spans, line: line,
                                                phraseStarts: phraseStarts, into: &view)
            swap(&view.spans, &w.spans)

            let evidence = Confidence.Evidence(
                minimumMargin: Double(margins.minimum == .infinity ? 0 : margins.minimum),
                meanMargin: Double(margins.sum) / Double(n),
                hasQuantity: view.amounts.first?.quantity != nil,
                unknownUnit: doubts.unknownUnit || doubts.quantityWordUnread,
                hasName: view.has(.name),
                unknownWordShare: Double(unknownWords) / Double(max(1, words)),
                tokenCount: tokens.count
            )
            // Most lines' thousandths without libm's logarithms (the same result: see
            // `Confidence.fastMargin`); the rest through the model's own formula.
            let fast = fastConfidence?.table.thousandths(evidence)
            if let k = fast ?? Confidence.thousandths(Confidence.score(evidence, coefficients: model.calibration)) {
                view.confidence = Double(k) / 1000 // as `roundedToThousandths`
                view.confidenceThousandths = k
            } else {
                view.confidence = Confidence.roundedToThousandths(Confidence.score(evidence, coefficients: model.calibration))
            }
            if let q = view.amounts.first?.quantityMax, q >= Confidence.absurdQuantity,
               view.confidence > Confidence.absurdQuantityConfidence {
                view.confidence = Confidence.absurdQuantityConfidence
                view.confidenceThousandths = Confidence.absurdQuantityThousandths
            }
            if keyAsBytes {
                LineView.setNameKey(of: &view, tables.lexicon.keyTables, cache: &w.keyCache)
            } else {
                let key = LineView.nameKey(spans: view.spans, line: line, tables.lexicon.keyTables, cache: &w.keyCache)
                // The view's key is still nil here (only this line sets it), so the key is stored
                // without destroying the old value: an assignment destroyed that nil through the
                // generic value witnesses of `String?` (about 80 instructions a line).
                precondition(view.key == nil)
                withUnsafeMutablePointer(to: &view.key) { $0.initialize(to: key) }
            }
            let result = body(view, evidence)
            swap(&view.spans, &w.spans) // keep the capacity for the next line
            swap(&view.amounts, &w.amounts)
            return result
        }
    }
}

/// A lexicon behind a reference: cheap to share between the per-line helpers.
final class LexiconReference: Sendable {
    let lexicon: Lexicon
    init(_ lexicon: Lexicon) { self.lexicon = lexicon }
}
