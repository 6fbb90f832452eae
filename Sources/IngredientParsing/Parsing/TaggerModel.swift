import IngredientText

/// The weights of the sequence tagger, read from `Dictionaries/model/tagger.tsv`.
///
/// File format (TAB-separated, `#` comments): `scale N` (weights are integers ÷ N);
/// `calibration a b c …` (the confidence model, see `Confidence`); `transition FROM w…`
/// (FROM a label or START; one weight per label); `end w…`; `context TEMPLATE VALUE OFFSET w…`
/// (a property of the token at OFFSET from the one labeled); `local TEMPLATE VALUE w…`.
/// Labels are in the order QTY UNIT SIZE NAME PREP COMMENT PURPOSE PUNC.
package final class TaggerModel: Sendable {
    static let offsets = 5 // -2…+2
    package static let rowWidth = offsets * Label.count

    let transitions: [Float] // (L + 1) × L, the last row from START
    let end: [Float]
    /// `transitions` as one vector per row, and `end` as a vector, for `Viterbi`.
    let transitionRows: [SIMD8<Float>]
    let incomingRows: [SIMD8<Float>]
    let endRow: SIMD8<Float>
    let contextRows: HashTable<Int32>
    /// The context row of each shape id (`FeatureExtractor.shapeID`), -1 where the model has
    /// none: a dense table in place of hashing the shape's bytes.
    let shapeRows: [Int32]
    /// Per known word, by its folded hash: the row that sums every context feature its
    /// lowercase form decides (word, affixes); see `WordIndex`.
    let vocabularyRows: HashTable<Int32>
    /// Context weights, row by row: per row one 8-lane vector (eight floats) per offset, read
    /// as vectors in place.
    let contextVectors: [Float]
    /// Weights of local features other than word pairs.
    let local: VectorTable
    /// Weights of word pairs, at `local`'s scale: for the pair (a, b), the `bigramNext`
    /// weights of the token a and the `bigramPrevious` weights of the token b, in one slot,
    /// so that one look-up serves both tokens.
    let wordPairs: VectorTable
    /// The class of each coarse byte (see `FeatureExtractor.coarse`) in the dense tables
    /// below: 0 for bytes that no state or shape-pair feature of the model mentions (their
    /// weights are all zero), so that the tables stay small enough for the L1 cache.
    let coarseClasses: [UInt16]
    /// The number of coarse classes, 0 included.
    let coarseClassCount: Int
    /// The weights of the segment and parenthesis states (`FeatureSink.addPlace`), summed
    /// (integer sums are exact, so summing ahead changes nothing), dense: segment 0–3 ×
    /// parenthesis 0–2 × coarse class.
    let segmentParenWeights: [SIMD8<Int32>]
    /// The weights of the position and position-in-segment states, summed, dense: position
    /// 0–5 × position in segment 0–5 × coarse class.
    let positionWeights: [SIMD8<Int32>]
    /// The weights of `previousShape` features (`FeatureSink.addShapePair`), dense: coarse
    /// class of the previous token × coarse class of this one.
    let shapePairWeights: [SIMD8<Int32>]
    /// The weights of the flag features (`FeatureSink.addPlace`), summed for each of the 32
    /// sets of flags (bit `k` for `FeatureExtractor.flagTemplates[k]`).
    let flagWeights: [SIMD8<Int32>]
    let calibration: [Double]
    let padBegin: Int32
    let padEnd: Int32
    /// What the pads add to the first two and the last two tokens of a line of four tokens or
    /// more (where no token gets both), made by `Scorer.addPads` on a four-token line.
    let padSums: (first: SIMD8<Float>, second: SIMD8<Float>, secondLast: SIMD8<Float>, last: SIMD8<Float>)

    /// The model compiled into the library.
    /// Read from the row image the build tool made of `model/tagger.tsv` (no decimal text to
    /// parse at start-up), or from the text where there is no image.
    static let builtIn: TaggerModel = {
        do {
            if !EmbeddedDictionaries.taggerImage.isEmpty { return try TaggerModel(image: EmbeddedDictionaries.taggerImage) }
            guard let text = EmbeddedDictionaries.files["model/tagger.tsv"] else { return TaggerModel.empty }
            return try TaggerModel(text: text)
        } catch {
            fatalError("built-in tagger model is invalid: \(error)")
        }
    }()

    static let empty = try! TaggerModel(text: "scale\t1\n")

    /// A model read from the text of a model file.
    package convenience init(text: String) throws {
        var reader = TaggerModelReader()
        var utf8 = text
        try utf8.withUTF8 { try reader.read($0) }
        self.init(reader: reader)
    }

    /// A model read from a row image of a model file (see `TaggerModelReader.readImage`).
    convenience init(image: String) throws {
        var reader = TaggerModelReader()
        var utf8 = image
        try utf8.withUTF8 { try reader.readImage($0) }
        self.init(reader: reader)
    }

    private init(reader: TaggerModelReader) {
        let transitions = reader.transitions, end = reader.end, contextRows = reader.contextRows
        let vocabulary = reader.vocabulary, contextWeights = reader.contextWeights
        let localEntries = reader.localEntries, shapePairRows = reader.shapePairRows
        let pairNext = reader.pairNext, pairPrevious = reader.pairPrevious, calibration = reader.calibration
        let pairKeys = reader.pairKeys
        self.transitions = transitions
        self.end = end
        self.transitionRows = Self.vectors(transitions)
        self.incomingRows = Self.transposed(transitions)
        self.endRow = Self.vectors(end)[0]
        self.contextRows = contextRows
        self.shapeRows = FeatureExtractor.shapeTable.map { contextRows[FeatureExtractor.key(.shape, $0)] ?? -1 }
        self.vocabularyRows = vocabulary
        self.contextVectors = contextWeights // not copied into vectors: a smaller peak while loading
        let largest = max(VectorTable.largestMagnitude(localEntries.lazy.map(\.weights)),
                          VectorTable.largestMagnitude(pairNext), VectorTable.largestMagnitude(pairPrevious))
        let localScale = VectorTable.scale(largest: largest)
        let local = VectorTable(localEntries, scale: localScale)
        self.local = local
        // Pairs in the order first read (the file's), which decides only where in the table
        // each pair's weights sit, not what a look-up finds.
        var pairVectors: [SIMD8<Float>] = []
        pairVectors.reserveCapacity(2 * pairKeys.count)
        for k in pairKeys.indices {
            pairVectors.append(pairNext[k])
            pairVectors.append(pairPrevious[k])
        }
        self.wordPairs = VectorTable(pairKeys: pairKeys, vectors: pairVectors, scale: localScale)
        // Coarse bytes some state or shape-pair feature mentions get a class of their own;
        // every other byte shares class 0, whose weights are all zero.
        var mentioned = [Bool](repeating: false, count: 256)
        var shapePairs: [(a: Int, b: Int, weights: SIMD8<Int32>)] = []
        for (a, b) in shapePairRows {
            let w = local.weights(FeatureExtractor.shapePairKey(.previousShape, a, b))
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
                mentioned[coarse] = FeatureExtractor.stateTemplates.contains { entry in
                    (0..<entry.values).contains { local.weights(FeatureExtractor.stateKey(entry.template, $0, UInt8(coarse))) != SIMD8<Int32>() }
                }
            }
            if mentioned[coarse] {
                classes[coarse] = UInt16(classCount)
                classCount += 1
            }
        }
        // States two by two: (segment, parenthesis) and (position, position in segment).
        precondition(FeatureExtractor.stateTemplates.map(\.values) == [4, 3, 6, 6])
        func stateSums(_ first: Int, _ second: Int) -> [SIMD8<Int32>] {
            let a = FeatureExtractor.stateTemplates[first], b = FeatureExtractor.stateTemplates[second]
            var sums = [SIMD8<Int32>](repeating: SIMD8<Int32>(), count: a.values * b.values * classCount)
            for x in 0..<a.values {
                for y in 0..<b.values {
                    for coarse in 0...255 where classes[coarse] != 0 {
                        sums[(x * b.values + y) * classCount + Int(classes[coarse])] =
                            local.weights(FeatureExtractor.stateKey(a.template, x, UInt8(coarse)))
                            &+ local.weights(FeatureExtractor.stateKey(b.template, y, UInt8(coarse)))
                    }
                }
            }
            return sums
        }
        self.segmentParenWeights = stateSums(0, 1)
        self.positionWeights = stateSums(2, 3)
        var pairs = [SIMD8<Int32>](repeating: SIMD8<Int32>(), count: classCount * classCount)
        for p in shapePairs { pairs[Int(classes[p.a]) * classCount + Int(classes[p.b])] = p.weights }
        self.shapePairWeights = pairs
        self.coarseClasses = classes
        self.coarseClassCount = classCount
        let flags = FeatureExtractor.flagTemplates.map { local.weights(FeatureExtractor.flagKey($0)) }
        self.flagWeights = (0..<(1 << flags.count)).map { set in
            flags.indices.reduce(SIMD8<Int32>()) { sum, k in set & (1 << k) != 0 ? sum &+ flags[k] : sum }
        }
        self.calibration = calibration
        let padBegin = contextRows[ByteHash.exact(Array("B".utf8), into: Template.pad.seed)]!
        let padEnd = contextRows[ByteHash.exact(Array("E".utf8), into: Template.pad.seed)]!
        self.padBegin = padBegin
        self.padEnd = padEnd
        // A four-token line gets, at either end, what every longer line gets there.
        let m = Scorer.margin
        var four = [SIMD8<Float>](repeating: SIMD8<Float>(), count: 4 + 2 * m)
        four.withUnsafeMutableBufferPointer { Scorer.addPads(begin: padBegin, end: padEnd, contextVectors: contextWeights, to: $0) }
        self.padSums = (first: four[m], second: four[m + 1], secondLast: four[m + 2], last: four[m + 3])
    }

    var isEmpty: Bool { local.count == 0 && wordPairs.count == 0 }

    /// Row `x` holds, for each label `l`, the transition score from `l` to `x`.
    package static func transposed(_ transitions: [Float]) -> [SIMD8<Float>] {
        (0..<Label.count).map { x in
            var v = SIMD8<Float>()
            for l in 0..<Label.count { v[l] = transitions[l * Label.count + x] }
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

    /// Scores features as they are extracted: each token's label scores (one 8-lane vector
    /// per token) accumulate in `padded`, which must hold `count + 2 * margin` zeroed vectors,
    /// token `t`'s at `t + margin`; the spare vectors at either end take what context rows
    /// spill beyond the line, so that spreading a row needs no bounds checks.
    struct Scorer: FeatureSink {
        /// Spare vectors at either end of the emission buffer.
        static let margin = 2
        let model: TaggerModel
        let padded: UnsafeMutableBufferPointer<SIMD8<Float>>
        /// The number of tokens.
        let count: Int
        private var token = 0
        private var local = SIMD8<Int32>()
        /// Word tokens, and those of them that were not in the vocabulary.
        private(set) var words = 0, unknownWords = 0

        init(model: TaggerModel, padded: UnsafeMutableBufferPointer<SIMD8<Float>>) {
            precondition(padded.count >= 2 * Self.margin)
            self.model = model
            self.padded = padded
            let n = padded.count - 2 * Self.margin
            self.count = n
            if n >= 4 {
                let sums = model.padSums
                padded[Self.margin] = sums.first
                padded[Self.margin + 1] = sums.second
                padded[Self.margin + n - 2] = sums.secondLast
                padded[Self.margin + n - 1] = sums.last
            } else {
                Self.addPads(begin: model.padBegin, end: model.padEnd, contextVectors: model.contextVectors, to: padded)
            }
        }

        /// The emission scores of the line's tokens (valid while `padded` is).
        var emission: UnsafeBufferPointer<SIMD8<Float>> {
            UnsafeBufferPointer(rebasing: padded[Self.margin..<(Self.margin + count)])
        }

        /// Adds what the pads beyond either end of the line add to its tokens in `padded`
        /// (laid out as a scorer's): row `begin` at positions -1 and -2, row `end` at the two
        /// positions after the last token. A pad at position `j` adds its row's slot `o` to
        /// the token `t = j - o`, for the tokens that exist.
        static func addPads(begin: Int32, end: Int32, contextVectors: [Float], to padded: UnsafeMutableBufferPointer<SIMD8<Float>>) {
            let n = padded.count - 2 * margin
            contextVectors.withUnsafeBytes { cv in
                func spread(_ row: Int32, from j: Int) {
                    let base = Int(row) * TaggerModel.offsets
                    for o in -2...2 where j - o >= 0 && j - o < n {
                        padded[j - o + margin] += cv.loadUnaligned(fromByteOffset: (base + o + 2) * MemoryLayout<SIMD8<Float>>.size, as: SIMD8<Float>.self)
                    }
                }
                spread(begin, from: -1)
                spread(begin, from: -2)
                spread(end, from: n)
                spread(end, from: n + 1)
            }
        }

        /// Token `j` at offset `o` from the labeled token `t = j - o` adds its row's slot `o`
        /// (into a spare vector when `t` is beyond the line).
        @inline(__always)
        private func spread(_ row: Int32, from j: Int) {
            model.contextVectors.withUnsafeBytes { cv in
                let size = MemoryLayout<SIMD8<Float>>.size
                let base = Int(row) * TaggerModel.offsets * size
                let p = padded.baseAddress! + j + Self.margin
                p[2] += cv.loadUnaligned(fromByteOffset: base, as: SIMD8<Float>.self)          // o = -2
                p[1] += cv.loadUnaligned(fromByteOffset: base + size, as: SIMD8<Float>.self)   // o = -1
                p[0] += cv.loadUnaligned(fromByteOffset: base + 2 * size, as: SIMD8<Float>.self)
                p[-1] += cv.loadUnaligned(fromByteOffset: base + 3 * size, as: SIMD8<Float>.self)
                p[-2] += cv.loadUnaligned(fromByteOffset: base + 4 * size, as: SIMD8<Float>.self)
            }
        }

        @inline(__always)
        mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow row: Int32) -> Bool {
            token = t
            local = SIMD8<Int32>()
            guard wordHash != 0 else { return true }
            words += 1
            if row >= 0 {
                spread(row, from: t)
                return false
            }
            unknownWords += 1
            return true
        }

        @inline(__always)
        mutating func addShape(_ id: Int, _ shape: SmallBytes) {
            assert(id >= 0 && id < model.shapeRows.count)
            let row = model.shapeRows.withUnsafeBufferPointer { $0[id] } // ids are below `shapeCount` by construction
            if row >= 0 { spread(row, from: token) }
        }

        @inline(__always)
        mutating func addContext(_ template: Template, _ key: UInt64) {
            if let row = model.contextRows[key] { spread(row, from: token) }
        }

        @inline(__always)
        mutating func addLocal(_ key: UInt64) {
            model.local.add(key, to: &local)
        }

        /// The `bigramPrevious` weights of the next token, found with this token's pair.
        private var nextPrevious = SIMD8<Int32>()

        @inline(__always)
        mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64) {
            if t == 0 {
                var unused = SIMD8<Int32>()
                model.wordPairs.add(FeatureExtractor.wordPairKey(before, here), first: &unused, second: &local)
            } else {
                local &+= nextPrevious
            }
            nextPrevious = SIMD8<Int32>()
            model.wordPairs.add(FeatureExtractor.wordPairKey(here, after), first: &local, second: &nextPrevious)
        }

        @inline(__always)
        mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8) {
            // Unchecked reads: class numbers are below `coarseClassCount` by construction.
            model.coarseClasses.withUnsafeBufferPointer { classes in
                model.shapePairWeights.withUnsafeBufferPointer { w in
                    local &+= w[Int(classes[Int(previous)]) &* model.coarseClassCount &+ Int(classes[Int(coarse)])]
                }
            }
        }

        @inline(__always)
        mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8) {
            // Unchecked reads: the extractor clamps every state to its range (see `stateTemplates`).
            assert(flags >= 0 && flags < 32 && segment >= 0 && segment < 4 && paren >= 0 && paren < 3
                   && position >= 0 && position < 6 && segmentPosition >= 0 && segmentPosition < 6)
            let c = Int(model.coarseClasses.withUnsafeBufferPointer { $0[Int(coarse)] })
            let classes = model.coarseClassCount
            model.flagWeights.withUnsafeBufferPointer { local &+= $0[flags] }
            model.segmentParenWeights.withUnsafeBufferPointer { local &+= $0[(segment &* 3 &+ paren) &* classes &+ c] }
            model.positionWeights.withUnsafeBufferPointer { local &+= $0[(position &* 6 &+ segmentPosition) &* classes &+ c] }
        }

        @inline(__always)
        mutating func endToken() {
            padded[token + Self.margin] += SIMD8<Float>(local) * model.local.scale
        }
    }
}
