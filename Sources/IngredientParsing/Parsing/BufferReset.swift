extension Array {
    /// Makes the first `n` elements `value`, growing the array when it is shorter; elements
    /// past `n` are left as they are. For buffers sized by the longest line so far whose
    /// readers look only at the current line's first `n`: they never pay for shrinking.
    mutating func resetPrefix(count n: Int, to value: Element) {
        if count < n { append(contentsOf: repeatElement(value, count: n - count)) }
        withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<n]).update(repeating: value) }
    }

    /// Makes the array hold `n` elements, reusing its storage: it is cut to `n` or grown with
    /// copies of `value`; the elements it keeps are left as they are. For buffers whose every
    /// element the caller writes next.
    mutating func resize(count n: Int, filling value: Element) {
        if count > n {
            removeLast(count - n)
        } else if count < n {
            append(contentsOf: repeatElement(value, count: n - count))
        }
    }
}
