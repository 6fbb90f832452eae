/// Rounding of non-negative doubles to whole numbers without a libm call (baseline x86-64 has
/// no rounding instruction, so `rounded()` calls `round`), for confidences and JSON numbers.
@usableFromInline package enum Rounding {
    /// `x` rounded half away from zero, as `x.rounded()`, for 0 ≤ x < 2^63: by truncation,
    /// which is exact, as `x - trunc(x)` is exact for x ≥ 0.
    @inlinable @inline(__always)
    package static func halfAwayFromZero(_ x: Double) -> UInt64 {
        // Through Int64, which holds every such x: one conversion instruction each way, where
        // UInt64's are emulated.
        var r = Int64(x)
        if x - Double(r) >= 0.5 { r += 1 }
        return UInt64(r)
    }
}
