extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes, copied from where the literal lies (appending a
    /// String's UTF-8 view goes through a generic path, at about 160 instructions a piece).
    @inlinable
    package mutating func append(literal text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
