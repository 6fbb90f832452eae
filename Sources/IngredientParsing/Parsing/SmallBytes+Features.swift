extension SmallBytes {
    static let one = single(0x31), zero = single(0x30), quantity = single(0x51)

    @inline(__always)
    static func single(_ b: UInt8) -> SmallBytes {
        var s = SmallBytes()
        s.append(b)
        return s
    }
}
