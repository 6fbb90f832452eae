import IngredientTagger

/// The per-line working memory of the tagging steps, kept by a parser's workspace from line to
/// line: the emission scores with their spare vectors, the decoder's forward and backward
/// scores, the scorer's notes and the extractor's lexicon classes and vocabulary rows.
///
/// One allocation, grown when a line needs more and otherwise reused, in place of a temporary
/// allocation per buffer and line (each of which cost its size checks: about 100 instructions
/// a line for the five).
struct LineScratch {
    /// The buffers of one line of `n` tokens, each on a 32-byte boundary, none overlapping.
    struct Room {
        /// `n + 2 * TaggerModel.Scorer.margin` vectors (uninitialized).
        let padded: UnsafeMutableBufferPointer<SIMD8<Float>>
        /// `2 * n` vectors for `Viterbi.decode`.
        let scores: UnsafeMutableBufferPointer<SIMD8<Float>>
        /// `TaggerModel.Scorer.workVectors(tokens: n)` vectors.
        let work: UnsafeMutableBufferPointer<SIMD8<Int32>>
        /// `n` lexicon classes.
        let classes: UnsafeMutableBufferPointer<SmallBytes>
        /// `n` vocabulary rows.
        let rows: UnsafeMutableBufferPointer<Int32>
    }

    private var base: UnsafeMutableRawPointer?
    /// The most tokens the memory has room for, and where each buffer starts in it (laid out
    /// for that many tokens, so that a line only sets the counts).
    private var tokenCapacity = -1
    private var padded: UnsafeMutablePointer<SIMD8<Float>>?
    private var scores: UnsafeMutablePointer<SIMD8<Float>>?
    private var work: UnsafeMutablePointer<SIMD8<Int32>>?
    private var classes: UnsafeMutablePointer<SmallBytes>?
    private var rows: UnsafeMutablePointer<Int32>?

    /// The buffers for a line of `n` tokens (valid until the next call or `deallocate`).
    @inline(__always)
    mutating func room(tokens n: Int) -> Room {
        if n > tokenCapacity { grow(tokens: n) }
        return Room(padded: UnsafeMutableBufferPointer(start: padded, count: n &+ 2 &* TaggerModel.Scorer.margin),
                    scores: UnsafeMutableBufferPointer(start: scores, count: 2 &* n),
                    work: UnsafeMutableBufferPointer(start: work, count: TaggerModel.Scorer.workVectors(tokens: n)),
                    classes: UnsafeMutableBufferPointer(start: classes, count: n),
                    rows: UnsafeMutableBufferPointer(start: rows, count: n))
    }

    /// New memory for lines of up to `n` tokens and more (so that growing is rare).
    @inline(never)
    private mutating func grow(tokens n: Int) {
        precondition(n >= 0 && n < Int(Int32.max) / 64)
        let tokens = max(n, 2 * tokenCapacity, 64)
        /// Bytes rounded up to whole 32-byte vectors.
        func vectors(_ bytes: Int) -> Int { (bytes + 31) & ~31 }
        let sizes = [vectors((tokens + 2 * TaggerModel.Scorer.margin) * 32), vectors(2 * tokens * 32),
                     vectors(TaggerModel.Scorer.workVectors(tokens: tokens) * 32), vectors(tokens * MemoryLayout<SmallBytes>.stride),
                     vectors(tokens * 4)]
        base?.deallocate()
        let p = UnsafeMutableRawPointer.allocate(byteCount: sizes.reduce(0, +), alignment: 32)
        base = p
        var at = 0
        func next<T>(_ k: Int, _ type: T.Type) -> UnsafeMutablePointer<T> {
            defer { at += sizes[k] }
            return (p + at).bindMemory(to: T.self, capacity: sizes[k] / MemoryLayout<T>.stride)
        }
        padded = next(0, SIMD8<Float>.self)
        scores = next(1, SIMD8<Float>.self)
        work = next(2, SIMD8<Int32>.self)
        classes = next(3, SmallBytes.self)
        rows = next(4, Int32.self)
        tokenCapacity = tokens
    }

    /// Frees the memory (the workspace's `deinit`).
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        tokenCapacity = -1
    }
}
