/// An immutable open-addressing table from feature keys to 8-lane weight vectors, packed so
/// that a look-up touches one small slot: a 32-bit fingerprint of the key and eight 16-bit
/// weights (20 bytes). Weights are stored as integers at a table-wide scale; sums stay
/// exact in 32-bit lanes and become floats once per token (`scale`).
struct VectorTable: Sendable {
    private static let stride = 20

    private let slots: [UInt8]
    /// Number of slots (not a power of two: sized to keep the table small enough for the
    /// core's L2 cache); keys map to slots by a multiply-shift.
    private let capacity: Int
    /// Number of stored keys.
    let count: Int
    /// The float value of one integer step.
    let scale: Float

    init(_ entries: [(key: UInt64, weights: SIMD8<Float>)]) {
        let capacity = max(16, entries.count * 3 / 2 + 1)
        var largest: Float = 1e-9
        for (_, w) in entries { largest = max(largest, w.max(), -w.min()) }
        let scale = largest / 32000
        var slots = [UInt8](repeating: 0, count: capacity * Self.stride)
        var count = 0
        slots.withUnsafeMutableBytes { raw in
            for (key, weights) in entries {
                let (index, fingerprint) = Self.place(key, capacity)
                var i = index
                while true {
                    let existing = raw.load(fromByteOffset: i * Self.stride, as: UInt32.self)
                    if existing == 0 || existing == fingerprint { break }
                    i = i + 1 == capacity ? 0 : i + 1
                }
                if raw.load(fromByteOffset: i * Self.stride, as: UInt32.self) == 0 { count += 1 }
                raw.storeBytes(of: fingerprint, toByteOffset: i * Self.stride, as: UInt32.self)
                for l in 0..<8 {
                    let q = Int16(clamping: Int((weights[l] / scale).rounded()))
                    raw.storeBytes(of: q, toByteOffset: i * Self.stride + 4 + 2 * l, as: Int16.self)
                }
            }
        }
        self.slots = slots
        self.capacity = capacity
        self.count = count
        self.scale = scale
    }

    /// Slot index and nonzero fingerprint of a key.
    @inline(__always)
    private static func place(_ key: UInt64, _ capacity: Int) -> (Int, UInt32) {
        let h = ByteHash.finish(key)
        let fingerprint = UInt32(truncatingIfNeeded: h)
        let index = Int(truncatingIfNeeded: ((h >> 32) &* UInt64(capacity)) >> 32)
        return (index, fingerprint == 0 ? 1 : fingerprint)
    }

    /// The integer weights of `key`, zero when it is not stored.
    func weights(_ key: UInt64) -> SIMD8<Int32> {
        var sum = SIMD8<Int32>()
        add(key, to: &sum)
        return sum
    }

    /// Adds the integer weights of `key`, if stored, to `sum`.
    @inline(__always)
    func add(_ key: UInt64, to sum: inout SIMD8<Int32>) {
        let (index, fingerprint) = Self.place(key, capacity)
        slots.withUnsafeBytes { raw in
            var i = index
            while true {
                let f = raw.load(fromByteOffset: i * Self.stride, as: UInt32.self)
                if f == fingerprint {
                    let w = raw.loadUnaligned(fromByteOffset: i * Self.stride + 4, as: SIMD8<Int16>.self)
                    sum &+= SIMD8<Int32>(truncatingIfNeeded: w)
                    return
                }
                if f == 0 { return }
                i = i + 1 == capacity ? 0 : i + 1
            }
        }
    }
}
