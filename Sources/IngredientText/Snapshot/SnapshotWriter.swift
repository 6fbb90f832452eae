/// Writes a snapshot: scalars and arrays of plain values in the machine's byte order, hash
/// tables slot for slot, and strings, for `SnapshotReader` to read back in the same order.
/// The tables a build step (or a generator tool) makes ready ahead of time are written this
/// way, so that start-up copies them into place instead of reading and hashing text again.
package struct SnapshotWriter {
    /// What has been written so far.
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Appends one plain value.
    package mutating func scalar<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Appends a snapshot's header: its magic, its layout's version, and the file name and
    /// digest of each table it was made from (read back by `SnapshotReader.header`).
    package mutating func header(magic: UInt32, version: UInt32, sources: [(table: String, digest: UInt64)]) {
        scalar(magic)
        scalar(version)
        strings(sources.map(\.table))
        array(sources.map(\.digest))
    }

    /// Appends the number of values (8 bytes), then their bytes.
    package mutating func array<T: BitwiseCopyable>(_ values: [T]) {
        scalar(UInt64(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends values as `array` does.
    package mutating func array<T: BitwiseCopyable>(_ values: PlainValues<T>) {
        scalar(UInt64(values.count))
        bytes.append(contentsOf: values.bytes)
    }

    /// Appends a hash table slot for slot (its capacity, then the occupied slots' indices, keys
    /// and values), with each value as `encode` gives it.
    package mutating func table<V, E: BitwiseCopyable>(_ table: HashTable<V>, encode: (V) -> E) {
        let slots = table.occupiedSlots
        scalar(UInt64(table.capacity))
        array(slots.indices)
        array(slots.keys)
        array(slots.values.map(encode))
    }

    /// Appends a hash table of plain values slot for slot.
    package mutating func table<V: BitwiseCopyable>(_ table: HashTable<V>) {
        self.table(table) { $0 }
    }

    /// Appends strings: their UTF-8 lengths, then all their bytes (lists of their bytes).
    package mutating func strings(_ values: [String]) {
        lists(values.map { Array($0.utf8) })
    }

    /// Appends lists of plain values: their lengths, then all their values.
    package mutating func lists<T: BitwiseCopyable>(_ lists: [[T]]) {
        array(lists.map { UInt32($0.count) })
        array(Array(lists.joined()))
    }
}
