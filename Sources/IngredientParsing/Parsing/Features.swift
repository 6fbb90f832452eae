import IngredientText
import IngredientLexicon

/// Feature templates of the tagger. A feature is a template and a short byte value; its key
/// is the FNV hash of both, so training, the model file and the parser agree without a
/// shared vocabulary.
package enum Template: UInt8, CaseIterable, Sendable {
    // Context templates: a property of a token, weighted at offsets -2…+2 from the token labeled.
    case word = 1, suffix3, suffix2, prefix3, shape, lexicon, pad
    // Local templates: a property of the labeled token's position, weighted at offset 0 only.
    case last = 23, seenQuantity = 25, dashSeparator, seenOr
    case segmentShape = 40, parenShape, positionShape, lexiconShape, previousShape, segmentPositionShape
    // Word pairs (case-folded): the previous token and this one, this one and the next.
    case bigramPrevious = 60, bigramNext

    /// The template's name in the model file.
    package var name: String {
        switch self {
        case .word: "word"
        case .suffix3: "suffix3"
        case .suffix2: "suffix2"
        case .prefix3: "prefix3"
        case .shape: "shape"
        case .lexicon: "lexicon"
        case .pad: "pad"
        case .last: "last"
        case .seenQuantity: "seenQuantity"
        case .dashSeparator: "dashSeparator"
        case .seenOr: "seenOr"
        case .segmentShape: "segmentShape"
        case .parenShape: "parenShape"
        case .positionShape: "positionShape"
        case .lexiconShape: "lexiconShape"
        case .previousShape: "previousShape"
        case .segmentPositionShape: "segmentPositionShape"
        case .bigramPrevious: "bigramPrevious"
        case .bigramNext: "bigramNext"
        }
    }

    private static let byName: [String: Template] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    init?(name: String) {
        guard let t = Template.byName[name] else { return nil }
        self = t
    }

    private static let byNameHash: [UInt64: Template] =
        Dictionary(uniqueKeysWithValues: allCases.map { (ByteHash.exact(Array($0.name.utf8)), $0) })

    /// The template named by `bytes` (a model file column), without making a String.
    init?(nameBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let t = Template.byNameHash[ByteHash.exact(bytes)], t.name.utf8.count == bytes.count else { return nil }
        self = t
    }

    var isContext: Bool { rawValue < 20 }

    /// Words whose lowercase form alone decides these templates, precombined per word.
    var isLexical: Bool { self == .word || self == .suffix3 || self == .suffix2 || self == .prefix3 }


    @inline(__always)
    package var seed: UInt64 { ByteHash.mixExact(ByteHash.seed, rawValue) }
}

/// Receives a line's features token by token (see `FeatureExtractor.extract`).
///
/// Features from small value sets come as flags and states so that a sink may score them
/// from dense tables; `stateKey` and `flagKey` give the keys they stand for.
protocol FeatureSink {
    /// The local features of the current token's place in the line: yes/no flags (bit `k`
    /// set when `FeatureExtractor.flagTemplates[k]` is present: `last`, `seenOr`, …) and
    /// the states, small numbers each conjoined with the token's coarse class byte
    /// (`FeatureExtractor.stateTemplates`: comma segment 0–3, inside parentheses 0–1,
    /// position 0–5, position in the segment 0–5).
    mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8)
    /// A local conjunction of two coarse class bytes (`previousShape`: the previous token's
    /// and this one's).
    mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8)
    /// Starts token `t`; `wordHash` is the folded hash of its word, or 0 for non-words, and
    /// `vocabularyRow` the word's row in the tagger's vocabulary (-1 when it has none, see
    /// `WordIndex`). Returns whether the features its lowercase form decides (affixes) are wanted.
    mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow: Int32) -> Bool
    /// The `shape` context feature of the current token: its id (`FeatureExtractor.shapeID`)
    /// and its bytes (`FeatureExtractor.shapeBytes`).
    mutating func addShape(_ id: Int, _ shape: SmallBytes)
    /// A context feature of the current token.
    mutating func addContext(_ template: Template, _ key: UInt64)
    /// A local feature of the current token.
    mutating func addLocal(_ key: UInt64)
    /// The word pairs of token `t` (called in token order): `bigramPrevious` of
    /// (`before`, `here`) and `bigramNext` of (`here`, `after`), from folded pair hashes.
    mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64)
    /// Ends the current token.
    mutating func endToken()
}

