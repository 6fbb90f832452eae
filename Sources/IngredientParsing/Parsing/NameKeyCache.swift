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

    /// The slots, in memory of their own: a look-up reads and writes them through pointers,
    /// without an array's uniqueness check and bounds checks per access.
    private final class Table {
        let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: NameKeyCache.slotCount)
        let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: NameKeyCache.slotCount)
        let names = UnsafeMutablePointer<UInt8>.allocate(capacity: NameKeyCache.slotCount * NameKeyCache.maximumNameBytes)
        let keys = UnsafeMutablePointer<String?>.allocate(capacity: NameKeyCache.slotCount)
        /// When each slot was last used (a count of look-ups; 0 for an empty slot).
        let lastUse = UnsafeMutablePointer<UInt32>.allocate(capacity: NameKeyCache.slotCount)

        init() {
            let n = NameKeyCache.slotCount
            hashes.initialize(repeating: 0, count: n)
            lengths.initialize(repeating: 0, count: n)
            names.initialize(repeating: 0, count: n * NameKeyCache.maximumNameBytes)
            keys.initialize(repeating: nil, count: n)
            lastUse.initialize(repeating: 0, count: n)
        }

        deinit {
            keys.deinitialize(count: NameKeyCache.slotCount)
            hashes.deallocate()
            lengths.deallocate()
            names.deallocate()
            keys.deallocate()
            lastUse.deallocate()
        }
    }

    private var table: Table?
    private var clock: UInt32 = 0
    private var uncached = 0

    /// The key of `name`: from the cache when this exact name is in the set of slots it maps
    /// to, else from `compute`, which is then remembered.
    @inline(__always)
    mutating func key(for name: UnsafeBufferPointer<UInt8>, _ compute: () -> String?) -> String? {
        guard name.count <= Self.maximumNameBytes, name.count > 0 else { return compute() }
        if table == nil {
            uncached += 1
            guard uncached > Self.warmUp else { return compute() }
            table = Table()
        }
        let t = table.unsafelyUnwrapped
        let hash = Self.hash(name)
        let first = (Int(truncatingIfNeeded: hash) & (Self.slotCount / Self.ways - 1)) * Self.ways
        // A look-up clock that wraps would make old slots look new; restart the ages instead.
        if clock == .max {
            for k in 0..<Self.slotCount where t.lastUse[k] != 0 { t.lastUse[k] = 1 }
            clock = 1
        }
        clock += 1
        var oldest = first
        for slot in first..<(first + Self.ways) {
            if t.hashes[slot] == hash, Int(t.lengths[slot]) == name.count, Self.matches(name, t.names + slot * Self.maximumNameBytes) {
                t.lastUse[slot] = clock
                return t.keys[slot]
            }
            if t.lastUse[slot] < t.lastUse[oldest] { oldest = slot }
        }
        let key = compute()
        let slot = oldest
        t.hashes[slot] = hash
        t.lengths[slot] = UInt8(name.count)
        t.lastUse[slot] = clock
        (t.names + slot * Self.maximumNameBytes).update(from: name.baseAddress!, count: name.count)
        t.keys[slot] = key
        return key
    }

    /// Whether the slot bytes at `stored` are exactly the bytes of `name` (the slot holds its length).
    @inline(__always)
    private static func matches(_ name: UnsafeBufferPointer<UInt8>, _ stored: UnsafeMutablePointer<UInt8>) -> Bool {
        let a = UnsafeRawPointer(stored), b = UnsafeRawPointer(name.baseAddress!)
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
