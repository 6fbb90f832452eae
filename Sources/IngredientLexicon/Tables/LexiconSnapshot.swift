internal import CSnapshots
import IngredientText

/// The built-in lexicon's tables made ready ahead of time, so that start-up copies them into
/// place instead of reading 3,000 table rows and running the key rules over every synonym.
///
/// `Dictionaries/lexicon.snapshot` is generated from the other tables (`tools/compile-snapshots`,
/// which runs `ingest dev snapshots`) and compiled in with them. It records the digest
/// of every table it was made from; `Lexicon.builtIn` reads it only when those are the tables
/// compiled in, and otherwise builds the lexicon from the tables' text, as before. So an edited
/// table is never shadowed by an older snapshot: it only starts more slowly until the snapshot
/// is made again, and a test (`LexiconSnapshotTests`) fails until then.
///
/// Layout: the bytes `SnapshotWriter` writes (compiled in as they are by the `CSnapshots`
/// target, which `read(_:expecting:)` reads), little-endian as the machine that made it: the
/// magic `IKLS`, a version, the digests, then each table in a
/// fixed order (see `bytes(of:digests:)`). A snapshot that is truncated, of another version or
/// byte order, or whose indices point outside its tables is refused with a `DictionaryError`.
package enum LexiconSnapshot {
    /// `IKLS` as the first four bytes.
    static let magic: UInt32 = 0x534C_4B49
    /// The layout's version; a reader refuses any other.
    static let version: UInt32 = 1
    /// The snapshot's file name under `Dictionaries/`.
    package static let fileName = "lexicon.snapshot"
    /// The name errors give.
    static let name = "lexicon.snapshot"

    /// The file name and digest of each table `Lexicon.builtIn` reads, as compiled in.
    package static var builtInDigests: [(table: String, digest: UInt64)] {
        DictionaryTable.allCases.filter { !Lexicon.isDeferred($0) }.map {
            ($0.fileName, EmbeddedDictionaries.digests[$0.fileName] ?? 0)
        }
    }

    /// The snapshot of `lexicon` (made from the built-in tables), recording the digests of the
    /// tables compiled in.
    package static func bytes(of lexicon: Lexicon) -> [UInt8] {
        bytes(of: lexicon, digests: builtInDigests)
    }

    /// The bytes of `Dictionaries/lexicon.snapshot` as compiled in (`CSnapshots`); nil when the
    /// package had none.
    package static var builtInBytes: UnsafeRawBufferPointer? { SnapshotReader.compiledIn { iks_lexicon_snapshot($0) } }

    /// The snapshot bytes of `lexicon`, recording `digests` as the tables it was made from.
    package static func bytes(of lexicon: Lexicon, digests: [(table: String, digest: UInt64)]) -> [UInt8] {
        var w = SnapshotWriter()
        w.header(magic: magic, version: version, sources: digests)

        w.strings(lexicon.units.map(\.id))
        w.array(lexicon.units.map { UInt8(UnitDefinition.Dimension.allCases.firstIndex(of: $0.dimension)!) })
        w.array(lexicon.units.map { $0.factor ?? -1 })
        w.phraseTable(lexicon.unitAliases)
        w.table(lexicon.unitAliasesExact)
        w.phraseTable(lexicon.numbers)
        w.phraseTable(lexicon.sizes)
        w.phraseTable(lexicon.preparation) { UInt8(PreparationKind.allCases.firstIndex(of: $0)!) }
        w.phraseTable(lexicon.phrases) { UInt8(PhraseRole.allCases.firstIndex(of: $0.role)!) << 1 | ($0.optional ? 1 : 0) }
        w.phraseTable(lexicon.headers)
        w.table(lexicon.functionWords)
        w.scalar(Int64(lexicon.longestFunctionWord))
        w.table(lexicon.firstWords)

        let keys = lexicon.keyTables
        let entries = keys.entries.packedEntries
        w.array(entries.keys)
        w.array(entries.values)
        w.lists(keys.formPool.map(\.bytes))
        w.array(keys.formPool.map(\.hash))
        w.strings(keys.rows.map(\.key))
        w.array(keys.rows.map { UInt32($0.words.count) })
        w.array(keys.rows.flatMap { $0.words.map { UInt32($0.start) } })
        w.array(keys.rows.flatMap { $0.words.map { UInt32($0.length) } })
        w.array(keys.rows.flatMap { $0.words.map(\.hash) })
        w.strings(keys.rows.map(\.enUS))
        w.strings(keys.rows.map(\.enGB))
        w.array(keys.rows.map { ($0.enUSIsForm ? 1 : 0) | ($0.enGBIsForm ? 2 : 0) as UInt8 })
        w.table(keys.rowByKey)
        w.table(keys.overrides)
        w.strings(keys.overrideKeys)
        return w.bytes
    }

    /// The lexicon of a snapshot's bytes, or nil when the snapshot was made from other tables
    /// than `digests` name (a stale snapshot, which is no error). Throws when the bytes are no
    /// snapshot this reader can read.
    package static func read(_ bytes: UnsafeRawBufferPointer, expecting digests: [(table: String, digest: UInt64)]) throws -> Lexicon? {
        var r = SnapshotReader(bytes, name: name)
        guard try r.header(magic: magic, version: version, kind: "lexicon", sources: digests) else { return nil }
        return try read(&r)
    }

    private static func read(_ r: inout SnapshotReader) throws -> Lexicon {
        var lexicon = Lexicon()
        let ids = try r.strings(), dimensions: [UInt8] = try r.array(), factors: [Double] = try r.array()
        let allDimensions = UnitDefinition.Dimension.allCases
        guard ids.count == dimensions.count, ids.count == factors.count,
              dimensions.allSatisfy({ Int($0) < allDimensions.count }) else { throw r.failure("units") }
        lexicon.units = ids.indices.map {
            UnitDefinition(id: ids[$0], dimension: allDimensions[Int(dimensions[$0])], factor: factors[$0] > 0 ? factors[$0] : nil)
        }
        for (i, unit) in lexicon.units.enumerated() { lexicon.unitIndexByID[unit.id] = i }
        let unitCount = Int32(lexicon.units.count)
        let isUnit: (Int32) -> Int32? = { $0 >= 0 && $0 < unitCount ? $0 : nil }
        lexicon.unitAliases = try r.phraseTable(decode: isUnit)
        lexicon.unitAliasesExact = try r.table(decode: isUnit)
        lexicon.numbers = try r.phraseTable()
        lexicon.sizes = try r.phraseTable()
        let kinds = PreparationKind.allCases, roles = PhraseRole.allCases
        lexicon.preparation = try r.phraseTable { (k: UInt8) in Int(k) < kinds.count ? kinds[Int(k)] : nil }
        lexicon.phrases = try r.phraseTable { (v: UInt8) in
            Int(v >> 1) < roles.count ? Lexicon.PhraseInfo(role: roles[Int(v >> 1)], optional: v & 1 != 0) : nil
        }
        lexicon.headers = try r.phraseTable()
        lexicon.functionWords = try r.table()
        lexicon.longestFunctionWord = Int(try r.scalar(Int64.self))
        lexicon.firstWords = try r.table()

        let entryKeys: [UInt64] = try r.array(), entryValues: [UInt64] = try r.array()
        let formBytes: [[UInt8]] = try r.lists(), formHashes: [UInt64] = try r.array()
        guard formBytes.count == formHashes.count else { throw r.failure("singular forms") }
        let formPool = zip(formBytes, formHashes).map { (bytes: $0, hash: $1) }
        let keys = try r.strings(), wordCounts: [UInt32] = try r.array()
        let starts: [UInt32] = try r.array(), lengths: [UInt32] = try r.array(), hashes: [UInt64] = try r.array()
        let enUS = try r.strings(), enGB = try r.strings(), forms: [UInt8] = try r.array()
        guard wordCounts.count == keys.count, enUS.count == keys.count, enGB.count == keys.count, forms.count == keys.count,
              starts.count == lengths.count, starts.count == hashes.count,
              wordCounts.reduce(0, { $0 + Int($1) }) == starts.count else { throw r.failure("synonym rows") }
        var rows: [KeyRow] = []
        rows.reserveCapacity(keys.count)
        var word = 0
        for (i, key) in keys.enumerated() {
            let keyBytes = Array(key.utf8)
            var words: [KeyRowWord] = []
            words.reserveCapacity(Int(wordCounts[i]))
            for _ in 0..<Int(wordCounts[i]) {
                guard Int(starts[word]) + Int(lengths[word]) <= keyBytes.count else { throw r.failure("a synonym key's words") }
                words.append(KeyRowWord(start: Int(starts[word]), length: Int(lengths[word]), hash: hashes[word]))
                word += 1
            }
            rows.append(KeyRow(key: key, keyBytes: keyBytes, words: words, enUS: enUS[i], enGB: enGB[i],
                               enUSIsForm: forms[i] & 1 != 0, enGBIsForm: forms[i] & 2 != 0))
        }
        let rowCount = Int32(rows.count)
        let isRow: (Int32) -> Int32? = { $0 >= 0 && $0 < rowCount ? $0 : nil }
        let rowByKey: HashTable<Int32> = try r.table(decode: isRow)
        let overrides: HashTable<Int32> = try r.table()
        let overrideKeys = try r.strings()
        guard overrides.entries.allSatisfy({ $0.value >= 0 && Int($0.value) < overrideKeys.count }) else {
            throw r.failure("key overrides")
        }
        guard entryKeys.count == entryValues.count, entryValues.allSatisfy({ v in
            let e = KeyEntryTable.unpack(v)
            return e.synonym >= -1 && e.synonym < rowCount && e.spaceless >= -1 && e.spaceless < rowCount
                && e.replacement >= -2 && Int(e.replacement) < formPool.count
        }) else { throw r.failure("key entries") }
        guard r.isAtEnd else { throw r.failure("bytes after the last table") }
        lexicon.keyTables = KeyTables(
            entries: KeyEntryTable(packedKeys: entryKeys, values: entryValues), formPool: formPool, rows: rows,
            rowByKey: rowByKey, overrides: overrides, overrideKeys: overrideKeys,
            lexiconPhrases: lexicon.phrases, numbers: lexicon.numbers)
        lexicon.storedRows = nil
        return lexicon
    }
}

