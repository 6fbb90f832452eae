/// An immutable-after-build open-addressing table from 64-bit hashes to values.
///
/// Keys are hashes of byte strings (see `ByteHash`); with 64-bit hashes over a few hundred
/// thousand keys a collision is vanishingly unlikely, and the tables are built from our own
/// data, so keys are not stored twice.
struct HashTable<Value> {
    private var keys: [UInt64]
    private var values: [Value?]
    private var mask: Int
    private(set) var count = 0

    init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity <<= 1 }
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        var i = Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
        while let _ = values[i], keys[i] != key { i = (i + 1) & mask }
        return i
    }

    /// The value stored for `key`, if any.
    @inline(__always)
    subscript(key: UInt64) -> Value? {
        values[slot(for: key)]
    }

    /// Stores `value` for `key`, replacing any earlier value.
    mutating func set(_ key: UInt64, _ value: Value) {
        if (count + 1) * 2 > keys.count { grow() }
        let i = slot(for: key)
        if values[i] == nil { count += 1 }
        keys[i] = key
        values[i] = value
    }

    /// Updates the value for `key` in place, inserting `initial` first when absent.
    mutating func update(_ key: UInt64, default initial: @autoclosure () -> Value, _ body: (inout Value) -> Void) {
        if (count + 1) * 2 > keys.count { grow() }
        let i = slot(for: key)
        if values[i] == nil {
            count += 1
            keys[i] = key
            values[i] = initial()
        }
        body(&values[i]!)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) {
            if let v { set(k, v) }
        }
    }

    /// Every stored key and value, in no particular order.
    var entries: [(key: UInt64, value: Value)] {
        zip(keys, values).compactMap { k, v in v.map { (k, $0) } }
    }
}

extension HashTable: Sendable where Value: Sendable {}
