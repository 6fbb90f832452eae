#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Zero-filled memory from the C allocator, for large tables built once: a large block comes
/// straight from the kernel already zeroed, so nothing writes the zeros again (a 1 MB table
/// filled with `initialize(repeating:)` cost about 280,000 instructions at every start), and
/// pages the table never touches take no memory.
package enum ZeroedAllocation {
    /// `count` zeroed elements of `T`, a type whose all-zero bytes are a valid value (integers,
    /// tuples of them). Release with `release(_:)`.
    package static func allocate<T: BitwiseCopyable>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        guard let raw = calloc(max(count, 1), MemoryLayout<T>.stride) else {
            fatalError("out of memory allocating \(count) × \(MemoryLayout<T>.stride) bytes")
        }
        return raw.bindMemory(to: T.self, capacity: max(count, 1))
    }

    /// Releases memory from `allocate(_:count:)`.
    package static func release<T>(_ pointer: UnsafeMutablePointer<T>) {
        free(pointer)
    }
}
