import IngredientText

/// Up to eight bytes held in a register, for short feature values built without allocation.
@usableFromInline package struct SmallBytes: Sequence, Sendable {
    @usableFromInline package internal(set) var storage: UInt64 = 0
    @usableFromInline package internal(set) var count = 0

    @inlinable package init() {}

    package init(_ text: StaticString) {
        text.withUTF8Buffer { for b in $0 { append(b) } }
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        guard count < 8 else { return }
        storage |= UInt64(byte) << UInt64(count * 8)
        count += 1
    }

    @usableFromInline package func makeIterator() -> AnyIterator<UInt8> {
        var i = 0
        let s = storage, n = count
        return AnyIterator {
            guard i < n else { return nil }
            defer { i += 1 }
            return UInt8(truncatingIfNeeded: s >> UInt64(i * 8))
        }
    }

    /// Folds the bytes into `hash`.
    @inlinable @inline(__always)
    package func hash(into hash: UInt64) -> UInt64 {
        var h = hash
        var s = storage
        for _ in 0..<count {
            h = ByteHash.mixExact(h, UInt8(truncatingIfNeeded: s))
            s >>= 8
        }
        return h
    }

    package var string: String { String(decoding: Array(self), as: UTF8.self) }
}
