/// Values of a plain type read where they lie: in memory that lives as long as the program
/// (a snapshot compiled into the library, which is then never copied), or in memory of their
/// own. Immutable; copies share the memory. A hot loop reads `bytes` (the tagger's scorer keeps
/// their first address).
package struct PlainValues<T: BitwiseCopyable>: @unchecked Sendable {
    /// The values' bytes (`count × stride` of them).
    package let bytes: UnsafeRawBufferPointer
    /// The memory that holds the values when they are not borrowed; nil when they are.
    private let storage: Storage?

    /// Memory of the values' own, released when the last copy goes.
    private final class Storage {
        let pointer: UnsafeMutableRawPointer

        init(byteCount: Int) {
            pointer = .allocate(byteCount: max(byteCount, 1), alignment: max(16, MemoryLayout<T>.alignment))
        }

        deinit { pointer.deallocate() }
    }

    /// A copy of `values`.
    package init(_ values: [T]) {
        self = values.withUnsafeBytes { PlainValues(copying: $0) }
    }

    /// A copy of the values in `bytes` (whole values).
    package init(copying bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count % MemoryLayout<T>.stride == 0)
        let storage = Storage(byteCount: bytes.count)
        if let base = bytes.baseAddress { storage.pointer.copyMemory(from: base, byteCount: bytes.count) }
        self.storage = storage
        self.bytes = UnsafeRawBufferPointer(start: storage.pointer, count: bytes.count)
    }

    /// The values in `bytes`, read in place: the memory must stay valid and unchanged for as
    /// long as the program runs (a table compiled in), and hold whole values.
    package init(borrowingStatic bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count % MemoryLayout<T>.stride == 0)
        self.bytes = bytes
        storage = nil
    }

    /// The number of values.
    @inlinable
    package var count: Int { bytes.count / MemoryLayout<T>.stride }

    /// The values as an array (a copy).
    package var array: [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress, !bytes.isEmpty {
                UnsafeMutableRawPointer(base).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            initialized = count
        }
    }
}
