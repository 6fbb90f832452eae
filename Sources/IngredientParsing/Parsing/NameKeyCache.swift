import IngredientText

/// Remembers the canonical keys of recently seen names, for one parsing session.
///
/// Recipe corpora repeat their names ("salt", "unsalted butter", "garlic") far more often
/// than they introduce new ones, so a session keeps the key of each name it computed in a
/// small table: a name maps to a set of `ways` slots and takes the least recently used one
/// of them, so that a frequent name is not pushed out by one rare name that maps to its slot.
/// A slot holds the name's exact bytes and is used only when they match, so a hit returns
/// the very key the key pipeline would compute: output never depends on what was cached.
/// Names longer than `maximumNameBytes` are not cached. A slot also keeps its key's bytes
/// beside the name (when both fit in its 64-byte record), so that the JSON writer copies them
/// without touching the String.
///
/// The table (about 750 KB: 8,192 slots; the corpus's first 20,000 lines name about 9,500
/// different things, and with 4,096 slots 6% more of their names missed, 19% more of the whole
/// corpus's) is made only once a session has keyed `warmUp` names, so that
/// parsing a single line costs no more than it did without a cache.
struct NameKeyCache {
    static let slotCount = 8192
    static let maximumNameBytes = 40
    /// Bytes of a slot's record: the name, then its key's bytes when both fit.
    static let recordBytes = 64
    static let warmUp = 32
    /// Slots per set.
    static let ways = 4

    /// `keyInfo` of a slot whose key's bytes are not in its record (too long: read its String).
    static let keyNotStored: UInt8 = 0xFF

