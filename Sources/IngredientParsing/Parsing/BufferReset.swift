extension Array {
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
