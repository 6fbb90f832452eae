import IngredientText
import IngredientTagger
import CKernels

extension TaggerModel {
    /// Scores features as they are extracted: each token's label scores (one 8-lane vector
    /// per token) accumulate in `padded`, which must hold `count + 2 * margin` zeroed vectors,
    /// token `t`'s at `t + margin`; the spare vectors at either end take what context rows
    /// spill beyond the line, so that spreading a row needs no bounds checks.
    ///
    /// The context rows and each token's local weights are noted as they come, in room the
    /// extractor lends (`beginLine`), and added to `padded` all at once at `endLine` by a
    /// `Kernel`: the AVX2 kernel keeps the five score vectors a token adds to in registers,
    /// where adding each row the moment it came loaded and stored all five for every row.
    struct Scorer: FeatureSink {
        /// Spare vectors at either end of the emission buffer.
        static var margin: Int { TaggerLayout.padMargin }
        /// The model, unretained: the parser holds it for longer than a line's scorer lives, so
        /// the scorer counts no reference to it and is a plain value, dropped without a call.
        /// Read through `withModel`.
        private let modelRef: Unmanaged<TaggerModel>
        package let padded: UnsafeMutableBufferPointer<SIMD8<Float>>
        private var token = 0
        private var local = SIMD8<Int32>()
        /// The `bigramPrevious` weights of the next token, found with this token's pair.
        private var nextPrevious = SIMD8<Int32>()
        /// Word tokens, and those of them that were not in the vocabulary.
        private(set) var words = 0, unknownWords = 0
        /// The context rows noted so far, in the order they came (`recorded` of them, room for
        /// `rowCapacity`, eight a token), each to be spread from the token it came with.
        private var rowLog: UnsafeMutablePointer<Int32>?
        private var recorded = 0, rowCapacity = 0
        /// Per token, the number of rows noted up to its end (so token `t` brought
        /// `rowLog[rowEnds[t - 1]..<rowEnds[t]]`), and its local weights.
        private var rowEnds: UnsafeMutablePointer<Int32>?
        private var locals: UnsafeMutablePointer<SIMD8<Int32>>?
        /// The code that adds the noted rows and weights to `padded` at the line's end.
        private let kernel: VectorKernel

        /// The number of tokens.
        package var count: Int { padded.count &- 2 &* Self.margin }