/// The features of every token of one line, as hashed keys, in flat arrays: token `t`'s
/// context keys are `contextKeys[contextStart[t]..<contextStart[t + 1]]`, likewise local.
package struct LineFeatures: FeatureSink {
    var contextKeys: [UInt64] = []
    var contextTemplates: [Template] = []
    var contextStart: [Int] = [0]
    var localKeys: [UInt64] = []
    var localStart: [Int] = [0]
    /// Per token: the key of its lowercase word (for the precombined vocabulary), or 0.
    var lexicalWord: [UInt64] = []

    package var tokenCount: Int { lexicalWord.count }

    @inline(__always)
    mutating func addContext(_ template: Template, _ key: UInt64) {
        contextTemplates.append(template)
        contextKeys.append(key)
    }

    @inline(__always)
    mutating func addLocal(_ key: UInt64) { localKeys.append(key) }

    mutating func addShape(_ id: Int, _ shape: SmallBytes) {
        addContext(.shape, FeatureExtractor.key(.shape, shape))
    }

    mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8) {
        for (k, template) in FeatureExtractor.flagTemplates.enumerated() where flags & (1 << k) != 0 {
            addLocal(FeatureExtractor.flagKey(template))
        }
        for (template, value) in zip(FeatureExtractor.stateTemplates.map(\.template), [segment, paren, position, segmentPosition]) {
            addLocal(FeatureExtractor.stateKey(template, value, coarse))
        }
    }

    mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64) {
        addLocal(FeatureExtractor.pairKey(.bigramPrevious, before, here))
        addLocal(FeatureExtractor.pairKey(.bigramNext, here, after))
    }

    mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8) {
        addLocal(FeatureExtractor.shapePairKey(template, previous, coarse))
    }

    mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow: Int32) -> Bool {
        let wordKey = wordHash == 0 ? 0 : FeatureExtractor.key(.word, hash: wordHash)
        lexicalWord.append(wordKey)
        if wordKey != 0 { addContext(.word, wordKey) }
        return true
    }

    mutating func endToken() {
        contextStart.append(contextKeys.count)
        localStart.append(localKeys.count)
    }

    package func context(_ t: Int) -> ArraySlice<UInt64> { contextKeys[contextStart[t]..<contextStart[t + 1]] }
    package func local(_ t: Int) -> ArraySlice<UInt64> { localKeys[localStart[t]..<localStart[t + 1]] }
}

