/// An immutable open-addressing table from feature keys to weight vectors, packed so that a
/// look-up touches one small slot: a 32-bit fingerprint of the key and `lanes` 16-bit weights
/// (8 lanes: 20 bytes; 16 lanes, two vectors: 36 bytes). Weights are stored as integers at a
/// scale shared by the tables whose sums are added together; sums stay exact in 32-bit lanes
/// and become floats once per token (`scale`).
struct VectorTable: Sendable {
    private let stride: Int
    private let slots: [UInt8]
    /// Number of slots (not a power of two: sized to keep the table small enough for the
    /// core's L2 cache); keys map to slots by a multiply-shift.
    private let capacity: Int
    /// Number of stored keys.
    let count: Int
    /// The float value of one integer step.
    let scale: Float

    /// The scale at which weights up to `largest` in magnitude fit 16 bits.
    static func scale(largest: Float) -> Float { max(largest, 1e-9) / 32000 }

    /// The largest weight magnitude in `vectors`.
    static func largestMagnitude<C: Sequence>(_ vectors: C) -> Float where C.Element == SIMD8<Float> {
        var largest: Float = 0
        for w in vectors { largest = max(largest, w.max(), -w.min()) }
        return largest
    }

    /// A table of one 8-lane vector per key, at `scale` (see `scale(largest:)`).
    init(_ entries: [(key: UInt64, weights: SIMD8<Float>)], scale: Float) {
        self.init(lanes: 8, keys: entries.map(\.key), vectors: entries.map(\.weights), scale: scale)
    }

    /// A table of two 8-lane vectors per key: `keys[k]` holds `vectors[2k]` and `vectors[2k + 1]`.
    init(pairKeys keys: [UInt64], vectors: [SIMD8<Float>], scale: Float) {
        self.init(lanes: 16, keys: keys, vectors: vectors, scale: scale)
    }

    private init(lanes: Int, keys: [UInt64], vectors: [SIMD8<Float>], scale: Float) {
        let perKey = lanes / 8
        precondition(vectors.count == keys.count * perKey)
        let entries = keys.count
        let stride = 4 + 2 * lanes
        let capacity = max(16, entries * 3 / 2 + 1)
        var slots = [UInt8](repeating: 0, count: capacity * stride)
        var count = 0
        slots.withUnsafeMutableBytes { raw in
            for (k, key) in keys.enumerated() {
                let (index, fingerprint) = Self.place(key, capacity)
                var i = index
                while true {
                    let existing = raw.load(fromByteOffset: i * stride, as: UInt32.self)
                    if existing == 0 || existing == fingerprint { break }
                    i = i + 1 == capacity ? 0 : i + 1
                }
                if raw.load(fromByteOffset: i * stride, as: UInt32.self) == 0 { count += 1 }
                raw.storeBytes(of: fingerprint, toByteOffset: i * stride, as: UInt32.self)
                for v in 0..<perKey {
                    let weights = vectors[k * perKey + v]
                    for l in 0..<8 {
                        let q = Int16(clamping: Int((weights[l] / scale).rounded()))
                        raw.storeBytes(of: q, toByteOffset: i * stride + 4 + 16 * v + 2 * l, as: Int16.self)
                    }
                }
            }
        }
        self.stride = stride
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

    /// The integer weights of `key` (its first vector), zero when it is not stored.
    func weights(_ key: UInt64) -> SIMD8<Int32> {
        var sum = SIMD8<Int32>()
        add(key, to: &sum)
        return sum
    }

    /// The byte offset of `key`'s slot, or nil when it is not stored.
    @inline(__always)
    private func find(_ key: UInt64, _ raw: UnsafeRawBufferPointer) -> Int? {
        let (index, fingerprint) = Self.place(key, capacity)
        var i = index
        while true {
            let f = raw.load(fromByteOffset: i * stride, as: UInt32.self)
            if f == fingerprint { return i * stride }
            if f == 0 { return nil }
            i = i + 1 == capacity ? 0 : i + 1
        }
    }

    /// Adds the integer weights of `key` (its first vector), if stored, to `sum`.
    @inline(__always)
    func add(_ key: UInt64, to sum: inout SIMD8<Int32>) {
        slots.withUnsafeBytes { raw in
            guard let at = find(key, raw) else { return }
            sum &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at + 4, as: SIMD8<Int16>.self))
        }
    }

    /// Adds the two vectors of `key`, if stored, to `first` and `second` (a 16-lane table).
    @inline(__always)
    func add(_ key: UInt64, first: inout SIMD8<Int32>, second: inout SIMD8<Int32>) {
        slots.withUnsafeBytes { raw in
            guard let at = find(key, raw) else { return }
            first &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at + 4, as: SIMD8<Int16>.self))
            second &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at + 20, as: SIMD8<Int16>.self))
        }
    }
}
