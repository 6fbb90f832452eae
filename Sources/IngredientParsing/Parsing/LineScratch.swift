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
    private var capacity = 0

    /// Bytes rounded up to whole 32-byte vectors.
    private static func vectors(_ bytes: Int) -> Int { (bytes &+ 31) & ~31 }

    /// The buffers for a line of `n` tokens (valid until the next call or `deallocate`).
    mutating func room(tokens n: Int) -> Room {
        precondition(n >= 0 && n < Int(Int32.max) / 64)
        let padded = Self.vectors((n &+ 2 &* TaggerModel.Scorer.margin) &* 32)
        let scores = Self.vectors(2 &* n &* 32)
        let work = Self.vectors(TaggerModel.Scorer.workVectors(tokens: n) &* 32)
        let classes = Self.vectors(n &* MemoryLayout<SmallBytes>.stride)
        let rows = Self.vectors(n &* 4)
        let total = padded &+ scores &+ work &+ classes &+ rows
        if total > capacity {
            base?.deallocate()
            // Room for somewhat longer lines than this one, so that growing is rare.
            capacity = max(total, 2 * capacity, 4096)
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 32)
        }
        let p = base.unsafelyUnwrapped
        var at = 0
        func take<T>(_ bytes: Int, _ count: Int, as type: T.Type) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer(start: (p + at).bindMemory(to: T.self, capacity: count), count: count)
            at &+= bytes
            return buffer
        }
        return Room(padded: take(padded, n &+ 2 &* TaggerModel.Scorer.margin, as: SIMD8<Float>.self),
                    scores: take(scores, 2 &* n, as: SIMD8<Float>.self),
                    work: take(work, TaggerModel.Scorer.workVectors(tokens: n), as: SIMD8<Int32>.self),
                    classes: take(classes, n, as: SmallBytes.self),
                    rows: take(rows, n, as: Int32.self))
    }

    /// Frees the memory (the workspace's `deinit`).
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        capacity = 0
    }
}
