import IngredientText

/// An immutable open-addressing table from feature keys to weight vectors, split so that a
/// look-up of an absent key touches only a small probe array: per slot a 32-bit fingerprint of
/// the key and the index of its weights; the weights themselves (`lanes` 16-bit integers per key:
/// 8 lanes, 16 bytes; 16 lanes, two vectors, 32 bytes) sit in a dense array aligned so that one
/// key's weights share one cache line. Weights are stored as integers at a scale shared by the
/// tables whose sums are added together; sums stay exact in 32-bit lanes and become floats once
/// per token (`scale`).
@usableFromInline package struct VectorTable: @unchecked Sendable { // immutable; `probeStart` points into `probeSlots`
    /// Per slot: fingerprint in the high 32 bits, weight index + 1 in the low 32; 0 when empty.
    /// The `capacity` slots, then copies of the first slots up to and including the first
    /// empty one, so that a probe that runs past the last slot reads on without wrapping to
    /// slot 0 (it finds what it would have found there, and stops at that empty slot at the latest).
    /// A snapshot keeps them so, and a snapshot compiled in is read in place.
    let probeSlots: PlainValues<UInt64>
    /// The first of `probeSlots` (valid while this table is).
    @usableFromInline let probeStart: UnsafePointer<UInt64>
    /// Weights, `lanes` per key, starting `weightBase` bytes into the array.
    @usableFromInline let weightBytes: [UInt8]
    @usableFromInline let weightBase: Int
    @usableFromInline let stride: Int
    /// Number of slots (not a power of two: sized to keep the probe array small); keys map to
    /// slots by a multiply-shift.
    @usableFromInline let capacity: Int
    /// Number of stored keys.
    package let count: Int
    /// The float value of one integer step.
    package let scale: Float

    /// The scale at which weights up to `largest` in magnitude fit 16 bits.
    package static func scale(largest: Float) -> Float { max(largest, 1e-9) / 32000 }

    /// The largest weight magnitude in `vectors`.
    package static func largestMagnitude<C: Sequence>(_ vectors: C) -> Float where C.Element == SIMD8<Float> {
        // Lane-wise extremes first, one reduction at the end (the same value as taking
        // `max(largest, w.max(), -w.min())` vector by vector: no weight is NaN).
        var high = SIMD8<Float>(), low = SIMD8<Float>()
        for w in vectors {
            high = pointwiseMax(high, w)
            low = pointwiseMin(low, w)
        }
        return max(0, high.max(), -low.min())
    }

    /// `x` rounded to the nearest integer, halves away from zero, as `Int16(clamping:)`:
    /// the same as `Int16(clamping: Int(x.rounded(.toNearestOrAwayFromZero)))` wherever that
    /// is defined (|x| < 2^63; beyond, this clamps where that traps), without a call to the C
    /// library's `roundf` per lane (the baseline x86-64 target has no rounding instruction).
    /// Clamping first changes no result; `x` minus its truncation is exact, so the half test
    /// is too.
    @inline(__always)
    package static func quantized(_ x: Float) -> Int16 {
        let c = Swift.min(Swift.max(x, -32768), 32767)
        let t = Int32(c) // toward zero
        let fraction = c - Float(t)
        let r = fraction >= 0.5 ? t + 1 : fraction <= -0.5 ? t - 1 : t
        return Int16(clamping: r)
    }

    /// A table of one 8-lane vector per key, at `scale` (see `scale(largest:)`).
    package init(_ entries: [(key: UInt64, weights: SIMD8<Float>)], scale: Float) {
        self.init(lanes: 8, keys: entries.map(\.key), vectors: entries.map(\.weights), scale: scale)
    }

    /// A table of two 8-lane vectors per key: `keys[k]` holds `vectors[2k]` and `vectors[2k + 1]`.
    package init(pairKeys keys: [UInt64], vectors: [SIMD8<Float>], scale: Float) {
        self.init(lanes: 16, keys: keys, vectors: vectors, scale: scale)
    }

    private init(lanes: Int, keys: [UInt64], vectors: [SIMD8<Float>], scale: Float) {
        let perKey = lanes / 8
        precondition(vectors.count == keys.count * perKey)
        let stride = 2 * lanes
        // A third full: a probe for a word pair the model lacks (a third of the line's pairs)
        // stops after 1.6 slots on average, against 5 in a table two-thirds full.
        let capacity = max(16, keys.count * 3 + 1)
        var probes = [UInt64](repeating: 0, count: capacity)
        // A later row for a stored key (same fingerprint on its probe path) replaces its weights.
        var index: [Int] = [] // weight index of each key
        index.reserveCapacity(keys.count)
        var count = 0
        for key in keys {
            let (start, fingerprint) = Self.place(key, capacity, mixed: lanes == 16)
            var i = start
            while probes[i] != 0, UInt32(truncatingIfNeeded: probes[i] >> 32) != fingerprint {
                i = i + 1 == capacity ? 0 : i + 1
            }
            if probes[i] == 0 {
                probes[i] = UInt64(fingerprint) << 32 | UInt64(count + 1)
                count += 1
            }
            index.append(Int(truncatingIfNeeded: probes[i] & 0xFFFF_FFFF) - 1)
        }
        // Word-pair keys are distinct (the reader keeps one per pair): no two may share a slot.
        precondition(lanes == 8 || count == keys.count, "two word pairs met on one fingerprint")
        var (weightBytes, weightBase) = Self.alignedWeights(count * stride)
        weightBytes.withUnsafeMutableBytes { raw in
            for (k, at) in index.enumerated() {
                for v in 0..<perKey {
                    // Per lane `Int16(clamping: Int((w / scale).rounded()))`, the division eight lanes at once.
                    let steps = vectors[k * perKey + v] / scale
                    var q = SIMD8<Int16>()
                    for l in 0..<8 { q[l] = Self.quantized(steps[l]) }
                    raw.storeBytes(of: q, toByteOffset: weightBase + at * stride + 16 * v, as: SIMD8<Int16>.self)
                }
            }
        }
        self.init(probes: probes, weightBytes: weightBytes, weightBase: weightBase, stride: stride, capacity: capacity,
                  count: count, scale: scale)
    }

    /// A table of its parts as stored, the weights `weightBase` bytes into `weightBytes`.
    private init(probes: [UInt64], weightBytes: [UInt8], weightBase: Int, stride: Int, capacity: Int, count: Int, scale: Float) {
        // Every table has an empty slot (more slots than keys).
        let copies = probes.firstIndex(of: 0)! + 1
        self.init(probeSlots: PlainValues(probes + probes[..<copies]), weightBytes: weightBytes, weightBase: weightBase, stride: stride,
                  capacity: capacity, count: count, scale: scale)
    }

    /// A table of its parts as stored (`probeSlots` with the copies at the end).
    private init(probeSlots: PlainValues<UInt64>, weightBytes: [UInt8], weightBase: Int, stride: Int, capacity: Int, count: Int, scale: Float) {
        // Read in place when on an 8-byte boundary (a snapshot puts them on one), else copied.
        let slots = Int(bitPattern: probeSlots.bytes.baseAddress!) % 8 == 0 ? probeSlots : PlainValues(copying: probeSlots.bytes)
        self.probeSlots = slots
        self.probeStart = slots.bytes.baseAddress!.bindMemory(to: UInt64.self, capacity: slots.count)
        self.weightBytes = weightBytes
        self.weightBase = weightBase
        self.stride = stride
        self.capacity = capacity
        self.count = count
        self.scale = scale
    }

    /// Zeroed storage for `byteCount` bytes of weights, and the offset in it where they start
    /// on a 64-byte boundary (so that one key's weights share a cache line).
    private static func alignedWeights(_ byteCount: Int) -> (bytes: [UInt8], base: Int) {
        let bytes = [UInt8](repeating: 0, count: byteCount + 64)
        let base = bytes.withUnsafeBytes { raw in (64 - Int(bitPattern: raw.baseAddress!) % 64) % 64 }
        return (bytes, base)
    }

    /// Slot index and nonzero fingerprint of a key. `mixed`: the key is already well mixed (a
    /// word-pair key, the result of `ByteHash.combine`, in a 16-lane table), and is placed as it
    /// is; other keys (byte hashes) are mixed first.
    @inlinable @inline(__always)
    static func place(_ key: UInt64, _ capacity: Int, mixed: Bool) -> (Int, UInt32) {
        let h = mixed ? key : ByteHash.finish(key)
        let fingerprint = UInt32(truncatingIfNeeded: h)
        let index = Int(truncatingIfNeeded: ((h >> 32) &* UInt64(capacity)) >> 32)
        return (index, fingerprint == 0 ? 1 : fingerprint)
    }

    /// The integer weights of `key` (its first vector), zero when it is not stored.
    @inlinable package func weights(_ key: UInt64) -> SIMD8<Int32> {
        var sum = SIMD8<Int32>()
        add(key, to: &sum)
        return sum
    }

    /// The byte offset of `key`'s weights in `weightBytes`, or nil when it is not stored.
    @inlinable @inline(__always)
    func find(_ key: UInt64, mixed: Bool) -> Int? {
        let (start, fingerprint) = Self.place(key, capacity, mixed: mixed)
        // Unchecked reads: a probe stops at an empty slot before the end (see `probeSlots`).
        var at = probeStart + start
        while true {
            let slot = at.pointee
            // Wrapping arithmetic: indices and offsets are bounded by the table's size.
            if UInt32(truncatingIfNeeded: slot >> 32) == fingerprint {
                return weightBase &+ (Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1) &* stride
            }
            if slot == 0 { return nil }
            at += 1
        }
    }

    /// Adds the integer weights of `key` (its first vector), if stored, to `sum`.
    @inlinable @inline(__always)
    package func add(_ key: UInt64, to sum: inout SIMD8<Int32>) {
        guard let at = find(key, mixed: false) else { return }
        weightBytes.withUnsafeBytes { raw in
            sum &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at, as: SIMD8<Int16>.self))
        }
    }

    /// Adds the two vectors of `key`, if stored, to `first` and `second` (a 16-lane table, whose
    /// keys are word-pair keys).
    @inlinable @inline(__always)
    package func add(_ key: UInt64, first: inout SIMD8<Int32>, second: inout SIMD8<Int32>) {
        guard let at = find(key, mixed: true) else { return }
        weightBytes.withUnsafeBytes { raw in
            first &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at, as: SIMD8<Int16>.self))
            second &+= SIMD8<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: at + 16, as: SIMD8<Int16>.self))
        }
    }

    /// The probe slots, and the stored weights without the alignment padding: with `stride`,
    /// `capacity`, `count` and `scale`, what `init(probeSlots:weightCount:stride:capacity:count:scale:fill:)`
    /// rebuilds the very same table from (a snapshot made at build time).
    package var storedWeights: [UInt8] { Array(weightBytes[weightBase..<(weightBase + count * stride)]) }

    /// The probe slots with the copies at their end (see `probeSlots`), as a snapshot keeps them.
    package var storedProbeSlots: PlainValues<UInt64> { probeSlots }

    /// Whether `slots` can be a table's probe slots (`probeSlots`) for `capacity` slots and
    /// `count` weights: each slot empty or naming one of the weights, the copies at the end
    /// those of the first slots, the last slot empty (every probe stops there at the latest).
    static func areProbeSlots(_ slots: PlainValues<UInt64>, capacity: Int, count: Int) -> Bool {
        let n = slots.count
        guard capacity >= 1, n > capacity, count < capacity, count <= Int(UInt32.max) else { return false }
        let p = slots.bytes.baseAddress!
        func slot(_ i: Int) -> UInt64 { p.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self) }
        guard slot(n - 1) == 0 else { return false }
        for i in capacity..<n where slot(i) != slot(i - capacity) { return false }
        // One test a slot: the weight index (low half minus one) is below `count` unless the slot is 0.
        var bad = false
        let limit = UInt64(count)
        for i in 0..<capacity {
            let s = slot(i)
            bad = bad || (s != 0 && (s & 0xFFFF_FFFF) &- 1 >= limit)
        }
        return !bad
    }

    /// The table whose parts these are (see `storedWeights`, `storedProbeSlots`), its
    /// `weightCount` bytes of weights written by `fill` straight into their aligned place (a
    /// snapshot's reader decodes them there: no copy, no zeroing first); nil when the parts
    /// cannot be one.
    package init?(probeSlots: PlainValues<UInt64>, weightCount: Int, stride: Int, capacity: Int, count: Int, scale: Float,
                  fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        guard stride == 16 || stride == 32, weightCount == count * stride,
              Self.areProbeSlots(probeSlots, capacity: capacity, count: count) else { return nil }
        var weightBase = 0
        let weightBytes = try [UInt8](unsafeUninitializedCapacity: weightCount + 64) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            weightBase = (64 - Int(bitPattern: raw.baseAddress!) % 64) % 64
            try fill(UnsafeMutableRawBufferPointer(rebasing: raw[weightBase..<(weightBase + weightCount)]))
            // The padding either side, zeroed as `alignedWeights` leaves it.
            raw[..<weightBase].initializeMemory(as: UInt8.self, repeating: 0)
            raw[(weightBase + weightCount)...].initializeMemory(as: UInt8.self, repeating: 0)
            initialized = weightCount + 64
        }
        self.init(probeSlots: probeSlots, weightBytes: weightBytes, weightBase: weightBase, stride: stride, capacity: capacity,
                  count: count, scale: scale)
    }

    /// Whether `other` holds the same keys and weights in the same layout (for tests: the
    /// weights' place in memory aside).
    package func isSameTable(as other: VectorTable) -> Bool {
        guard probeSlots.array == other.probeSlots.array, stride == other.stride, capacity == other.capacity, count == other.count,
              scale == other.scale else { return false }
        let n = count * stride
        return weightBytes[weightBase..<(weightBase + n)].elementsEqual(other.weightBytes[other.weightBase..<(other.weightBase + n)])
    }
}
