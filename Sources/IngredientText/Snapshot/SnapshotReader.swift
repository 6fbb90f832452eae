/// Reads what `SnapshotWriter` wrote, straight from its seven-bit text (`SevenBitText`), checking
/// every length against what is left: a truncated or damaged snapshot is refused with a
/// `DictionaryError` naming `source`, never misread.
@usableFromInline package struct SnapshotReader {
    @usableFromInline var source: SevenBitText.Reader
    /// What the snapshot was made from, for error messages ("model/tagger.tsv (snapshot)").
    @usableFromInline package let name: String

    /// A reader of `text`, which must stay alive (and unmoved) while it reads.
    package init(_ text: UnsafeBufferPointer<UInt8>, name: String) {
        source = SevenBitText.Reader(text)
        self.name = name
    }

    /// Whether every byte has been read (and the text held nothing else).
    package var isAtEnd: Bool { source.isAtEnd && !source.failed }

    /// The error for a snapshot that is not what the reader expects.
    @usableFromInline package func failure(_ what: String) -> DictionaryError {
        .invalidValue(table: name, line: 0, column: "byte \(source.consumed)", value: what)
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
        var value = [UInt8](repeating: 0, count: MemoryLayout<T>.size)
        let n = value.withUnsafeMutableBytes { source.read(into: $0.baseAddress!, atMost: $0.count) }
        guard n == MemoryLayout<T>.size else { throw failure("truncated") }
        return value.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    /// The number of values of the next array of plain values (checked against what is left),
    /// whose bytes the caller then reads where it wants them (`read(into:)`).
    package mutating func arrayCount<T: BitwiseCopyable>(of type: T.Type) throws -> Int {
        let count = try scalar(UInt64.self)
        guard count <= UInt64(source.bytesLeftAtMost / max(1, MemoryLayout<T>.stride)) else { throw failure("truncated") }
        return Int(count)
    }

    /// Reads the next `buffer.count` bytes into `buffer`.
    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count > 0 else { return }
        guard source.read(into: buffer.baseAddress!, atMost: buffer.count) == buffer.count else { throw failure("truncated") }
    }

    /// The next array of plain values.
    @inlinable
    package mutating func array<T: BitwiseCopyable>() throws -> [T] {
        let count = try scalar(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(source.bytesLeftAtMost / max(1, stride)) else { throw failure("truncated") }
        let n = Int(count), size = n * stride
        var read = 0
        let values = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            if size > 0 {
                let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
                read = source.read(into: raw, atMost: size)
                if read < size { (raw + read).initializeMemory(as: UInt8.self, repeating: 0, count: size - read) }
            }
            // Plain values: whatever bytes were read, every element is a valid value.
            initialized = n
        }
        guard read == size else { throw failure("truncated") }
        return values
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
