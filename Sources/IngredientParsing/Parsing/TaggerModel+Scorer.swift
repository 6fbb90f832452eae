import IngredientText
import IngredientTagger

extension TaggerModel {
    /// Scores features as they are extracted: each token's label scores (one 8-lane vector
    /// per token) accumulate in `padded`, which must hold `count + 2 * margin` zeroed vectors,
    /// token `t`'s at `t + margin`; the spare vectors at either end take what context rows
    /// spill beyond the line, so that spreading a row needs no bounds checks.
    struct Scorer: FeatureSink {
        /// Spare vectors at either end of the emission buffer.
        static var margin: Int { TaggerLayout.padMargin }
        /// The model, unretained: the parser holds it for longer than a line's scorer lives, so
        /// the scorer counts no reference to it and is a plain value, dropped without a call.
        /// Read through `withModel`.
        private let modelRef: Unmanaged<TaggerModel>
        /// The first byte of the model's context weights (`TaggerModel.contextVectors`), valid
        /// while `model` is; nil when the model has none (then no row is ever spread).
        private let contextWeights: UnsafeRawPointer?
        package let padded: UnsafeMutableBufferPointer<SIMD8<Float>>
        /// The number of tokens.
        package let count: Int
        private var token = 0
        private var local = SIMD8<Int32>()
        /// Word tokens, and those of them that were not in the vocabulary.
        private(set) var words = 0, unknownWords = 0

        package init(model: TaggerModel, padded: UnsafeMutableBufferPointer<SIMD8<Float>>) {
            precondition(padded.count >= 2 * Self.margin)
            self.modelRef = Unmanaged.passUnretained(model)
            self.contextWeights = model.contextVectors.bytes.baseAddress
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
                TaggerModel.addPads(begin: model.padBegin, end: model.padEnd, contextVectors: model.contextVectors, to: padded)
            }
        }

        /// The emission scores of the line's tokens (valid while `padded` is).
        package var emission: UnsafeBufferPointer<SIMD8<Float>> {
            UnsafeBufferPointer(rebasing: padded[Self.margin..<(Self.margin + count)])
        }

        /// `body` of the model `ref` refers to, without counting a reference to it (static, so
        /// that `body` may change the scorer's sums).
        @inline(__always)
        private static func withModel<R>(_ ref: Unmanaged<TaggerModel>, _ body: (TaggerModel) -> R) -> R {
            ref._withUnsafeGuaranteedRef(body)
        }

        /// Token `j` at offset `o` from the labeled token `t = j - o` adds its row's slot `o`
        /// (into a spare vector when `t` is beyond the line).
        @inline(__always)
        private func spread(_ row: Int32, from j: Int) {
            let cv = contextWeights.unsafelyUnwrapped
            let size = MemoryLayout<SIMD8<Float>>.size
            let base = Int(row) * TaggerLayout.offsets * size
            let p = padded.baseAddress! + j + Self.margin
            p[2] += cv.loadUnaligned(fromByteOffset: base, as: SIMD8<Float>.self)          // o = -2
            p[1] += cv.loadUnaligned(fromByteOffset: base + size, as: SIMD8<Float>.self)   // o = -1
            p[0] += cv.loadUnaligned(fromByteOffset: base + 2 * size, as: SIMD8<Float>.self)
            p[-1] += cv.loadUnaligned(fromByteOffset: base + 3 * size, as: SIMD8<Float>.self)
            p[-2] += cv.loadUnaligned(fromByteOffset: base + 4 * size, as: SIMD8<Float>.self)
        }