    /// The slots, in memory of their own: a look-up reads and writes them through pointers,
    /// without an array's uniqueness check and bounds checks per access.
    private final class Table {
        let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: NameKeyCache.slotCount)
        let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: NameKeyCache.slotCount)
        /// Per slot, a record of `recordBytes`, one cache line: the name's bytes, then the key's.
        let records = UnsafeMutableRawPointer.allocate(byteCount: NameKeyCache.slotCount * NameKeyCache.recordBytes,
                                                       alignment: NameKeyCache.recordBytes).bindMemory(
                                                        to: UInt8.self, capacity: NameKeyCache.slotCount * NameKeyCache.recordBytes)
        /// Per slot: the key's byte count in the record (0 for no key), or `keyNotStored`.
        let keyInfo = UnsafeMutablePointer<UInt8>.allocate(capacity: NameKeyCache.slotCount)
        /// Per slot, the key as a String: always where `keyInfo` is `keyNotStored`, else once
        /// `key(for:)` has read it (nil until then).
        let keys = UnsafeMutablePointer<String?>.allocate(capacity: NameKeyCache.slotCount)
        /// When each slot was last used (a count of look-ups; 0 for an empty slot).
        let lastUse = UnsafeMutablePointer<UInt32>.allocate(capacity: NameKeyCache.slotCount)

        init() {
            let n = NameKeyCache.slotCount
            hashes.initialize(repeating: 0, count: n)
            lengths.initialize(repeating: 0, count: n)
            // The records are left as they are: a slot's record is read only once its length
            // (0 until then, and no cached name is empty) matches a name, after `storeName`.
            keyInfo.initialize(repeating: 0, count: n)
            keys.initialize(repeating: nil, count: n)
            lastUse.initialize(repeating: 0, count: n)
        }

        deinit {
            keys.deinitialize(count: NameKeyCache.slotCount)
            hashes.deallocate()
            lengths.deallocate()
            records.deallocate()
            keyInfo.deallocate()
            keys.deallocate()
            lastUse.deallocate()
        }
    }

    /// The owner of the slots' memory; a look-up reads the slots through the pointers below
    /// (copies of the table's), so that it neither retains nor releases the table.
    private var table: Table?
    private var hashes: UnsafeMutablePointer<UInt64>?
    private var lengths: UnsafeMutablePointer<UInt8>?
    private var records: UnsafeMutablePointer<UInt8>?
    private var keyInfo: UnsafeMutablePointer<UInt8>?
    private var keys: UnsafeMutablePointer<String?>?
    private var lastUse: UnsafeMutablePointer<UInt32>?
    private var clock: UInt32 = 0
    private var uncached = 0

    /// Makes the table (once `warmUp` names were keyed without it).
    @inline(never)
    private mutating func makeTable() {
        let t = Table()
        table = t
        hashes = t.hashes
        lengths = t.lengths
        records = t.records
        keyInfo = t.keyInfo
        keys = t.keys
        lastUse = t.lastUse
    }

    /// The key of `name`: from the cache when this exact name is in the set of slots it maps
    /// to, else from `compute`, which is then remembered.
    @inline(__always)
    mutating func key(for name: UnsafeBufferPointer<UInt8>, _ compute: () -> String?) -> String? {
        guard let (slot, hit) = find(name) else { return compute() }
        if !hit {
            let key = compute()
            storeName(name, in: slot)
            keys.unsafelyUnwrapped[slot] = key
            var info = Self.keyNotStored
            if let key {
                info = key.utf8.withContiguousStorageIfAvailable { storeKeyBytes($0, in: slot) } ?? Self.keyNotStored
            } else {
                info = 0
            }
            keyInfo.unsafelyUnwrapped[slot] = info
            return key
        }
        if keys.unsafelyUnwrapped[slot] == nil, keyInfo.unsafelyUnwrapped[slot] != 0 {
            // Stored as bytes only (by `lookUp`): the String is made once.
            keys.unsafelyUnwrapped[slot] = String(decoding: keyBytes(in: slot), as: UTF8.self)
        }
        return keys.unsafelyUnwrapped[slot]
    }

    /// A key as `lookUp` gives it.
    enum Found {
        /// The key's bytes in the cache (empty for no key; valid until the next look-up). JSON
        /// escapes none of them: a key's words hold only letters, digits, `%` and non-ASCII bytes
        /// (`KeyTables.isWordByte`; the tables' keys are made of such words too), joined by spaces.
        case bytes(UnsafeBufferPointer<UInt8>)
        /// The key, where the cache does not hold its bytes (a name too long or empty, a
        /// session's first names, a long key).
        case string(String?)
    }

    /// The key of `name` as bytes where the cache holds them, else as a String. `compute`
    /// hands the key's bytes (empty for no key) to the function it is given; a name the cache
    /// takes is keyed without making a String (`KeyTables.withKey`).
    @inline(__always)
    mutating func lookUp(_ name: UnsafeBufferPointer<UInt8>,
                         _ compute: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Found {
        guard let (slot, hit) = find(name) else {
            var key: String?
            compute { bytes in key = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            return .string(key)
        }
        if !hit {
            storeName(name, in: slot)
            keys.unsafelyUnwrapped[slot] = nil
            var info: UInt8 = 0
            compute { bytes in
                info = storeKeyBytes(bytes, in: slot)
                if info == Self.keyNotStored { keys.unsafelyUnwrapped[slot] = String(decoding: bytes, as: UTF8.self) }
            }
            keyInfo.unsafelyUnwrapped[slot] = info
        }
        guard keyInfo.unsafelyUnwrapped[slot] != Self.keyNotStored else { return .string(keys.unsafelyUnwrapped[slot]) }
        return .bytes(keyBytes(in: slot))
    }

    /// The key bytes kept in `slot`'s record (empty for no key).
    @inline(__always)
    private func keyBytes(in slot: Int) -> UnsafeBufferPointer<UInt8> {
        let at = records.unsafelyUnwrapped + (slot &* Self.recordBytes &+ Int(lengths.unsafelyUnwrapped[slot]))
        return UnsafeBufferPointer(start: at, count: Int(keyInfo.unsafelyUnwrapped[slot]))
    }

    /// The slot that holds `name` (`hit`), or the one it is to take (the least recently used
    /// of its set); nil when the name is not cached (too long or empty, or during the warm-up).
    @inline(__always)
    private mutating func find(_ name: UnsafeBufferPointer<UInt8>) -> (slot: Int, hit: Bool)? {
        guard name.count <= Self.maximumNameBytes, name.count > 0 else { return nil }
        if hashes == nil {
            uncached += 1
            guard uncached > Self.warmUp else { return nil }
            makeTable()
        }
        let hashes = hashes.unsafelyUnwrapped, lengths = lengths.unsafelyUnwrapped, records = records.unsafelyUnwrapped
        let lastUse = lastUse.unsafelyUnwrapped
        let hash = Self.hash(name)
        let first = (Int(truncatingIfNeeded: hash) & (Self.slotCount / Self.ways - 1)) * Self.ways
        // A look-up clock that wraps would make old slots look new; restart the ages instead.
        if clock == .max {
            for k in 0..<Self.slotCount where lastUse[k] != 0 { lastUse[k] = 1 }
            clock = 1
        }
        clock += 1
        var oldest = first
        for slot in first..<(first + Self.ways) {
            if hashes[slot] == hash, Int(lengths[slot]) == name.count, Self.matches(name, records + slot * Self.recordBytes) {
                lastUse[slot] = clock
                return (slot, true)
            }
            if lastUse[slot] < lastUse[oldest] { oldest = slot }
        }
        hashes[oldest] = hash
        lastUse[oldest] = clock
        return (oldest, false)
    }

    /// Puts `name` in `slot` (whose hash `find` set).
    @inline(__always)
    private func storeName(_ name: UnsafeBufferPointer<UInt8>, in slot: Int) {
        lengths.unsafelyUnwrapped[slot] = UInt8(truncatingIfNeeded: name.count)
        (records.unsafelyUnwrapped + slot &* Self.recordBytes).update(from: name.baseAddress!, count: name.count)
    }

    /// Copies the key's bytes after the name in `slot`'s record when they fit, returning the
    /// slot's `keyInfo` (the byte count, or `keyNotStored`).
    @inline(__always)
    private func storeKeyBytes(_ key: UnsafeBufferPointer<UInt8>, in slot: Int) -> UInt8 {
        let nameCount = Int(lengths.unsafelyUnwrapped[slot])
        guard nameCount + key.count <= Self.recordBytes else { return Self.keyNotStored }
        assert(ByteWriter.isPlain(key), "a key JSON would escape")
        if let source = key.baseAddress {
            (records.unsafelyUnwrapped + (slot &* Self.recordBytes &+ nameCount)).update(from: source, count: key.count)
        }
        return UInt8(truncatingIfNeeded: key.count)
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
