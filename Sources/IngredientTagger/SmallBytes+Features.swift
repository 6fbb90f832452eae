extension SmallBytes {
    @inlinable package static var one: SmallBytes { single(0x31) }
    @inlinable package static var zero: SmallBytes { single(0x30) }
    @inlinable package static var quantity: SmallBytes { single(0x51) }

    @inlinable @inline(__always)
    package static func single(_ b: UInt8) -> SmallBytes {
        var s = SmallBytes()
        s.append(b)
        return s
    }
}