        @inline(__always)
        package mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow row: Int32) -> Bool {
            token = t
            local = SIMD8<Int32>()
            guard wordHash != 0 else { return true }
            words &+= 1 // at most one a token
            if row >= 0 {
                spread(row, from: t)
                return false
            }
            unknownWords &+= 1
            return true
        }

        @inline(__always)
        package mutating func addShape(_ id: Int, _ shape: SmallBytes) {
            // Ids are below `shapeCount` by construction.
            let row = Self.withModel(modelRef) { m in
                assert(id >= 0 && id < m.shapeRows.count)
                return m.shapeRows.withUnsafeBufferPointer { $0[id] }
            }
            if row >= 0 { spread(row, from: token) }
        }

        /// Finds the class's `lexicon` row and its `lexiconShape` weights in one look-up, and
        /// adds both here: local weights are integers, so adding them before the token's other
        /// local features changes no sum (`addLexiconShape` has nothing left to do).
        @inline(__always)
        package mutating func addLexicon(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes) {
            let (row, weights) = Self.withModel(modelRef) { m -> (Int32, SIMD8<Int32>) in
                let (row, shapeBase) = m.lexiconFeatures.entry(lexicon.storage)
                // Only word tokens have a class, and word shape ids are below `wordShapes`: the
                // test keeps the read in the class's part of the index whatever the caller passes.
                guard shapeBase >= 0, shapeID < LexiconFeatureTable.wordShapes else { return (row, SIMD8<Int32>()) }
                return (row, m.lexiconFeatures.shapeWeights(base: shapeBase, shapeID: shapeID))
            }
            if row >= 0 { spread(row, from: token) }
            local &+= weights
        }

        @inline(__always)
        package mutating func addLexiconShape(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes) {}

        @inline(__always)
        package mutating func addContext(_ template: Template, _ key: UInt64) {
            if let row = Self.withModel(modelRef, { $0.contextRows[key] }) { spread(row, from: token) }
        }

        @inline(__always)
        package mutating func addLocal(_ key: UInt64) {
            Self.withModel(modelRef) { $0.local.add(key, to: &local) }
        }

        /// The `bigramPrevious` weights of the next token, found with this token's pair.
        private var nextPrevious = SIMD8<Int32>()

        @inline(__always)
        package mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64) {
            if t == 0 {
                var unused = SIMD8<Int32>()
                Self.withModel(modelRef) { $0.wordPairs.add(FeatureKeys.wordPairKey(before, here), first: &unused, second: &local) }
            } else {
                local &+= nextPrevious
            }
            nextPrevious = SIMD8<Int32>()
            Self.withModel(modelRef) { $0.wordPairs.add(FeatureKeys.wordPairKey(here, after), first: &local, second: &nextPrevious) }
        }

        @inline(__always)
        package mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8) {
            // Unchecked reads: class numbers are below `coarseClassCount` by construction.
            Self.withModel(modelRef) { model in
                model.coarseClasses.withUnsafeBufferPointer { classes in
                    model.shapePairWeights.withUnsafeBufferPointer { w in
                        local &+= w[Int(classes[Int(previous)]) &* model.coarseClassCount &+ Int(classes[Int(coarse)])]
                    }
                }
            }
        }

        @inline(__always)
        package mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8) {
            // Unchecked reads: the extractor clamps every state to its range (see `stateTemplates`).
            assert(flags >= 0 && flags < 32 && segment >= 0 && segment < 4 && paren >= 0 && paren < 3
                   && position >= 0 && position < 6 && segmentPosition >= 0 && segmentPosition < 6)
            Self.withModel(modelRef) { model in
                let c = Int(model.coarseClasses.withUnsafeBufferPointer { $0[Int(coarse)] })
                let classes = model.coarseClassCount
                model.flagWeights.withUnsafeBufferPointer { local &+= $0[flags] }
                model.segmentParenWeights.withUnsafeBufferPointer { local &+= $0[(segment &* 3 &+ paren) &* classes &+ c] }
                model.positionWeights.withUnsafeBufferPointer { local &+= $0[(position &* 6 &+ segmentPosition) &* classes &+ c] }
            }
        }

        @inline(__always)
        package mutating func endToken() {
            padded[token + Self.margin] += SIMD8<Float>(local) * Self.withModel(modelRef) { $0.local.scale }
        }
    }
}
