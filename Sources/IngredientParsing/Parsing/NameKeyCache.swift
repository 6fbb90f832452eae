import IngredientText

/// Remembers the canonical keys of recently seen names, for one parsing session.
///
/// Recipe corpora repeat their names ("salt", "unsalted butter", "garlic") far more often
/// than they introduce new ones, so a session keeps the key of each name it computed in a
/// small table: a name maps to a set of `ways` slots and takes the least recently used one
/// of them, so that a frequent name is not pushed out by one rare name that maps to its slot.
/// A slot holds the name's exact bytes and is used only when they match, so a hit returns
/// the very key the key pipeline would compute: output never depends on what was cached.
/// Names longer than `maximumNameBytes` are not cached.
///
/// The table (about 200 KB) is made only once a session has keyed `warmUp` names, so that
/// parsing a single line costs no more than it did without a cache.
struct NameKeyCache {
    static let slotCount = 4096
    static let maximumNameBytes = 40
    static let warmUp = 32
    /// Slots per set.
    static let ways = 4

    private var hashes: [UInt64] = []
    private var lengths: [UInt8] = []
    private var names: [UInt8] = []
    private var keys: [String?] = []
    /// When each slot was last used (a count of look-ups; 0 for an empty slot).
    private var lastUse: [UInt32] = []
    private var clock: UInt32 = 0
    private var uncached = 0

    private mutating func makeTable() {
        hashes = Array(repeating: 0, count: Self.slotCount)
        lengths = Array(repeating: 0, count: Self.slotCount)
        names = Array(repeating: 0, count: Self.slotCount * Self.maximumNameBytes)
        keys = Array(repeating: nil, count: Self.slotCount)
        lastUse = Array(repeating: 0, count: Self.slotCount)
    }

    /// The key of `name`: from the cache when this exact name is in the set of slots it maps
    /// to, else from `compute`, which is then remembered.
    @inline(__always)
    mutating func key(for name: UnsafeBufferPointer<UInt8>, _ compute: () -> String?) -> String? {
        guard name.count <= Self.maximumNameBytes, name.count > 0 else { return compute() }
        if hashes.isEmpty {
            uncached += 1
            guard uncached > Self.warmUp else { return compute() }
            makeTable()
        }
        let hash = Self.hash(name)
        let first = (Int(truncatingIfNeeded: hash) & (Self.slotCount / Self.ways - 1)) * Self.ways
        // A look-up clock that wraps would make old slots look new; restart the ages instead.
        if clock == .max {
            for k in lastUse.indices where lastUse[k] != 0 { lastUse[k] = 1 }
            clock = 1
        }
        clock += 1
        var oldest = first
        for slot in first..<(first + Self.ways) {
            if hashes[slot] == hash, Int(lengths[slot]) == name.count, matches(name, slot: slot) {
                lastUse[slot] = clock
                return keys[slot]
            }
            if lastUse[slot] < lastUse[oldest] { oldest = slot }
        }
        let key = compute()
        let slot = oldest
        hashes[slot] = hash
        lengths[slot] = UInt8(name.count)
        lastUse[slot] = clock
        names.withUnsafeMutableBufferPointer { stored in
            (stored.baseAddress! + slot * Self.maximumNameBytes).update(from: name.baseAddress!, count: name.count)
        }
        keys[slot] = key
        return key
    }

    /// Whether `slot` holds exactly the bytes of `name` (whose length it holds).
    @inline(__always)
    private func matches(_ name: UnsafeBufferPointer<UInt8>, slot: Int) -> Bool {
        names.withUnsafeBufferPointer { stored in
            let a = UnsafeRawPointer(stored.baseAddress! + slot * Self.maximumNameBytes), b = UnsafeRawPointer(name.baseAddress!)
            let n = name.count
            guard n >= 8 else {
                for k in 0..<n where a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
                    return false
                }
                return true
            }
            // Eight bytes at a time, the last eight overlapping the words before.
            var k = 0
            while k < n - 8 {
                if a.loadUnaligned(fromByteOffset: k, as: UInt64.self) != b.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
                k += 8
            }
            return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
    }

    /// The cache's own hash of a name (any well-mixed hash serves: slots compare the bytes),
    /// eight bytes at a time.
    @inline(__always)
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let p = UnsafeRawPointer(name.baseAddress!)
        let n = name.count
        var h = ByteHash.seed ^ UInt64(n)
        guard n >= 8 else {
            var word: UInt64 = 0
            for k in 0..<n { word |= UInt64(p.load(fromByteOffset: k, as: UInt8.self)) << (8 * k) }
            return ByteHash.combine(h, word)
        }
        var k = 0
        while k < n - 8 {
            h = ByteHash.combine(h, p.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            k += 8
        }
        return ByteHash.combine(h, p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
    }
}
