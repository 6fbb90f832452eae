import IngredientText
import IngredientLexicon
import IngredientTagger

/// Computes the tagger's features of a tokenized line.
/// A class, so that the parser's per-line calls share its tables through one reference
/// rather than copying them.
package final class FeatureExtractor: Sendable {
    let lexicon: Lexicon
    /// The lexicon's words and the tagger's vocabulary, for one look-up per word.
    let words: WordIndex
    /// When set (training only), receives the readable name of every feature computed.
    let recorder: FeatureRecorder?
    /// Word clusters learned from unlabeled text (the `cluster` template).
    let clusters: WordClusters
    /// `FeatureKeys.shapeBytes(id:)` of every shape id.
    let shapes: [SmallBytes] = FeatureKeys.shapeTable
    /// The `Lexicon.FirstWord` bits, read once (their getters are calls into the lexicon's
    /// module, which a line would otherwise make four of).
    let unitBit = Lexicon.FirstWord.unit, numberBit = Lexicon.FirstWord.number, sizeBit = Lexicon.FirstWord.size
    let phraseBit = Lexicon.FirstWord.phrase

    /// An extractor over `lexicon`'s tables and a tagger `vocabulary` (none for training),
    /// reporting to `recorder` when one is given.
    package init(lexicon: Lexicon, vocabulary: HashTable<Int32> = HashTable(), clusters: WordClusters = .builtIn,
                 recorder: FeatureRecorder? = nil) {
        self.lexicon = lexicon
        self.clusters = clusters
        self.words = WordIndex(lexicon: lexicon, vocabulary: vocabulary)
        self.recorder = recorder
    }

    /// Lexicon classes of each token, from the word tables (multi-word phrases included), and
    /// each word's vocabulary row (-1 for other tokens and unknown words), written to the first
    /// `tokens.count` entries of `lex` and `rows` (memory that may be uninitialized, such as a
    /// temporary allocation: no array to keep unique and no reference to count); returns the
    /// tokens that start phrase-table entries.
    func lexiconClasses(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, into lex: UnsafeMutableBufferPointer<SmallBytes>,
                        rows: UnsafeMutableBufferPointer<Int32>) -> PhraseStarts {
        var lastComma = -1
        return lexiconClasses(tokens, line, into: lex, rows: rows, lastComma: &lastComma)
    }

    /// `lexiconClasses(_:_:into:rows:)`, also setting `lastComma` to the index of the line's
    /// last comma or semicolon (-1 for none), which the loop over the tokens sees on its way.
    /// The tokens are read through a pointer, each field where it is used.
    @inline(__always)
    func lexiconClasses(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, into lex: UnsafeMutableBufferPointer<SmallBytes>,
                        rows: UnsafeMutableBufferPointer<Int32>, lastComma: inout Int) -> PhraseStarts {
        precondition(lex.count >= tokens.count && rows.count >= tokens.count)
        return tokens.withUnsafeBufferPointer { tokens in
            lexiconClasses(tokens, line, into: lex, rows: rows, lastComma: &lastComma)
        }
    }

    /// The loop of `lexiconClasses`, over the tokens' memory. Kept out of line: inlined into
    /// `extract`, the optimizer left the scorer's weight conversions there as generic calls.
    @inline(never)
    private func lexiconClasses(_ tokens: UnsafeBufferPointer<Token>, _ line: UnsafeBufferPointer<UInt8>,
                                into lex: UnsafeMutableBufferPointer<SmallBytes>, rows: UnsafeMutableBufferPointer<Int32>,
                                lastComma: inout Int) -> PhraseStarts {
        // Classes are filled first (a phrase marks the words after its first); each row is
        // written in the loop, which visits every token (no second pass over the memory).
        UnsafeMutableBufferPointer(rebasing: lex[..<tokens.count]).initialize(repeating: SmallBytes())
        var starts = PhraseStarts()
        // The table bits read once per line, not once per word.
        let unitBit = self.unitBit, numberBit = self.numberBit, sizeBit = self.sizeBit, phraseBit = self.phraseBit
        for i in 0..<tokens.count {
            let t = tokens.baseAddress.unsafelyUnwrapped + i
            guard t.pointee.kind == .word else {
                rows[i] = -1
                if t.pointee.kind == .punctuation, t.pointee.mark == 0x2C || t.pointee.mark == 0x3B { lastComma = i }
                continue
            }
            let entry = words[hash: t.pointee.hash]
            rows[i] = entry.row
            let bits = entry.bits
            if bits == 0 { continue }
            // A table is searched past the word only where a longer entry starts with it, and
            // then from the next word on: the word's own entries were found when the index was
            // built (`WordIndex.Entry`), and a longer match comes before them.
            if bits & unitBit != 0 {
                if t.pointee.stemEnd - t.pointee.start <= 3,
                   lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.pointee.stemRange]))] != nil {
                    lex[i].append(0x55) // U
                } else if entry.startsLonger & unitBit != 0,
                          let m = lexicon.unitAliases.longestLongerMatch(start: i, first: t.pointee.hash, words: Words(tokens)) {
                    for k in i..<(i + m.words) where lex[k].count < 6 { lex[k].append(0x55) }
                } else if entry.oneWord & unitBit != 0, lex[i].count < 6 {
                    lex[i].append(0x55)
                }
            }
            if bits & numberBit != 0 {
                if entry.startsLonger & numberBit != 0,
                   let m = lexicon.numbers.longestLongerMatch(start: i, first: t.pointee.hash, words: Words(tokens)) {
                    for k in i..<(i + m.words) { lex[k].append(0x4E) } // N
                } else if entry.oneWord & numberBit != 0 {
                    lex[i].append(0x4E)
                }
            }
            if entry.oneWord & sizeBit != 0 { lex[i].append(0x53) } // S
            if let kind = entry.preparation {
                switch kind {
                case .verb: lex[i].append(0x56) // V
                case .adverb: lex[i].append(0x41) // A
                case .connector: lex[i].append(0x4A) // J
                }
            }
            if bits & phraseBit != 0 {
                // The longest entry here: a longer one, else the word alone (as `longestMatch`).
                if entry.startsLonger & phraseBit != 0,
                   let m = lexicon.phrases.longestLongerMatch(start: i, first: t.pointee.hash, words: Words(tokens)) {
                    starts.insert(i, optional: m.value.optional)
                    let mark = Self.phraseMark(m.value.role)
                    for k in i..<(i + m.words) where lex[k].count < 7 { lex[k].append(mark) }
                } else {
                    starts.insert(i, optional: entry.phraseOptional)
                    if let role = entry.phraseRole, lex[i].count < 7 { lex[i].append(Self.phraseMark(role)) }
                }
            }
        }
        return starts
    }

    /// The class letter of a phrase of `role`: C (comment), P (purpose) or O (optional).
    @inline(__always)
    static func phraseMark(_ role: PhraseRole) -> UInt8 {
        switch role {
        case .comment: 0x43 // C
        case .purpose: 0x50 // P
        case .optional: 0x4F // O
        }
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
        extract(tokens, line, into: &f)
        return f
    }

    /// Computes every feature of the line's tokens and hands each to `f`, token by token, with
    /// the lexicon classes, vocabulary rows and the sink's working memory in temporary room
    /// (on the stack unless the line is very long); returns the tokens that start phrase-table
    /// entries.
    @inline(__always) @discardableResult
    func extract<Sink: FeatureSink>(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, into f: inout Sink) -> PhraseStarts {
        withUnsafeTemporaryAllocation(of: SmallBytes.self, capacity: tokens.count) { classes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: tokens.count) { rows in
                withUnsafeTemporaryAllocation(of: SIMD8<Int32>.self, capacity: Sink.workVectors(tokens: tokens.count)) { work in
                    extract(tokens, line, classes: classes, rows: rows, work: work, into: &f)
                }
            }
        }
    }

    /// `extract(_:_:into:)` in room the caller lends: `classes` and `rows` for at least
    /// `tokens.count` entries, `work` for `Sink.workVectors(tokens: tokens.count)` vectors (the
    /// parser's `LineScratch`, kept from line to line).
    @inline(__always) @discardableResult
    func extract<Sink: FeatureSink>(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, classes: UnsafeMutableBufferPointer<SmallBytes>,
                                    rows: UnsafeMutableBufferPointer<Int32>, work: UnsafeMutableBufferPointer<SIMD8<Int32>>,
                                    into f: inout Sink) -> PhraseStarts {
        // Two copies of the loop: the parser's, without a recorder, has no recording code.
        if let recorder {
            return extract(tokens, line, classes: classes, rows: rows, work: work, recorder: recorder, recording: WithRecording.self, into: &f)
        }
        return extract(tokens, line, classes: classes, rows: rows, work: work, recorder: nil, recording: WithoutRecording.self, into: &f)
    }

    /// Computes every feature of the line's tokens and hands each to `f`, token by token,
    /// between `f.beginLine(work:)` and `f.endLine()`; returns the tokens that start
    /// phrase-table entries (see `lexiconClasses`). `classes` and `rows` are room for at least
    /// `tokens.count` entries each (see `lexiconClasses`), `work` the room `f` asked for.
    /// `recorder` is the extractor's, used only when `Recording` records (the copy specialized
    /// for `WithoutRecording` is compiled without a test for it).
    @inline(__always) @discardableResult
    private func extract<Sink: FeatureSink, Recording: FeatureRecording>(
        _ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, classes lex: UnsafeMutableBufferPointer<SmallBytes>,
        rows: UnsafeMutableBufferPointer<Int32>, work: UnsafeMutableBufferPointer<SIMD8<Int32>>, recorder given: FeatureRecorder?,
        recording: Recording.Type, into f: inout Sink
    ) -> PhraseStarts {
        let recorder = Recording.records ? given : nil
        // Looking ahead: the last comma or semicolon of the line.
        var lastComma = -1
        let starts = lexiconClasses(tokens, line, into: lex, rows: rows, lastComma: &lastComma)
        f.beginLine(work: work)

        var depth = 0, commas = 0
        // What the line showed before this token, as the bits `flags` gives them (`seenQuantity`
        // 2, `dashSeparator` 4, `seenOr` 8): kept as an integer, the flags are or-ed, not branched on.
        var seen = 0
        // Inside parentheses: whether a word follows the closing one ("mozzarella (fior di latte) cheese").
        // Kept as the `paren` state it gives inside them: 2 when a word follows, else 1.
        var parenInside = 1
        var segmentStart = 0 // index of the first token of the current comma segment
        var previousCoarse: UInt8 = 0 // the coarse class of the token before
        // Word-pair hashes move along the line: this token's is the next one's `before`.
        var before = FeatureKeys.boundaryHash
        var here = tokens.isEmpty ? FeatureKeys.boundaryHash : Self.pairHash(tokens[0])
        // The loop reads tokens, classes, rows and shapes through pointers: indices are below
        // `n` (classes and rows hold at least `n` entries) and shape ids below `shapeCount`.
        let n = tokens.count
        let lexAt = UnsafeBufferPointer(lex), rowAt = UnsafeBufferPointer(rows)
        tokens.withUnsafeBufferPointer { tokenAt in
            let foldedCase = Self.uninformativeCase(tokenAt, line)
            shapes.withUnsafeBufferPointer { shapeAt in
                for i in 0..<n {
                    // Fields are read where they are used: a copy of the whole token cost a load and
                    // a spill per field.
                    let t = tokenAt.baseAddress.unsafelyUnwrapped + i
                    let lexI = lexAt[i]
                    let needsAffixes = f.beginToken(i, wordHash: t.pointee.kind == .word ? t.pointee.hash : 0, vocabularyRow: rowAt[i])
                    let shapeID = Self.foldingCase(Self.shapeID(t.pointee, line), pattern: foldedCase)
                    let shape = shapeAt[shapeID]
                    f.addShape(shapeID, shape)
                    if lexI.count > 0 { f.addLexicon(lexI, shapeID: shapeID, shape: shape) }
                    if let recorder { Self.recordContext(recorder, shape: shape, lexicon: lexI) }
                    if t.pointee.kind == .word, needsAffixes || recorder != nil {
                        let stem = UnsafeBufferPointer(rebasing: line[t.pointee.stemRange])
                        if needsAffixes, let (s3, s2, p3) = FeatureKeys.affixes(stem) {
                            if let s3 { f.addContext(.suffix3, FeatureKeys.key(.suffix3, bytes: s3)) }
                            f.addContext(.suffix2, FeatureKeys.key(.suffix2, bytes: s2))
                            if let p3 { f.addContext(.prefix3, FeatureKeys.key(.prefix3, bytes: p3)) }
                        }
                        // A word of the vocabulary has its clusters in its precombined row.
                        if needsAffixes, let c = clusters.fineCluster(hash: t.pointee.hash) {
                            let keys = clusters.keys[c]
                            f.addContext(.cluster, keys[0])
                            f.addContext(.cluster, keys[1])
                            f.addContext(.cluster, keys[2])
                            if let recorder { Self.recordClusters(recorder, clusters, c) }
                        }
                        if let recorder { Self.recordWord(recorder, wordKey: FeatureKeys.key(.word, hash: t.pointee.hash), stem: stem) }
                    }

                    // Local features.
                    if t.pointee.kind == .punctuation {
                        if t.pointee.mark == 0x28 || t.pointee.mark == 0x5B {
                            if depth == 0 { parenInside = Self.wordFollowsClose(tokens, from: i) ? 2 : 1 }
                            depth += 1
                        }
                    }
                    let coarseByte = Self.coarse(t.pointee, lexI)
                    let inParen = depth > 0
                    let paren = inParen ? parenInside : 0
                    if i > 0 { f.addShapePair(.previousShape, previousCoarse, coarseByte) }
                    previousCoarse = coarseByte
                    // Bits in `FeatureKeys.flagTemplates` order.
                    let flags = (i == n - 1 ? 1 : 0) | seen | (i < lastComma ? 16 : 0)
                    f.addPlace(flags: flags, segment: min(commas, 3), paren: paren, position: min(i, 5),
                               segmentPosition: min(i &- segmentStart, 5), coarse: coarseByte)
                    if lexI.count > 0 { f.addLexiconShape(lexI, shapeID: shapeID, shape: shape) }
                    let after = i + 1 < n ? Self.pairHash(tokenAt[i + 1]) : FeatureKeys.boundaryHash
                    f.addWordPairs(i, before: before, here: here, after: after)
                    if let recorder { Self.recordWordPairs(recorder, tokens, line, i, before: before, here: here, after: after) }
                    before = here
                    here = after
                    f.endToken()
                    if let recorder {
                        Self.recordLocal(recorder, tokens, lexAt, i, coarse: SmallBytes.single(coarseByte), seg: FeatureKeys.digit(min(commas, 3)),
                                         pos: FeatureKeys.digit(min(i, 5)), paren: paren, segmentPosition: min(i - segmentStart, 5), shape: shape)
                    }

                    if t.pointee.kind == .punctuation {
                        if (t.pointee.mark == 0x29 || t.pointee.mark == 0x5D), depth > 0 { depth -= 1 }
                        if t.pointee.mark == 0x2C || t.pointee.mark == 0x3B, depth == 0 {
                            commas += 1
                            segmentStart = i + 1
                        }
                        if t.pointee.mark == 0x2D, i > 0, tokenAt[i - 1].end < t.pointee.start, i + 1 < n, tokenAt[i + 1].start > t.pointee.end { seen |= 4 }
                    }
                    if t.pointee.kind == .quantity { seen |= 2 }
                    if t.pointee.kind == .word, t.pointee.end - t.pointee.start == 2, (line[t.pointee.start] | 0x20) == 0x6F, (line[t.pointee.start + 1] | 0x20) == 0x72 { seen |= 8 }
                }
            }
        }
        f.endLine()
        return starts
    }

    /// Whether a word follows the parenthesis that closes the one opened at `open` (at its depth).
    static func wordFollowsClose(_ tokens: [Token], from open: Int) -> Bool {
        var depth = 0
        for k in open..<tokens.count where tokens[k].kind == .punctuation {
            let m = tokens[k].mark
            if m == 0x28 || m == 0x5B { depth += 1 }
            if m == 0x29 || m == 0x5D {
                depth -= 1
                if depth == 0 { return k + 1 < tokens.count && tokens[k + 1].kind == .word }
            }
        }
        return false
    }
}
