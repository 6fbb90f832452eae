/// A growable list of plain values (no references inside) for the per-line buffers that pass
/// from the workspace to the assembler and the view and back (spans, amounts).
///
/// Unlike an `Array`, it counts no references and checks no uniqueness when it is written, and
/// emptying it sets its count (an array's `removeAll(keepingCapacity:)` is a generic
/// `replaceSubrange` of about 80 instructions). The price: it is a plain pointer and counts, not a
/// value type. Copies share the elements, so a list has one owner at a time, which hands it on by
/// `swap` (as the workspace, the assembler and the view do; a copy is only read while its owner
/// leaves it alone), and its memory is freed by `deallocate()` (the workspace frees its lists
/// when it goes).
struct PlainList<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>?
    private var counts: (count: Int32, capacity: Int32) = (0, 0)

    var count: Int { Int(counts.count) }
    var capacity: Int { Int(counts.capacity) }

    init() {}

    var isEmpty: Bool { count == 0 }
    var first: Element? { count == 0 ? nil : base.unsafelyUnwrapped[0] }
    var last: Element? { count == 0 ? nil : base.unsafelyUnwrapped[count &- 1] }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            return base.unsafelyUnwrapped[i]
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "index out of range")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if counts.count == counts.capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: value)
        counts.count &+= 1
    }

    /// Inserts `value` at `i` (at most `count`), moving the elements from `i` on.
    mutating func insert(_ value: Element, at i: Int) {
        precondition(i >= 0 && i <= count, "index out of range")
        if counts.count == counts.capacity { grow() }
        let p = base.unsafelyUnwrapped
        (p + i + 1).moveInitialize(from: p + i, count: count - i)
        (p + i).initialize(to: value)
        counts.count += 1
    }

    /// The elements where they lie (valid until the list next changes or is freed).
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Replaces the elements with a copy of `elements`.
    mutating func replace(with elements: UnsafeBufferPointer<Element>) {
        counts.count = 0
        while capacity < elements.count { grow() }
        // (An empty list may have no memory yet: nothing to copy then, whatever the source.)
        if elements.count > 0, let source = elements.baseAddress { base.unsafelyUnwrapped.initialize(from: source, count: elements.count) }
        counts.count = Int32(truncatingIfNeeded: elements.count)
    }

    /// Empties the list; its memory is kept for the next line.
    @inline(__always)
    mutating func removeAll() { counts.count = 0 }

    /// Drops the elements from `range.lowerBound` on.
    @inline(__always)
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        precondition(range.lowerBound >= 0 && range.lowerBound <= count, "index out of range")
        counts.count = Int32(truncatingIfNeeded: range.lowerBound)
    }

    /// Frees the memory (the list is then empty); for the list's last owner.
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        counts = (0, 0)
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = Swift.max(8, 2 * capacity)
        precondition(newCapacity <= Int(Int32.max), "list too long")
        let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            new.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = new
        counts.capacity = Int32(truncatingIfNeeded: newCapacity)
    }
}

extension PlainList: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
    @inline(__always) func index(after i: Int) -> Int { i &+ 1 }
    @inline(__always) func index(before i: Int) -> Int { i &- 1 }
}
