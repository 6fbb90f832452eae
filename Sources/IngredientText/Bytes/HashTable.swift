/// An open-addressing table from 64-bit hashes to values, with key and value in one slot
/// so that a look-up touches one cache line.
///
/// Keys are hashes of byte strings (see `ByteHash`); with 64-bit hashes over a few hundred
/// thousand keys a collision is vanishingly unlikely, and the tables are built from our own
/// data, so the strings are not stored.
@usableFromInline package struct HashTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: UInt64
        @usableFromInline var value: Value?

        @inlinable
        init(key: UInt64, value: Value?) {
            self.key = key
            self.value = value
        }
    }

    // Inlinable (with what they touch) so that look-ups from other modules are specialized
    // for the value type, as they were when the library was one module.
    @usableFromInline var slots: [Slot]
    @usableFromInline var mask: Int
    @usableFromInline package internal(set) var count = 0

    @inlinable
    package init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(key: 0, value: nil), count: capacity)
        mask = capacity - 1
    }

    @inlinable @inline(__always)
    func slot(for key: UInt64) -> Int {
        var i = Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
        return slots.withUnsafeBufferPointer { s in
            while s[i].value != nil, s[i].key != key { i = (i &+ 1) & mask }
            return i
        }
    }

    /// The value stored for `key`, if any.
    @inlinable @inline(__always)
    package subscript(key: UInt64) -> Value? {
        slots.withUnsafeBufferPointer { s in
            var i = Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
            while true {
                guard let v = s[i].value else { return nil }
                if s[i].key == key { return v }
                i = (i &+ 1) & mask
            }
        }
    }

    /// Stores `value` for `key`, replacing any earlier value.
    @inlinable
    package mutating func set(_ key: UInt64, _ value: Value) {
        if (count + 1) * 2 > slots.count { grow() }
        let i = slot(for: key)
        if slots[i].value == nil { count += 1 }
        slots[i] = Slot(key: key, value: value)
    }

    /// Updates the value for `key` in place, inserting `initial` first when absent.
    @inlinable
    package mutating func update(_ key: UInt64, default initial: @autoclosure () -> Value, _ body: (inout Value) -> Void) {
        if (count + 1) * 2 > slots.count { grow() }
        let i = slot(for: key)
        if slots[i].value == nil {
            count += 1
            slots[i] = Slot(key: key, value: initial())
        }
        body(&slots[i].value!)
    }

    @inlinable
    mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: nil), count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for s in old {
            if let v = s.value { set(s.key, v) }
        }
    }

    /// Every stored key and value, in no particular order.
    @inlinable
    package var entries: [(key: UInt64, value: Value)] {
        slots.compactMap { s in s.value.map { (s.key, $0) } }
    }

    /// Calls `body` with every stored key and value, in slot order (no array of them made).
    @inlinable
    package func forEachEntry(_ body: (UInt64, Value) throws -> Void) rethrows {
        try slots.withUnsafeBufferPointer { s in
            for slot in s { if let v = slot.value { try body(slot.key, v) } }
        }
    }
}

extension HashTable: Sendable where Value: Sendable {}
extension HashTable.Slot: Sendable where Value: Sendable {}

extension HashTable {
    /// The number of slots (a power of two, at least twice the number of keys).
    @inlinable package var capacity: Int { slots.count }

    /// The occupied slots in slot order: each slot's index, key and value. With `capacity`,
    /// what `init(capacity:occupied:)` rebuilds the very same table from (a snapshot made at
    /// build time, read at start-up without hashing a key).
    @inlinable package var occupiedSlots: (indices: [UInt32], keys: [UInt64], values: [Value]) {
        var indices: [UInt32] = [], keys: [UInt64] = [], values: [Value] = []
        indices.reserveCapacity(count)
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for (i, s) in slots.enumerated() {
            if let v = s.value {
                indices.append(UInt32(i))
                keys.append(s.key)
                values.append(v)
            }
        }
        return (indices, keys, values)
    }

    /// The table whose `capacity` and `occupiedSlots` these are, slot for slot; nil when they
    /// cannot be one (a capacity that is not a power of two, arrays of different lengths, an
    /// index out of range or repeated, more keys than half the slots).
    @inlinable package init?(capacity: Int, indices: [UInt32], keys: [UInt64], values: [Value]) {
        guard capacity >= 1, capacity & (capacity - 1) == 0, indices.count == keys.count, keys.count == values.count,
              keys.count * 2 <= capacity else { return nil }
        var valid = true
        let slots = [Slot](unsafeUninitializedCapacity: capacity) { s, initialized in
            s.initialize(repeating: Slot(key: 0, value: nil))
            initialized = capacity
            indices.withUnsafeBufferPointer { indices in
                for k in indices.indices {
                    let i = Int(indices[k])
                    guard i < capacity, s[i].value == nil else {
                        valid = false
                        return
                    }
                    s[i] = Slot(key: keys[k], value: values[k])
                }
            }
        }
        guard valid else { return nil }
        self.slots = slots
        self.mask = capacity - 1
        self.count = keys.count
    }
}
