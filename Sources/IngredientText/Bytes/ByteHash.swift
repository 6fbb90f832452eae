/// FNV-1a hashing over UTF-8 bytes, folding ASCII letters to lowercase, so that table
/// look-ups need no String and no allocation.
@usableFromInline package enum ByteHash {
    @usableFromInline package static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Mixes one byte into `hash`, folding A–Z to a–z.
    @inlinable @inline(__always)
    package static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        let folded = (byte &- 65) < 26 ? byte | 0x20 : byte
        return (hash ^ UInt64(folded)) &* prime
    }

    /// Mixes one byte into `hash` exactly as it is (case-sensitive).
    @inlinable @inline(__always)
    package static func mixExact(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* prime
    }

    /// The case-folded hash of `bytes`, continuing from `hash`.
    @inlinable @inline(__always)
    package static func fold<C: Collection>(_ bytes: C, into hash: UInt64 = seed) -> UInt64 where C.Element == UInt8 {
        var h = hash
        for b in bytes { h = mix(h, b) }
        return h
    }

    /// The case-sensitive hash of `bytes`, continuing from `hash`.
    @inlinable @inline(__always)
    package static func exact<C: Collection>(_ bytes: C, into hash: UInt64 = seed) -> UInt64 where C.Element == UInt8 {
        var h = hash
        for b in bytes { h = mixExact(h, b) }
        return h
    }

    /// Combines two hashes into one, order-sensitive.
    @inlinable @inline(__always)
    package static func combine(_ a: UInt64, _ b: UInt64) -> UInt64 {
        finish(a &+ 0x9E37_79B9_7F4A_7C15 &* (b ^ (a >> 29)))
    }

    /// A final avalanche so that nearby hashes spread over an open-addressing table.
    @inlinable @inline(__always)
    package static func finish(_ hash: UInt64) -> UInt64 {
        var x = hash
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        return x
    }
}
