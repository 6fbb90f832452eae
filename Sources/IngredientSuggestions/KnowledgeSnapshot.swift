internal import CSnapshots
import IngredientText

/// The food-knowledge tables (`FoodKnowledge`: WordNet synsets and embedding neighbours) made
/// ready ahead of time, so that the first suggestion does not read 1.3 MB of table text.
///
/// `Dictionaries/suggest/knowledge.snapshot` is generated from `suggest/wordnet.tsv` and
/// `suggest/neighbours.tsv` by `tools/compile-snapshots` (`ingest dev snapshots`), with the
/// lexicon's snapshot (`LexiconSnapshot`, which describes the scheme), and records both tables'
/// digests: it is read only when those are the tables compiled in, else the tables are read
/// from their text. Layout: the bytes `SnapshotWriter` writes (compiled in as they are by the
/// `CSnapshots` target, which `read(_:expecting:)` reads): the magic
/// `IKKS`, a version, the digests, then the synset table, the key → synsets table and the
/// neighbour table, each table of rows as the rows' starts and all their values.
package enum KnowledgeSnapshot {
    /// `IKKS` as the first four bytes.
    static let magic: UInt32 = 0x534B_4B49
    /// The layout's version; a reader refuses any other.
    static let version: UInt32 = 1
    /// The snapshot's path under `Dictionaries/`.
    package static let fileName = "suggest/knowledge.snapshot"
    /// The tables a snapshot is made from.
    static let sources = ["suggest/wordnet.tsv", "suggest/neighbours.tsv"]

    /// The path and digest of each table the snapshot is made from, as compiled in.
    package static var builtInDigests: [(table: String, digest: UInt64)] {
        sources.map { ($0, EmbeddedDictionaries.digests[$0] ?? 0) }
    }

    /// The snapshot of the built-in tables read from their text, recording the digests of the
    /// tables compiled in.
    package static func bytesOfBuiltInTables() -> [UInt8] {
        bytes(of: FoodKnowledge.builtFromText(), digests: builtInDigests)
    }

    /// The bytes of `Dictionaries/suggest/knowledge.snapshot` as compiled in (`CSnapshots`);
    /// nil when the package had none.
    static var builtInBytes: UnsafeRawBufferPointer? { SnapshotReader.compiledIn { iks_knowledge_snapshot($0) } }

    /// The snapshot bytes of `knowledge`, recording `digests` as the tables it was made from.
    static func bytes(of knowledge: FoodKnowledge, digests: [(table: String, digest: UInt64)]) -> [UInt8] {
        var w = SnapshotWriter()
        w.header(magic: magic, version: version, sources: digests)
        let parts = knowledge.parts
        w.rowLists(parts.parents)
        w.table(parts.synsetIndex)
        w.rowLists(parts.synsetLists)
        w.table(parts.vocabulary)
        w.rowLists(parts.neighbours)
        return w.bytes
    }

    /// The tables of a snapshot's bytes, or nil when the snapshot was made from other tables
    /// than `digests` name (a stale snapshot, which is no error). Throws when the bytes are no
    /// snapshot this reader can read.
    static func read(_ bytes: UnsafeRawBufferPointer, expecting digests: [(table: String, digest: UInt64)]) throws -> FoodKnowledge? {
        var r = SnapshotReader(bytes, name: fileName)
        guard try r.header(magic: magic, version: version, kind: "knowledge", sources: digests) else { return nil }
        let parents: RowLists<Int32> = try r.rowLists()
        let synsetIndex: HashTable<Int32> = try r.table()
        let synsetLists: RowLists<Int32> = try r.rowLists()
        let vocabulary: HashTable<Int32> = try r.table()
        let neighbours: RowLists<FoodKnowledge.Neighbour> = try r.rowLists()
        guard r.isAtEnd else { throw r.failure("bytes after the last table") }
        let synsets = Int32(parents.count), keys = Int32(synsetLists.count), words = Int32(neighbours.count)
        guard parents.values.allSatisfy({ $0 >= 0 && $0 < synsets }),
              synsetLists.values.allSatisfy({ $0 >= 0 && $0 < synsets }),
              synsetIndex.occupiedSlots.values.allSatisfy({ $0 >= 0 && $0 < keys }),
              vocabulary.occupiedSlots.values.allSatisfy({ $0 >= 0 && $0 < words }),
              neighbours.values.allSatisfy({ $0.row >= 0 && $0.row < words && $0.similarity >= 0 && $0.similarity <= 1 }) else {
            throw r.failure("a row out of range")
        }
        return FoodKnowledge(parents: parents, synsetIndex: synsetIndex, synsetLists: synsetLists,
                             vocabulary: vocabulary, neighbours: neighbours)
    }
}

extension SnapshotWriter {
    /// Appends lists of rows: the rows' starts, then all values.
    mutating func rowLists<T: BitwiseCopyable>(_ lists: RowLists<T>) {
        array(lists.starts)
        array(lists.values)
    }
}

extension SnapshotReader {
    /// The next lists of rows.
    mutating func rowLists<T: BitwiseCopyable>() throws -> RowLists<T> {
        let starts: [Int32] = try array(), values: [T] = try array()
        guard let lists = RowLists(starts: starts, values: values) else { throw failure("lists of rows") }
        return lists
    }
}
