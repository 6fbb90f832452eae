/// Reads what `SnapshotWriter` wrote, straight from its bytes (a snapshot compiled into the
/// library, see `CSnapshots`, or any other buffer), checking every length against what is
/// left: a truncated or damaged snapshot is refused with a `DictionaryError` naming `name`,
/// never misread.
@usableFromInline package struct SnapshotReader {
    /// The snapshot's bytes.
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// How many of them have been read.
    @usableFromInline var consumed = 0
    /// What the snapshot was made from, for error messages ("model/tagger.snapshot").
    @usableFromInline package let name: String
    /// Whether `bytes` live, unchanged, as long as the program (a snapshot compiled in), so
    /// that `values()` may read them in place.
    let isStatic: Bool

    /// A reader of `bytes`, which must stay alive (and unmoved) while it reads; `isStatic`:
    /// they do for as long as the program runs (see `values()`).
    package init(_ bytes: UnsafeRawBufferPointer, name: String, isStatic: Bool = false) {
        self.bytes = bytes
        self.name = name
        self.isStatic = isStatic
    }

    /// The bytes of a snapshot compiled into the library, as `accessor` (a `CSnapshots`
    /// function) gives them: a pointer and, through its argument, their number. Nil when the
    /// package had no such file.
    package static func compiledIn(_ accessor: (UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>?) -> UnsafeRawBufferPointer? {
        var count = 0
        guard let base = accessor(&count), count > 0 else { return nil }
        return UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { consumed == bytes.count }

    /// The number of bytes not read yet.
    @usableFromInline var bytesLeft: Int { bytes.count - consumed }

    /// The error for a snapshot that is not what the reader expects.
    @usableFromInline package func failure(_ what: String) -> DictionaryError {
        .invalidValue(table: name, line: 0, column: "byte \(consumed)", value: what)
    }

    /// Reads a header as `SnapshotWriter.header` wrote it; whether the snapshot was made from
    /// `sources` (false: from other tables, or other versions of them: a stale snapshot, no
    /// error). Throws when the magic or the version is not this one (`kind` names it).
    package mutating func header(magic: UInt32, version: UInt32, kind: String,
                                 sources: [(table: String, digest: UInt64)]) throws -> Bool {
        guard try scalar(UInt32.self) == magic else { throw failure("not a \(kind) snapshot (byte order or magic)") }
        guard try scalar(UInt32.self) == version else { throw failure("a snapshot of another version") }
        let tables = try strings(), recorded: [UInt64] = try array()
        guard tables.count == recorded.count else { throw failure("digests") }
        return tables == sources.map(\.table) && recorded == sources.map(\.digest)
    }

    /// The next plain value.
    @inlinable
    package mutating func scalar<T: BitwiseCopyable>(_ type: T.Type) throws -> T {
        guard MemoryLayout<T>.size <= bytesLeft else { throw failure("truncated") }
        defer { consumed += MemoryLayout<T>.size }
        return bytes.loadUnaligned(fromByteOffset: consumed, as: T.self)
    }

    /// The number of values of the next array of plain values (checked against what is left),
    /// whose bytes the caller then reads where it wants them (`read(into:)`).
    package mutating func arrayCount<T: BitwiseCopyable>(of type: T.Type) throws -> Int {
        let count = try scalar(UInt64.self)
        guard count <= UInt64(bytesLeft / max(1, MemoryLayout<T>.stride)) else { throw failure("truncated") }
        return Int(count)
    }

    /// Reads the next `buffer.count` bytes into `buffer`.
    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count > 0 else { return }
        guard buffer.count <= bytesLeft else { throw failure("truncated") }
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[consumed..<(consumed + buffer.count)]))
        consumed += buffer.count
    }

    /// The next array of plain values.
    @inlinable
    package mutating func array<T: BitwiseCopyable>() throws -> [T] {
        let count = try scalar(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(bytesLeft / max(1, stride)) else { throw failure("truncated") }
        let n = Int(count), size = n * stride
        let values = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            if size > 0 {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress! + consumed, byteCount: size)
            }
            // Plain values: whatever the bytes, every element is a valid value.
            initialized = n
        }
        consumed += size
        return values
    }

    /// The next array of plain values (as `array()` reads it), read in place when the
    /// snapshot's bytes live as long as the program (`isStatic`), copied otherwise.
    package mutating func values<T: BitwiseCopyable>() throws -> PlainValues<T> {
        let n = try arrayCount(of: T.self), size = n * MemoryLayout<T>.stride
        let part = UnsafeRawBufferPointer(rebasing: bytes[consumed..<(consumed + size)])
        consumed += size
        return isStatic ? PlainValues(borrowingStatic: part) : PlainValues(copying: part)
    }

    /// The next hash table, slot for slot, with each stored value made by `decode` (nil: the
    /// snapshot is refused).
    @inlinable
    package mutating func table<V, E: BitwiseCopyable>(decode: (E) -> V?) throws -> HashTable<V> {
        let capacity = try scalar(UInt64.self)
        let indices: [UInt32] = try array(), keys: [UInt64] = try array(), encoded: [E] = try array()
        var values: [V] = []
        values.reserveCapacity(encoded.count)
        for e in encoded {
            guard let v = decode(e) else { throw failure("a value of a hash table") }
            values.append(v)
        }
        guard capacity <= 1 << 40, let table = HashTable(capacity: Int(capacity), indices: indices, keys: keys, values: values) else {
            throw failure("hash table")
        }
        return table
    }

    /// The next hash table of plain values, slot for slot.
    @inlinable
    package mutating func table<V: BitwiseCopyable>() throws -> HashTable<V> {
        let capacity = try scalar(UInt64.self)
        let indices: [UInt32] = try array(), keys: [UInt64] = try array(), values: [V] = try array()
        guard capacity <= 1 << 40, let table = HashTable(capacity: Int(capacity), indices: indices, keys: keys, values: values) else {
            throw failure("hash table")
        }
        return table
    }

    /// The next strings.
    package mutating func strings() throws -> [String] {
        try parts(what: "strings") { (bytes: UnsafeBufferPointer<UInt8>) in String(decoding: bytes, as: UTF8.self) }
    }

    /// The next lists of plain values (as `SnapshotWriter.lists` wrote them).
    @inlinable
    package mutating func lists<T: BitwiseCopyable>() throws -> [[T]] {
        try parts(what: "lists") { (values: UnsafeBufferPointer<T>) in Array(values) }
    }

    /// Lengths, then all the values: one part made by `make` of each length's values.
    /// Inlinable, so that a caller's parts are made by code specialized for their type.
    @inlinable
    mutating func parts<T: BitwiseCopyable, R>(what: String, _ make: (UnsafeBufferPointer<T>) -> R) throws -> [R] {
        let lengths: [UInt32] = try array(), values: [T] = try array()
        guard lengths.reduce(0, { $0 + Int($1) }) == values.count else { throw failure(what) }
        return values.withUnsafeBufferPointer { values in
            var parts: [R] = []
            parts.reserveCapacity(lengths.count)
            var at = 0
            for n in lengths {
                parts.append(make(UnsafeBufferPointer(rebasing: values[at..<(at + Int(n))])))
                at += Int(n)
            }
            return parts
        }
    }
}