        /// A scorer adding to `padded` for `model`, by `kernel`: by default `.avx2`, which is
        /// safe on any processor here, as the score kernel checks for AVX2 itself (a test may
        /// ask for the portable code).
        @inline(__always)
        package init(model: TaggerModel, padded: UnsafeMutableBufferPointer<SIMD8<Float>>, kernel: VectorKernel = .avx2) {
            precondition(padded.count >= 2 * Self.margin && padded.count < Int(Int32.max) / 8)
            self.kernel = kernel
            self.modelRef = Unmanaged.passUnretained(model)
            self.padded = padded
            let n = padded.count - 2 * Self.margin
            if n >= 4 {
                let sums = model.padSums
                padded[Self.margin] = sums.first
                padded[Self.margin + 1] = sums.second
                padded[Self.margin + n - 2] = sums.secondLast
                padded[Self.margin + n - 1] = sums.last
            } else {
                TaggerModel.addPads(begin: model.padBegin, end: model.padEnd, weights: model.contextVectors.bytes, to: padded)
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

        /// The room a line of `tokens` tokens needs (see `beginLine`): each token's local
        /// weights, eight rows a token (the most one brings: shape, lexicon class, three affixes
        /// and three clusters of an unknown word) and one row count a token.
        static func workVectors(tokens n: Int) -> Int {
            precondition(n >= 0 && n < Int(Int32.max) / 8)
            return 2 &* n &+ (n &+ 7) &>> 3
        }

        /// Takes `work` (at least `workVectors(tokens: count)` vectors) to note the line's rows
        /// and local weights in until `endLine`: the local weights first (a vector a token),
        /// then the rows (eight a token), then the row counts.
        @inline(__always)
        package mutating func beginLine(work: UnsafeMutableBufferPointer<SIMD8<Int32>>) {
            let n = count
            precondition(work.count >= Self.workVectors(tokens: n))
            let base = work.baseAddress!
            locals = base
            let ints = UnsafeMutableRawPointer(base + n).assumingMemoryBound(to: Int32.self)
            rowLog = ints
            rowCapacity = 8 * n
            rowEnds = ints + 8 * n
            recorded = 0
        }

        /// Adds the line's noted rows and local weights to `padded`.
        @inline(__always)
        package mutating func endLine() {
            let weights = Self.withModel(modelRef) { $0.contextVectors.bytes.baseAddress }
            let scale = Self.withModel(modelRef) { $0.local.scale }
            kernel.score(padded: padded, weights: weights, rows: rowLog.unsafelyUnwrapped, ends: rowEnds.unsafelyUnwrapped,
                         locals: locals.unsafelyUnwrapped, scale: scale)
            rowLog = nil
            rowEnds = nil
            locals = nil
        }

        /// Notes that the current token brings context row `row` (see `Kernel.scorePortably`
        /// for what it adds where).
        @inline(__always)
        private mutating func spread(_ row: Int32) {
            // Room for eight rows a token: this check keeps a sink fed more than that in bounds.
            precondition(recorded < rowCapacity)
            rowLog.unsafelyUnwrapped[recorded] = row
            recorded &+= 1
        }

        @inline(__always)
        package mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow row: Int32) -> Bool {
            token = t
            local = SIMD8<Int32>()
            guard wordHash != 0 else { return true }
            words &+= 1 // at most one a token
            if row >= 0 {
                spread(row)
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
            if row >= 0 { spread(row) }
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
            if row >= 0 { spread(row) }
            local &+= weights
        }

        @inline(__always)
        package mutating func addLexiconShape(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes) {}

        @inline(__always)
        package mutating func addContext(_ template: Template, _ key: UInt64) {
            if let row = Self.withModel(modelRef, { $0.contextRows[key] }) { spread(row) }
        }

        @inline(__always)
        package mutating func addLocal(_ key: UInt64) {
            Self.withModel(modelRef) { $0.local.add(key, to: &local) }
        }

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
            // The token's rows and weights are written where `beginLine` made room for `count` tokens.
            precondition(token >= 0 && token < rowCapacity &>> 3)
            locals.unsafelyUnwrapped[token] = local
            rowEnds.unsafelyUnwrapped[token] = Int32(truncatingIfNeeded: recorded)
        }
    }
}

/// The scorer's line scores: with `.avx2`, `ikk_score_line_avx2`, which also checks the
/// processor itself (a flag it reads once) and leaves the work to the portable loop where
/// there is no AVX2.
extension VectorKernel {
    /// Adds to `padded` (laid out as a scorer's, `n + 2 * margin` vectors for `n` tokens) the
    /// rows of `weights` (five vectors a row, the slots of offsets -2…+2) token `t` brought,
    /// `rows[ends[t - 1]..<ends[t]]` (from 0 for token 0), and its `locals[t]` times `scale`.
    @inline(__always)
    func score(padded: UnsafeMutableBufferPointer<SIMD8<Float>>, weights: UnsafeRawPointer?, rows: UnsafePointer<Int32>,
               ends: UnsafePointer<Int32>, locals: UnsafePointer<SIMD8<Int32>>, scale: Float) {
        let n = padded.count &- 2 &* TaggerModel.Scorer.margin
        guard n > 0 else { return }
        if self == .avx2, ikk_score_line_avx2(UnsafeMutableRawPointer(padded.baseAddress!).assumingMemoryBound(to: Float.self), n,
                                              weights?.assumingMemoryBound(to: Float.self), rows, ends,
                                              UnsafeRawPointer(locals).assumingMemoryBound(to: Int32.self), scale) != 0 {
            return
        }
        Self.scorePortably(padded: padded, weights: weights, rows: rows, ends: ends, locals: locals, scale: scale)
    }

    /// `score` in portable Swift, the reference the AVX2 kernel follows.
    ///
    /// Float addition is not associative, so the order is kept on purpose: token by token,
    /// each token's rows in the order they came (slot `o + 2` of a row to the token `o`
    /// places before), then the token's own local weights. Every score vector therefore
    /// receives the same additions in the same order as when each row was added the moment
    /// it came (as the scorer did before it noted them).
    @inline(never)
    static func scorePortably(padded: UnsafeMutableBufferPointer<SIMD8<Float>>, weights: UnsafeRawPointer?, rows: UnsafePointer<Int32>,
                              ends: UnsafePointer<Int32>, locals: UnsafePointer<SIMD8<Int32>>, scale: Float) {
        let margin = TaggerModel.Scorer.margin
        let n = padded.count - 2 * margin
        let size = MemoryLayout<SIMD8<Float>>.size
        var k = 0
        for t in 0..<n {
            let end = Int(ends[t])
            while k < end {
                let base = Int(rows[k]) * TaggerLayout.offsets * size
                let cv = weights.unsafelyUnwrapped
                let p = padded.baseAddress! + t + margin
                p[2] += cv.loadUnaligned(fromByteOffset: base, as: SIMD8<Float>.self)          // o = -2
                p[1] += cv.loadUnaligned(fromByteOffset: base + size, as: SIMD8<Float>.self)   // o = -1
                p[0] += cv.loadUnaligned(fromByteOffset: base + 2 * size, as: SIMD8<Float>.self)
                p[-1] += cv.loadUnaligned(fromByteOffset: base + 3 * size, as: SIMD8<Float>.self)
                p[-2] += cv.loadUnaligned(fromByteOffset: base + 4 * size, as: SIMD8<Float>.self)
                k += 1
            }
            padded[t + margin] += SIMD8<Float>(locals[t]) * scale
        }
    }
}
