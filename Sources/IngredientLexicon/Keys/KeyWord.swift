/// A word (or, before word order is done, a symbol) in the work space: 32 bytes.
struct KeyWord {
    /// The word as it now reads: its hash, and its bytes in the arena.
    var hash: UInt64
    /// The word as written (folded, apostrophes removed), before its singular.
    var rawHash: UInt64
    var start: UInt16
    var length: UInt16
    var rawStart: UInt16
    var rawLength: UInt16
    /// The synonym row of the word alone, or -1 (from its entry).
    var row: Int32
    var kind: UInt8
    /// `KeyEntry.Bits` of the word as it now reads, plus `commentStart` of the raw word.
    var bits: UInt8
    /// Step marks (`dropped`).
    var flags: UInt8

    static let word: UInt8 = 0, comma: UInt8 = 1, open: UInt8 = 2, close: UInt8 = 3, or: UInt8 = 4, and: UInt8 = 5
    static let dropped: UInt8 = 1

    init(start: Int, length: Int, hash: UInt64, kind: UInt8 = KeyWord.word) {
        self.hash = hash
        self.rawHash = hash
        self.start = UInt16(truncatingIfNeeded: start)
        self.length = UInt16(truncatingIfNeeded: length)
        self.rawStart = self.start
        self.rawLength = self.length
        self.row = -1
        self.kind = kind
        self.bits = 0
        self.flags = 0
    }

    @inline(__always) var role: UInt8 { bits & KeyEntry.Bits.roleMask }
    @inline(__always) var rawRange: Range<Int> { Int(rawStart)..<(Int(rawStart) + Int(rawLength)) }
}