extension SnapshotWriter {
    /// Appends a phrase table: its phrases, their prefixes and its longest phrase.
    mutating func phraseTable<V, E: BitwiseCopyable>(_ table: PhraseTable<V>, encode: (V) -> E) {
        self.table(table.full, encode: encode)
        self.table(table.prefixes)
        scalar(Int64(table.maxWords))
    }

    /// Appends a phrase table of plain values.
    mutating func phraseTable<V: BitwiseCopyable>(_ table: PhraseTable<V>) {
        phraseTable(table) { $0 }
    }
}

extension SnapshotReader {
    /// The next phrase table, each value made by `decode` (nil: the snapshot is refused).
    mutating func phraseTable<V, E: BitwiseCopyable>(decode: (E) -> V?) throws -> PhraseTable<V> {
        let full: HashTable<V> = try table(decode: decode)
        let prefixes: HashTable<Bool> = try table()
        let maxWords = try scalar(Int64.self)
        guard maxWords >= 0, maxWords <= 1 << 20 else { throw failure("a phrase table") }
        return PhraseTable(full: full, prefixes: prefixes, maxWords: Int(maxWords))
    }

    /// The next phrase table of plain values.
    mutating func phraseTable<V: BitwiseCopyable>() throws -> PhraseTable<V> {
        try phraseTable { (v: V) in v }
    }
}
