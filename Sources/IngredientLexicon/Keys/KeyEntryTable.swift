import IngredientText

/// The key tables' main hash table, packed for the cache: 16 bytes per slot (the 64-bit
/// hash and a `KeyEntry` packed into 64 bits), power-of-two capacity at most 60% full,
/// Fibonacci hashing and linear probing. In front of it, an 8 KB one-bit-per-hash filter that
/// stays in the L1 cache answers most look-ups of words the table does not hold (plurals
/// before their singular, unknown words) without touching the slots. Built once from a
/// dictionary and never changed.
struct KeyEntryTable: @unchecked Sendable {
    /// Owns the slots and the filter; immutable after `init`.
    private final class Storage {
        let slots: UnsafeMutablePointer<(key: UInt64, value: UInt64)>
        let filter: UnsafeMutablePointer<UInt64>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            slots = ZeroedAllocation.allocate((key: UInt64, value: UInt64).self, count: capacity)
            filter = ZeroedAllocation.allocate(UInt64.self, count: KeyEntryTable.filterWords)
        }

        deinit {
            ZeroedAllocation.release(slots)
            ZeroedAllocation.release(filter)
        }
    }

    /// 64-bit words in the filter: 65,536 bits.
    static let filterWords = 1024

    /// The most synonym rows an entry can point at.
    static let maximumRows = (1 << 20) - 2
    /// The most `plurals.tsv` singulars an entry can point at.
    static let maximumForms = (1 << 14) - 3

    private let storage: Storage
    private let slots: UnsafeMutablePointer<(key: UInt64, value: UInt64)>
    private let filter: UnsafeMutablePointer<UInt64>
    private let shift: UInt64
    private let mask: Int
    /// How many entries the table holds.
    let count: Int
    /// How many slots the table has.
    var capacity: Int { mask + 1 }

    init(_ entries: HashTable<KeyEntry>) {
        let all = entries.entries
        self.init(packedKeys: all.map(\.key), values: all.map { Self.pack($0.value) })
    }

    /// The table of `packedKeys` with their entries packed (`packedEntries`); keys of 0 are
    /// stored as 1, as look-ups ask for them.
    init(packedKeys keys: [UInt64], values: [UInt64]) {
        precondition(keys.count == values.count)
        var capacity = 16
        while capacity * 6 < keys.count * 10 { capacity <<= 1 }
        storage = Storage(capacity: capacity)
        slots = storage.slots
        filter = storage.filter
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        count = keys.count
        for (key, value) in zip(keys, values) {
            let k = key == 0 ? 1 : key
            var i = index(k)
            while slots[i].key != 0 { i = (i + 1) & mask }
            slots[i] = (k, value)
            let bit = Self.filterBit(k)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// Every key with its entry packed, in key order (what `init(packedKeys:values:)` makes
    /// the same table from).
    var packedEntries: (keys: [UInt64], values: [UInt64]) {
        var pairs: [(UInt64, UInt64)] = []
        pairs.reserveCapacity(count)
        for i in 0...mask where slots[i].key != 0 { pairs.append((slots[i].key, slots[i].value)) }
        pairs.sort { $0.0 < $1.0 }
        return (pairs.map(\.0), pairs.map(\.1))
    }

    /// The filter bit of a key: bits 40–55 of the hash (the slot index uses a product's top bits).
    @inline(__always)
    private static func filterBit(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key >> 40) & 0xFFFF)
    }

    @inline(__always)
    private func index(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    /// The entry for `key`, if any.
    @inline(__always)
    subscript(key: UInt64) -> KeyEntry? {
        let k = key == 0 ? 1 : key
        let bit = Self.filterBit(k)
        guard filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return nil }
        var i = index(k)
        while true {
            let slot = slots[i]
            if slot.key == k { return Self.unpack(slot.value) }
            if slot.key == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    // Packing: synonym + 1 (21 bits) | spaceless + 1 (20 bits) | carriesSingular (1) |
    // replacement + 2 (14 bits) | bits (8).
    static func pack(_ e: KeyEntry) -> UInt64 {
        UInt64(UInt32(bitPattern: e.synonym &+ 1)) << 43
            | UInt64(UInt32(bitPattern: e.spaceless &+ 1)) << 23
            | (e.carriesSingular ? 1 << 22 : 0)
            | UInt64(UInt32(bitPattern: e.replacement &+ 2)) << 8
            | UInt64(e.bits)
    }

    @inline(__always)
    static func unpack(_ v: UInt64) -> KeyEntry {
        KeyEntry(
            synonym: Int32(truncatingIfNeeded: (v >> 43) & 0x1F_FFFF) &- 1,
            spaceless: Int32(truncatingIfNeeded: (v >> 23) & 0xF_FFFF) &- 1,
            replacement: Int32(truncatingIfNeeded: (v >> 8) & 0x3FFF) &- 2,
            bits: UInt8(truncatingIfNeeded: v),
            carriesSingular: v & (1 << 22) != 0)
    }
}
