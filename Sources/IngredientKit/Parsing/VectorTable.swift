/// An immutable open-addressing table from feature keys to 8-lane weight vectors, with
/// key and weights in one slot so that a look-up costs one cache miss at most.
struct VectorTable: Sendable {
    private struct Slot: Sendable {
        var key: UInt64 = 0 // 0: empty (a real key of 0 is not stored; odds 2⁻⁶⁴)
        var weights = SIMD8<Float>()
    }

    private let slots: [Slot]
    private let mask: Int
    /// Number of stored keys.
    let count: Int

    init(_ entries: [(key: UInt64, weights: SIMD8<Float>)]) {
        var capacity = 16
        while capacity * 3 < entries.count * 4 { capacity <<= 1 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        let mask = capacity - 1
        var count = 0
        for (key, weights) in entries where key != 0 {
            var i = Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
            while slots[i].key != 0, slots[i].key != key { i = (i + 1) & mask }
            if slots[i].key == 0 { count += 1 }
            slots[i] = Slot(key: key, weights: weights)
        }
        self.slots = slots
        self.mask = mask
        self.count = count
    }

    /// Adds the weights of `key`, if stored, to `sum`.
    @inline(__always)
    func add(_ key: UInt64, to sum: inout SIMD8<Float>) {
        slots.withUnsafeBufferPointer { s in
            var i = Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
            while true {
                let k = s[i].key
                if k == key { sum += s[i].weights; return }
                if k == 0 { return }
                i = (i + 1) & mask
            }
        }
    }
}