/// Computes the tagger's features of a tokenized line.
/// A class, so that the parser's per-line calls share its tables through one reference
/// rather than copying them.
package final class FeatureExtractor: Sendable {
    let lexicon: Lexicon
    /// The lexicon's words and the tagger's vocabulary, for one look-up per word.
    let words: WordIndex
    /// When set (training only), receives the readable name of every feature computed.
    let recorder: FeatureRecorder?
    /// `shapeBytes(id:)` of every shape id.
    let shapes: [SmallBytes] = FeatureExtractor.shapeTable

    /// An extractor over `lexicon`'s tables and a tagger `vocabulary` (none for training),
    /// reporting to `recorder` when one is given.
    package init(lexicon: Lexicon, vocabulary: HashTable<Int32> = HashTable(), recorder: FeatureRecorder? = nil) {
        self.lexicon = lexicon
        self.words = WordIndex(lexicon: lexicon, vocabulary: vocabulary)
        self.recorder = recorder
    }

    /// Lexicon classes of each token, from the word tables (multi-word phrases included), and
    /// each word's vocabulary row (-1 for other tokens and unknown words), in the first
    /// `tokens.count` entries of `classes` and `rows` (entries past them are left from longer
    /// lines); returns the tokens that start phrase-table entries.
    func lexiconClasses(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, into classes: inout [SmallBytes], rows: inout [Int32]) -> PhraseStarts {
        // Only the first `tokens.count` entries are this line's (see `resetPrefix`).
        classes.resetPrefix(count: tokens.count, to: SmallBytes())
        rows.resetPrefix(count: tokens.count, to: -1)
        var starts = PhraseStarts()
        rows.withUnsafeMutableBufferPointer { rows in
            classes.withUnsafeMutableBufferPointer { lex in
                let wordAt = Words(tokens)
                for i in tokens.indices where tokens[i].kind == .word {
                    let t = tokens[i]
                    let entry = words[hash: t.hash]
                    rows[i] = entry.row
                    let bits = entry.bits
                    if bits == 0 { continue }
                    typealias F = Lexicon.FirstWord
                    if bits & F.unit != 0 {
                        if t.stemEnd - t.start <= 3,
                           lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))] != nil {
                            lex[i].append(0x55) // U
                        } else if let m = lexicon.unitAliases.longestMatch(start: i, words: wordAt) {
                            for k in i..<(i + m.words) where lex[k].count < 6 { lex[k].append(0x55) }
                        }
                    }
                    if bits & F.number != 0, let m = lexicon.numbers.longestMatch(start: i, words: wordAt) {
                        for k in i..<(i + m.words) { lex[k].append(0x4E) } // N
                    }
                    if bits & F.size != 0, lexicon.sizes.value(forWordHash: t.hash) != nil { lex[i].append(0x53) } // S
                    if bits & F.preparation != 0, let kind = lexicon.preparation.value(forWordHash: t.hash) {
                        switch kind {
                        case .verb: lex[i].append(0x56) // V
                        case .adverb: lex[i].append(0x41) // A
                        case .connector: lex[i].append(0x4A) // J
                        }
                    }
                    if bits & F.phrase != 0 {
                        starts.insert(i)
                        if let m = lexicon.phrases.longestMatch(start: i, words: wordAt) {
                            let mark: UInt8 = switch m.value.role {
                            case .comment: 0x43 // C
                            case .purpose: 0x50 // P
                            case .optional: 0x4F // O
                            }
                            for k in i..<(i + m.words) where lex[k].count < 7 { lex[k].append(mark) }
                        }
                    }
                }
            }
        }
        return starts
    }

    /// Shape ids (`shapeID`): word shapes are `WordShape` codes (1…`WordShape.largestCode`),
    /// quantities' start at `quantityShapes`, punctuation's at `punctuationShapes` (plus the mark).
    static let quantityShapes = 256, punctuationShapes = 512, shapeCount = 768

    /// The shape of a token as a small number: its kind, case pattern and marks (see `shapeBytes`).
    @inline(__always)
    static func shapeID(_ t: Token, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        switch t.kind {
        case .word:
            if t.wordShape != 0 { return Int(t.wordShape) }
            return Int(WordShape(stem: UnsafeBufferPointer(rebasing: line[t.stemRange]), trailingDot: t.end != t.stemEnd).code)
        case .quantity:
            let form = t.isMultiplier ? 1 : t.isRange ? 2 : t.isProperFraction ? 3 : t.isInteger ? 0 : 4
            return quantityShapes + 2 * form + (t.gluedToNext ? 1 : 0)
        case .punctuation:
            return punctuationShapes + Int(t.mark)
        }
    }

    /// The bytes of a shape as the model file writes them: a word's `WordShape`; for a
    /// quantity `Q`, then `x` multiplier, `r` range, `f` proper fraction or `d` other
    /// non-integer, then `g` when a unit is glued on; for punctuation `P` and the mark.
    static func shapeBytes(id: Int) -> SmallBytes {
        if id < quantityShapes { return WordShape.bytes(code: UInt8(truncatingIfNeeded: id)) }
        var s = SmallBytes()
        if id < punctuationShapes {
            s.append(0x51) // Q
            switch (id - quantityShapes) / 2 {
            case 1: s.append(0x78)
            case 2: s.append(0x72)
            case 3: s.append(0x66)
            case 4: s.append(0x64)
            default: break
            }
            if (id - quantityShapes) % 2 == 1 { s.append(0x67) }
        } else {
            s.append(0x50) // P
            s.append(UInt8(truncatingIfNeeded: id - punctuationShapes))
        }
        return s
    }

    /// `shapeBytes(id:)` of every id below `shapeCount`.
    static let shapeTable: [SmallBytes] = (0..<shapeCount).map { shapeBytes(id: $0) }

    /// A coarse class for conjunctions: quantity, unit word, other word, punctuation.
    @inline(__always)
    static func coarse(_ t: Token, _ lex: SmallBytes) -> UInt8 {
        switch t.kind {
        case .quantity: return 0x51
        case .punctuation: return t.mark
        case .word:
            let first = UInt8(truncatingIfNeeded: lex.storage)
            return lex.count > 0 ? first : 0x77
        }
    }

    @inline(__always)
    static func key(_ template: Template, _ value: SmallBytes) -> UInt64 {
        value.hash(into: template.seed)
    }

    @inline(__always)
    static func key(_ template: Template, _ a: SmallBytes, _ b: SmallBytes) -> UInt64 {
        b.hash(into: ByteHash.mixExact(a.hash(into: template.seed), 0x7C))
    }

    @inline(__always)
    static func key(_ template: Template, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.fold(bytes, into: template.seed)
    }

    /// Stand-ins in word pairs: `^` beyond either end of the line, `#` for any quantity.
    static let boundaryHash = ByteHash.fold(Array("^".utf8))
    static let quantityHash = ByteHash.fold(Array("#".utf8))

    /// The folded hash a token shows in a word pair: its stem's, or `#`'s for any quantity.
    @inline(__always)
    static func pairHash(_ t: Token) -> UInt64 {
        t.kind == .quantity ? quantityHash : t.hash
    }

    /// The key of a word pair from the two tokens' folded hashes.
    @inline(__always)
    static func pairKey(_ template: Template, _ a: UInt64, _ b: UInt64) -> UInt64 {
        ByteHash.combine(ByteHash.combine(template.seed, a), b)
    }

    /// The key of the slot that holds both templates of the word pair (a, b) in the
    /// tagger's pair table.
    @inline(__always)
    static func wordPairKey(_ a: UInt64, _ b: UInt64) -> UInt64 {
        pairKey(.bigramNext, a, b)
    }

    /// The key of a word feature from the word's folded hash.
    @inline(__always)
    static func key(_ template: Template, hash: UInt64) -> UInt64 {
        ByteHash.combine(template.seed, hash)
    }

    /// The key of a feature as the model file writes it (template and value text): the same
    /// key `extract` computes for that feature.
    static func fileKey(_ template: Template, _ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
        switch template {
        case .word:
            return key(.word, hash: ByteHash.fold(value))
        case .bigramPrevious, .bigramNext:
            // "a b": the two tokens, separated by the one byte no token contains.
            guard let space = value.firstIndex(of: 0x20) else { return 0 }
            return pairKey(template, ByteHash.fold(UnsafeBufferPointer(rebasing: value[..<space])),
                           ByteHash.fold(UnsafeBufferPointer(rebasing: value[(space + 1)...])))
        case .suffix3, .suffix2, .prefix3:
            return key(template, bytes: value)
        default:
            return ByteHash.exact(value, into: template.seed)
        }
    }

    /// A token's text for the model file's word pairs.
    static func pairName(_ t: Token?, _ line: UnsafeBufferPointer<UInt8>) -> String {
        guard let t else { return "^" }
        return t.kind == .quantity ? "#" : FeatureRecorder.lower(UnsafeBufferPointer(rebasing: line[t.stemRange]))
    }

    /// The key of a present yes/no feature.
    static func flagKey(_ template: Template) -> UInt64 { key(template, SmallBytes.one) }

    /// The key of a state feature: the digit of `value`, `|`, the coarse class byte.
    static func stateKey(_ template: Template, _ value: Int, _ coarse: UInt8) -> UInt64 {
        key(template, digit(value), SmallBytes.single(coarse))
    }

    /// The key of a shape-pair feature: the two coarse class bytes joined by `|`.
    static func shapePairKey(_ template: Template, _ previous: UInt8, _ coarse: UInt8) -> UInt64 {
        key(template, SmallBytes.single(previous), SmallBytes.single(coarse))
    }

    /// State templates and how many values each has (`addPlace`).
    static let stateTemplates: [(template: Template, values: Int)] = [
        (.segmentShape, 4), (.parenShape, 2), (.positionShape, 6), (.segmentPositionShape, 6),
    ]
    /// Flag templates (`addPlace`), bit `k` for the template at `k`.
    static let flagTemplates: [Template] = [.last, .seenQuantity, .dashSeparator, .seenOr]

    static func digit(_ n: Int) -> SmallBytes {
        var s = SmallBytes()
        s.append(0x30 + UInt8(min(max(n, 0), 9)))
        return s
    }

    /// All features of the line's tokens, as flat arrays (training).
    package func features(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>) -> LineFeatures {
        var f = LineFeatures()
        f.contextKeys.reserveCapacity(tokens.count * 6)
        f.contextTemplates.reserveCapacity(tokens.count * 6)
        f.contextStart.reserveCapacity(tokens.count + 1)
        f.localKeys.reserveCapacity(tokens.count * 14)
        f.localStart.reserveCapacity(tokens.count + 1)
        f.lexicalWord.reserveCapacity(tokens.count)
        var classes: [SmallBytes] = [], rows: [Int32] = []
        extract(tokens, line, classes: &classes, rows: &rows, into: &f)
        return f
    }

    /// Computes every feature of the line's tokens and hands each to `f`, token by token;
    /// returns the tokens that start phrase-table entries (see `lexiconClasses`).
    @inline(__always) @discardableResult
    func extract<Sink: FeatureSink>(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, classes lex: inout [SmallBytes],
                                    rows: inout [Int32], into f: inout Sink) -> PhraseStarts {
        let starts = lexiconClasses(tokens, line, into: &lex, rows: &rows)

        var depth = 0, commas = 0, seenQuantity = false, dash = false, seenOr = false
        var segmentStart = 0 // index of the first token of the current comma segment
        var previousCoarse: UInt8 = 0 // the coarse class of the token before
        let shapes = self.shapes, recorder = self.recorder
        // Word-pair hashes move along the line: this token's is the next one's `before`.
        var before = Self.boundaryHash
        var here = tokens.isEmpty ? Self.boundaryHash : Self.pairHash(tokens[0])
        for (i, t) in tokens.enumerated() {
            let lexI = lex[i]
            let needsAffixes = f.beginToken(i, wordHash: t.kind == .word ? t.hash : 0, vocabularyRow: rows[i])
            let shapeID = Self.shapeID(t, line)
            let shape = shapes[shapeID]
            f.addShape(shapeID, shape)
            if lexI.count > 0 { f.addContext(.lexicon, Self.key(.lexicon, lexI)) }
            if let recorder { Self.recordContext(recorder, shape: shape, lexicon: lexI) }
            if t.kind == .word, needsAffixes || recorder != nil {
                let stem = UnsafeBufferPointer(rebasing: line[t.stemRange])
                if needsAffixes, let (s3, s2, p3) = Self.affixes(stem) {
                    if let s3 { f.addContext(.suffix3, Self.key(.suffix3, bytes: s3)) }
                    f.addContext(.suffix2, Self.key(.suffix2, bytes: s2))
                    if let p3 { f.addContext(.prefix3, Self.key(.prefix3, bytes: p3)) }
                }
                if let recorder { Self.recordWord(recorder, wordKey: Self.key(.word, hash: t.hash), stem: stem) }
            }

            // Local features.
            if t.kind == .punctuation {
                if t.mark == 0x28 || t.mark == 0x5B { depth += 1 }
            }
            let coarseByte = Self.coarse(t, lexI)
            let inParen = depth > 0
            if i > 0 { f.addShapePair(.previousShape, previousCoarse, coarseByte) }
            previousCoarse = coarseByte
            // Bits in `flagTemplates` order.
            let flags = (i == tokens.count - 1 ? 1 : 0) | (seenQuantity ? 2 : 0) | (dash ? 4 : 0) | (seenOr ? 8 : 0)
            f.addPlace(flags: flags, segment: min(commas, 3), paren: inParen ? 1 : 0, position: min(i, 5),
                       segmentPosition: min(i - segmentStart, 5), coarse: coarseByte)
            if lexI.count > 0 { f.addLocal(Self.key(.lexiconShape, lexI, shape)) }
            let after = i + 1 < tokens.count ? Self.pairHash(tokens[i + 1]) : Self.boundaryHash
            f.addWordPairs(i, before: before, here: here, after: after)
            if let recorder { Self.recordWordPairs(recorder, tokens, line, i, before: before, here: here, after: after) }
            before = here
            here = after
            f.endToken()
            if let recorder {
                Self.recordLocal(recorder, tokens, lex, i, coarse: SmallBytes.single(coarseByte), seg: Self.digit(min(commas, 3)),
                                 pos: Self.digit(min(i, 5)), inParen: inParen, segmentPosition: min(i - segmentStart, 5), shape: shape)
            }

            if t.kind == .punctuation {
                if (t.mark == 0x29 || t.mark == 0x5D), depth > 0 { depth -= 1 }
                if t.mark == 0x2C || t.mark == 0x3B, depth == 0 {
                    commas += 1
                    segmentStart = i + 1
                }
                if t.mark == 0x2D, i > 0, tokens[i - 1].end < t.start, i + 1 < tokens.count, tokens[i + 1].start > t.end { dash = true }
            }
            if t.kind == .quantity { seenQuantity = true }
            if t.kind == .word, t.end - t.start == 2, (line[t.start] | 0x20) == 0x6F, (line[t.start + 1] | 0x20) == 0x72 { seenOr = true }
        }
        return starts
    }

    // MARK: - Readable names of features (training only), kept out of the hot loop

    @inline(never)
    static func recordContext(_ recorder: FeatureRecorder, shape: SmallBytes, lexicon: SmallBytes) {
        recorder.note(key(.shape, shape), .shape, shape.string)
        if lexicon.count > 0 { recorder.note(key(.lexicon, lexicon), .lexicon, lexicon.string) }
    }

    @inline(never)
    static func recordWord(_ recorder: FeatureRecorder, wordKey: UInt64, stem: UnsafeBufferPointer<UInt8>) {
        recorder.note(wordKey, .word, FeatureRecorder.lower(stem))
        if let (s3, s2, p3) = affixes(stem) {
            if let s3 { recorder.note(key(.suffix3, bytes: s3), .suffix3, FeatureRecorder.lower(s3)) }
            recorder.note(key(.suffix2, bytes: s2), .suffix2, FeatureRecorder.lower(s2))
            if let p3 { recorder.note(key(.prefix3, bytes: p3), .prefix3, FeatureRecorder.lower(p3)) }
        }
    }

    @inline(never)
    static func recordWordPairs(_ recorder: FeatureRecorder, _ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, _ i: Int,
                                before: UInt64, here: UInt64, after: UInt64) {
        let t = tokens[i]
        let a = pairName(i > 0 ? tokens[i - 1] : nil, line), b = pairName(t, line)
        let c = pairName(i + 1 < tokens.count ? tokens[i + 1] : nil, line)
        recorder.note(pairKey(.bigramPrevious, before, here), .bigramPrevious, a + " " + b)
        recorder.note(pairKey(.bigramNext, here, after), .bigramNext, b + " " + c)
    }

    @inline(never)
    static func recordLocal(_ recorder: FeatureRecorder, _ tokens: [Token], _ lex: [SmallBytes], _ i: Int, coarse: SmallBytes,
                            seg: SmallBytes, pos: SmallBytes, inParen: Bool, segmentPosition: Int, shape: SmallBytes) {
        recorder.note(key(.last, SmallBytes.one), .last, "1")
        if i > 0 {
            let p = tokens[i - 1]
            let ps = p.kind == .quantity ? SmallBytes.quantity : SmallBytes.single(Self.coarse(p, lex[i - 1]))
            recorder.note(key(.previousShape, ps, coarse), .previousShape, ps.string + "|" + coarse.string)
        }
        recorder.note(key(.seenQuantity, SmallBytes.one), .seenQuantity, "1")
        recorder.note(key(.dashSeparator, SmallBytes.one), .dashSeparator, "1")
        recorder.note(key(.seenOr, SmallBytes.one), .seenOr, "1")
        recorder.note(key(.segmentShape, seg, coarse), .segmentShape, seg.string + "|" + coarse.string)
        recorder.note(key(.parenShape, inParen ? SmallBytes.one : SmallBytes.zero, coarse), .parenShape, (inParen ? "1" : "0") + "|" + coarse.string)
        recorder.note(key(.positionShape, pos, coarse), .positionShape, pos.string + "|" + coarse.string)
        let segPos = digit(segmentPosition)
        recorder.note(key(.segmentPositionShape, segPos, coarse), .segmentPositionShape, segPos.string + "|" + coarse.string)
        if lex[i].count > 0 { recorder.note(key(.lexiconShape, lex[i], shape), .lexiconShape, lex[i].string + "|" + shape.string) }
    }

    /// Suffixes of 3 and 2 characters and a prefix of 3, on whole UTF-8 scalars.
    @inline(__always)
    static func affixes(_ w: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?)? {
        guard w.count >= 3 else { return nil }
        // Start offsets of the last three scalars.
        var s1 = -1, s2 = -1, s3 = -1
        var i = w.count
        while i > 0, s3 < 0 {
            i -= 1
            if w[i] & 0xC0 != 0x80 {
                if s1 < 0 { s1 = i } else if s2 < 0 { s2 = i } else { s3 = i }
            }
        }
        guard s2 >= 0 else { return nil }
        let suffix2 = UnsafeBufferPointer(rebasing: w[s2...])
        let suffix3 = s3 >= 0 && w.count >= 4 ? UnsafeBufferPointer(rebasing: w[s3...]) : nil
        var p3: UnsafeBufferPointer<UInt8>? = nil
        if w.count >= 5 {
            var j = 0, scalars = 0
            while j < w.count, scalars < 3 {
                j += 1
                while j < w.count, w[j] & 0xC0 == 0x80 { j += 1 }
                scalars += 1
            }
            p3 = UnsafeBufferPointer(rebasing: w[..<j])
        }
        return (suffix3, suffix2, p3)
    }
}

extension SmallBytes {
    static let one = single(0x31), zero = single(0x30), quantity = single(0x51)

    @inline(__always)
    static func single(_ b: UInt8) -> SmallBytes {
        var s = SmallBytes()
        s.append(b)
        return s
    }
}

/// Collects readable names of features while training, for the model file.
package final class FeatureRecorder: @unchecked Sendable { // used by one training thread only
    package private(set) var names: [UInt64: (Template, String)] = [:]

    /// A recorder with no names yet.
    package init() {}

    package func note(_ key: UInt64, _ template: Template, _ value: String) {
        if names[key] == nil { names[key] = (template, value) }
    }

    static func lower(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
