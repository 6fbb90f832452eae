extension Array {
    /// Makes the array `n` copies of `value`, reusing its storage (a workspace buffer): the
    /// elements are overwritten in place, and the count changes with at most one call (most
    /// lines' buffers are refilled, so emptying and appending anew would cost two).
    mutating func reset(count n: Int, to value: Element) {
        if count > n { removeLast(count - n) }
        withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        if count < n { append(contentsOf: repeatElement(value, count: n - count)) }
    }

    /// Makes the first `n` elements `value`, growing the array when it is shorter; elements
    /// past `n` are left as they are. For buffers sized by the longest line so far whose
    /// readers look only at the current line's first `n`: they never pay for shrinking.
    mutating func resetPrefix(count n: Int, to value: Element) {
        if count < n { append(contentsOf: repeatElement(value, count: n - count)) }
        withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<n]).update(repeating: value) }
    }
}
