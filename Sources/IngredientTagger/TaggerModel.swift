import IngredientText

/// The weights of the sequence tagger, read from `Dictionaries/model/tagger.tsv`.
///
/// File format (TAB-separated, `#` comments): `scale N` (weights are integers ÷ N);
/// `calibration a b c …` (the confidence model, see `Confidence`); `transition FROM w…`
/// (FROM a label or START; one weight per label); `end w…`; `context TEMPLATE VALUE OFFSET w…`
/// (a property of the token at OFFSET from the one labeled); `local TEMPLATE VALUE w…`.
/// Labels are in the order QTY UNIT SIZE NAME PREP COMMENT PURPOSE PUNC.
package final class TaggerModel: Sendable {

    package let transitions: [Float] // (L + 1) × L, the last row from START
    package let end: [Float]
    /// `transitions` as one vector per row, and `end` as a vector, for `Viterbi`.
    package let transitionRows: [SIMD8<Float>]
    package let incomingRows: [SIMD8<Float>]
    package let endRow: SIMD8<Float>
    package let contextRows: HashTable<Int32>
    /// The context row of each shape id (`FeatureKeys.shapeID`), -1 where the model has
    /// none: a dense table in place of hashing the shape's bytes.
    package let shapeRows: [Int32]
    /// Per known word, by its folded hash: the row that sums every context feature its
    /// lowercase form decides (word, affixes); see `WordIndex`.
    package let vocabularyRows: HashTable<Int32>
    /// Context weights, row by row: per row one 8-lane vector (eight floats) per offset, read
    /// as vectors in place.
    package let contextVectors: PlainValues<Float>
    /// Weights of local features other than word pairs.
    package let local: VectorTable
    /// Weights of word pairs, at `local`'s scale: for the pair (a, b), the `bigramNext`
    /// weights of the token a and the `bigramPrevious` weights of the token b, in one slot,
    /// so that one look-up serves both tokens.
    package let wordPairs: VectorTable
    /// The class of each coarse byte (see `FeatureKeys.coarse`) in the dense tables
    /// below: 0 for bytes that no state or shape-pair feature of the model mentions (their
    /// weights are all zero), so that the tables stay small enough for the L1 cache.
    package let coarseClasses: [UInt16]
    /// The number of coarse classes, 0 included.
    package let coarseClassCount: Int
    /// The weights of the segment and parenthesis states (`FeatureSink.addPlace`), summed
    /// (integer sums are exact, so summing ahead changes nothing), dense: segment 0–3 ×
    /// parenthesis 0–2 × coarse class.
    package let segmentParenWeights: [SIMD8<Int32>]
    /// The weights of the position and position-in-segment states, summed, dense: position
    /// 0–5 × position in segment 0–5 × coarse class.
    package let positionWeights: [SIMD8<Int32>]
    /// The weights of `previousShape` features (`FeatureSink.addShapePair`), dense: coarse
    /// class of the previous token × coarse class of this one.
    package let shapePairWeights: [SIMD8<Int32>]
    /// The weights of the flag features (`FeatureSink.addPlace`), summed for each of the 32
    /// sets of flags (bit `k` for `FeatureKeys.flagTemplates[k]`).
    package let flagWeights: [SIMD8<Int32>]
    /// The `lexicon` and `lexiconShape` features by a token's lexicon class and shape id.
    package let lexiconFeatures: LexiconFeatureTable
    package let calibration: [Double]
    package let padBegin: Int32
    package let padEnd: Int32
    /// What the pads add to the first two and the last two tokens of a line of four tokens or
    /// more (where no token gets both), made by `addPads` on a four-token line.
    package let padSums: (first: SIMD8<Float>, second: SIMD8<Float>, secondLast: SIMD8<Float>, last: SIMD8<Float>)

    package static let empty = try! TaggerModel(text: "scale\t1\n", clusters: WordClusters())

    /// A model read from the text of a model file; `clusters` are the word clusters whose
    /// weights are precombined into the known words' rows.
    package convenience init(text: String, clusters: WordClusters) throws {
        var reader = TaggerModelReader()
        var utf8 = text
        try utf8.withUTF8 { try reader.read($0, clusters: clusters) }
        self.init(reader: reader)
    }

    convenience init(reader: TaggerModelReader) {
        let transitions = reader.transitions, end = reader.end, contextRows = reader.contextRows
        let vocabulary = reader.vocabulary, contextWeights = reader.contextWeights
        let localEntries = reader.localEntries, shapePairRows = reader.shapePairRows
        let pairNext = reader.pairNext, pairPrevious = reader.pairPrevious, calibration = reader.calibration
        let pairKeys = reader.pairKeys
        let shapeRows = FeatureKeys.shapeTable.map { contextRows[FeatureKeys.key(.shape, $0)] ?? -1 }
        let largest = max(VectorTable.largestMagnitude(localEntries.lazy.map(\.weights)),
                          VectorTable.largestMagnitude(pairNext), VectorTable.largestMagnitude(pairPrevious))
        let localScale = VectorTable.scale(largest: largest)
        let local = VectorTable(localEntries, scale: localScale)
        // Pairs in the order first read (the file's), which decides only where in the table
        // each pair's weights sit, not what a look-up finds.
        var pairVectors: [SIMD8<Float>] = []
        pairVectors.reserveCapacity(2 * pairKeys.count)
        for k in pairKeys.indices {
            pairVectors.append(pairNext[k])
            pairVectors.append(pairPrevious[k])
        }
        let wordPairs = VectorTable(pairKeys: pairKeys, vectors: pairVectors, scale: localScale)
        // Coarse bytes some state or shape-pair feature mentions get a class of their own;
        // every other byte shares class 0, whose weights are all zero.
        var mentioned = [Bool](repeating: false, count: 256)
        var shapePairs: [(a: Int, b: Int, weights: SIMD8<Int32>)] = []
        for (a, b) in shapePairRows {
            let w = local.weights(FeatureKeys.shapePairKey(.previousShape, a, b))
            if w != SIMD8<Int32>() {
                shapePairs.append((Int(a), Int(b), w))
                mentioned[Int(a)] = true
                mentioned[Int(b)] = true
            }
        }
        var classes = [UInt16](repeating: 0, count: 256)
        var classCount = 1
        for coarse in 0...255 {
            if !mentioned[coarse] {
                mentioned[coarse] = FeatureKeys.stateTemplates.contains { entry in
                    (0..<entry.values).contains { local.weights(FeatureKeys.stateKey(entry.template, $0, UInt8(coarse))) != SIMD8<Int32>() }
                }
            }
            if mentioned[coarse] {
                classes[coarse] = UInt16(classCount)
                classCount += 1
            }
        }
        // States two by two: (segment, parenthesis) and (position, position in segment).
        precondition(FeatureKeys.stateTemplates.map(\.values) == [4, 3, 6, 6])
        func stateSums(_ first: Int, _ second: Int) -> [SIMD8<Int32>] {
            let a = FeatureKeys.stateTemplates[first], b = FeatureKeys.stateTemplates[second]
            var sums = [SIMD8<Int32>](repeating: SIMD8<Int32>(), count: a.values * b.values * classCount)
            for x in 0..<a.values {
                for y in 0..<b.values {
                    for coarse in 0...255 where classes[coarse] != 0 {
                        sums[(x * b.values + y) * classCount + Int(classes[coarse])] =
                            local.weights(FeatureKeys.stateKey(a.template, x, UInt8(coarse)))
                            &+ local.weights(FeatureKeys.stateKey(b.template, y, UInt8(coarse)))
                    }
                }
            }
            return sums
        }
        var pairs = [SIMD8<Int32>](repeating: SIMD8<Int32>(), count: classCount * classCount)
        for p in shapePairs { pairs[Int(classes[p.a]) * classCount + Int(classes[p.b])] = p.weights }
        let flags = FeatureKeys.flagTemplates.map { local.weights(FeatureKeys.flagKey($0)) }
        let flagWeights = (0..<(1 << flags.count)).map { set in
            flags.indices.reduce(SIMD8<Int32>()) { sum, k in set & (1 << k) != 0 ? sum &+ flags[k] : sum }
        }
        self.init(
            transitions: transitions, end: end, contextRows: contextRows, shapeRows: shapeRows,
            vocabularyRows: vocabulary, contextVectors: PlainValues(contextWeights), local: local, wordPairs: wordPairs,
            coarseClasses: classes, coarseClassCount: classCount, segmentParenWeights: stateSums(0, 1),
            positionWeights: stateSums(2, 3), shapePairWeights: pairs, flagWeights: flagWeights,
            lexiconFeatures: LexiconFeatureTable(classes: reader.lexiconClasses, shapeValues: reader.lexiconShapeValues,
                                                 contextRows: contextRows, local: local),
            calibration: calibration,
            padBegin: contextRows[ByteHash.exact(Array("B".utf8), into: Template.pad.seed)]!,
            padEnd: contextRows[ByteHash.exact(Array("E".utf8), into: Template.pad.seed)]!)
    }

    /// A model from its stored tables, as the model file's reader makes them or a snapshot
    /// keeps them (`TaggerSnapshot`); the vectors derived from the transitions and the pads'
    /// sums are made here.
    init(transitions: [Float], end: [Float], contextRows: HashTable<Int32>, shapeRows: [Int32],
         vocabularyRows: HashTable<Int32>, contextVectors: PlainValues<Float>, local: VectorTable, wordPairs: VectorTable,
         coarseClasses: [UInt16], coarseClassCount: Int, segmentParenWeights: [SIMD8<Int32>],
         positionWeights: [SIMD8<Int32>], shapePairWeights: [SIMD8<Int32>], flagWeights: [SIMD8<Int32>],
         lexiconFeatures: LexiconFeatureTable, calibration: [Double], padBegin: Int32, padEnd: Int32) {
        self.transitions = transitions
        self.end = end
        self.transitionRows = Self.vectors(transitions)
        self.incomingRows = Self.transposed(transitions)
        self.endRow = Self.vectors(end)[0]
        self.contextRows = contextRows
        self.shapeRows = shapeRows
        self.vocabularyRows = vocabularyRows
        self.contextVectors = contextVectors
        self.local = local
        self.wordPairs = wordPairs
        self.coarseClasses = coarseClasses
        self.coarseClassCount = coarseClassCount
        self.segmentParenWeights = segmentParenWeights
        self.positionWeights = positionWeights
        self.shapePairWeights = shapePairWeights
        self.flagWeights = flagWeights
        self.lexiconFeatures = lexiconFeatures
        self.calibration = calibration
        self.padBegin = padBegin
        self.padEnd = padEnd
        self.padSums = Self.padSums(begin: padBegin, end: padEnd, contextVectors: contextVectors)
    }

    /// What the pads add to the first two and the last two tokens of a four-token line, which
    /// is what every longer line gets at either end.
    private static func padSums(begin: Int32, end: Int32, contextVectors: PlainValues<Float>)
        -> (first: SIMD8<Float>, second: SIMD8<Float>, secondLast: SIMD8<Float>, last: SIMD8<Float>) {
        let m = TaggerLayout.padMargin
        var four = [SIMD8<Float>](repeating: SIMD8<Float>(), count: 4 + 2 * m)
        four.withUnsafeMutableBufferPointer { addPads(begin: begin, end: end, contextVectors: contextVectors, to: $0) }
        return (first: four[m], second: four[m + 1], secondLast: four[m + 2], last: four[m + 3])
    }

    package var isEmpty: Bool { local.count == 0 && wordPairs.count == 0 }

    /// Row `x` holds, for each label `l`, the transition score from `l` to `x`.
    package static func transposed(_ transitions: [Float]) -> [SIMD8<Float>] {
        (0..<TaggerLayout.labelCount).map { x in
            var v = SIMD8<Float>()
            for l in 0..<TaggerLayout.labelCount { v[l] = transitions[l * TaggerLayout.labelCount + x] }
            return v
        }
    }

    package static func vectors(_ flat: [Float]) -> [SIMD8<Float>] {
        stride(from: 0, to: flat.count, by: 8).map { k in
            var v = SIMD8<Float>()
            for l in 0..<8 { v[l] = flat[k + l] }
            return v
        }
    }

    /// Adds what the pads beyond either end of the line add to its tokens in `padded`
    /// (laid out as a scorer's): row `begin` at positions -1 and -2, row `end` at the two
    /// positions after the last token. A pad at position `j` adds its row's slot `o` to
    /// the token `t = j - o`, for the tokens that exist.
    package static func addPads(begin: Int32, end: Int32, contextVectors: PlainValues<Float>, to padded: UnsafeMutableBufferPointer<SIMD8<Float>>) {
        addPads(begin: begin, end: end, weights: contextVectors.bytes, to: padded)
    }

    /// `addPads` from the bytes of the context weights (`contextVectors.bytes`): the scorer of
    /// a line under four tokens calls this one, which takes no reference to count. Each pad
    /// visits only the offsets that reach a token of the line (rather than testing all five),
    /// in the same order, so every token receives the same additions in the same order.
    package static func addPads(begin: Int32, end: Int32, weights cv: UnsafeRawBufferPointer, to padded: UnsafeMutableBufferPointer<SIMD8<Float>>) {
        let n = padded.count - 2 * TaggerLayout.padMargin
        let size = MemoryLayout<SIMD8<Float>>.size
        func spread(_ row: Int32, from j: Int) {
            let base = Int(row) * TaggerLayout.offsets * size
            // Offsets o in -2…2 with the token j - o in the line (0 ≤ j - o < n), from the lowest.
            var o = max(-2, j - n + 1)
            let last = min(2, j)
            while o <= last {
                padded[j - o + TaggerLayout.padMargin] += cv.loadUnaligned(fromByteOffset: base + (o + 2) * size, as: SIMD8<Float>.self)
                o += 1
            }
        }
        spread(begin, from: -1)
        spread(begin, from: -2)
        spread(end, from: n)
        spread(end, from: n + 1)
    }
}
