/// The work space of one key computation.
struct KeyWork {
    /// Words read from a name; later ones are ignored.
    static let maximumWords = 32
    /// Arena bytes for short ASCII names, which take the stack-only path.
    static let smallArena = 1024
    /// The longest ASCII name the small arena takes.
    static let smallInput = 300
    /// Arena bytes for any other name: folded bytes, their words, and room to spare.
    static let largeArena = 2 * KeyFolding.maximumFoldedBytes + 2048

    let arena: UnsafeMutablePointer<UInt8>
    let arenaCount: Int
    var used = 0
    var words: UnsafeMutablePointer<KeyWord>
    var count = 0
    var spare: UnsafeMutablePointer<KeyWord>
    var spareCount = 0
    /// Whether tokenizing met `,` `;` brackets `/` `&` `+`.
    var hasSymbols = false
    /// The union of the words' entry bits, and which connectors occur (`Connector`), so that
    /// steps with nothing to do are skipped.
    var anyBits: UInt8 = 0
    var connectors: UInt8 = 0

    enum Connector {
        static let of: UInt8 = 1, or: UInt8 = 2, and: UInt8 = 4, with: UInt8 = 8
    }

    /// Adds a word to the current list (dropped when the list is full).
    @inline(__always)
    mutating func add(_ w: KeyWord) {
        if count < Self.maximumWords { words[count] = w; count += 1 }
    }

    /// Starts building a new list in the spare buffer.
    @inline(__always) mutating func begin() { spareCount = 0 }

    /// Adds a word to the list being built.
    @inline(__always)
    mutating func push(_ w: KeyWord) {
        if spareCount < Self.maximumWords { spare[spareCount] = w; spareCount += 1 }
    }

    /// Makes the list being built the current one.
    @inline(__always)
    mutating func commit() {
        swap(&words, &spare)
        count = spareCount
    }

    /// Copies `bytes` into the arena, returning where they start, or nil when full.
    @inline(__always)
    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard used + bytes.count <= arenaCount else { return nil }
        let start = used
        for b in bytes { arena[used] = b; used += 1 }
        return start
    }

    @inline(__always)
    func bytes(_ w: KeyWord) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + Int(w.start), count: Int(w.length))
    }

    @inline(__always)
    func rawBytes(_ w: KeyWord) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + Int(w.rawStart), count: Int(w.rawLength))
    }
}
