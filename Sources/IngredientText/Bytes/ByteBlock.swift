/// Tests on eight bytes at once (a `UInt64` loaded from a byte string), for scans that skip
/// ahead a block at a time while no byte of interest is in it. Both tests are exact: they say
/// whether some byte qualifies, not which.
@usableFromInline package enum ByteBlock {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `x` equals `byte`.
    @inlinable @inline(__always)
    package static func contains(_ x: UInt64, _ byte: UInt8) -> Bool {
        let v = x ^ (ones &* UInt64(byte))
        return (v &- ones) & ~v & highs != 0
    }

    /// Whether some byte of `x` is below `bound` (at most 0x80).
    @inlinable @inline(__always)
    package static func contains(_ x: UInt64, below bound: UInt8) -> Bool {
        (x &- ones &* UInt64(bound)) & ~x & highs != 0
    }
}
