/// Up to 32 word numbers held in place, without an array: the words of one key that the other
/// lacks (`PairFeatures`), made for every pair the blocking gives, so a pair allocates nothing.
/// A key has at most 32 words (`KeyForms.add`), so its words always fit.
struct WordList: RandomAccessCollection, Sendable {
    /// How many words the list holds.
    private(set) var count = 0
    private var storage = SIMD32<Int32>()

    /// An empty list.
    init() {}

    /// The list of `words` (at most 32).
    init<S: Sequence<Int32>>(_ words: S) {
        for w in words { append(w) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int32 {
        precondition(position >= 0 && position < count, "WordList index out of range")
        // Read as plain memory: a SIMD vector's own element access costs far more here.
        return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: position &* 4, as: Int32.self) }
    }

    /// Adds `word` at the end.
    mutating func append(_ word: Int32) {
        precondition(count < 32, "a key has at most 32 words")
        let offset = count &* 4
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: word, toByteOffset: offset, as: Int32.self) }
        count += 1
    }
}
