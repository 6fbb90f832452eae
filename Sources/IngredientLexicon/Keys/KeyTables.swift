import IngredientText

/// The tables canonical keys are computed from, built from the key tables of a `Lexicon`
/// (`plurals`, `invariants`, `key-words`, `synonyms`, `key-overrides`) plus its comment
/// phrases and number words. Immutable once built and shared by reference: the key
/// pipeline (`KeyPipeline.swift`) runs as methods of this class, so no table is copied per
/// name.
package final class KeyTables: Sendable {
    /// Everything about words and word sequences: hash → entry.
    let entries: KeyEntryTable
    /// Replacement singulars from `plurals.tsv`: bytes and hash.
    let formPool: [(bytes: [UInt8], hash: UInt64)]
    /// Normalized synonym rows (for display names and replacements).
    let rows: [KeyRow]
    /// Each row's key, by row.
    let rowKeys: [String]
    /// Each row's key words: `rowWordStart[r]..<rowWordStart[r + 1]` in `rowWordHashes`.
    let rowWordStart: [Int32]
    let rowWordHashes: [UInt64]
    /// A row's key bytes' hash → row.
    let rowByKey: HashTable<Int32>
    /// Raw-name word-sequence hash → index in `overrideKeys`.
    let overrides: HashTable<Int32>
    let overrideKeys: [String]
    /// The lexicon's comment, purpose and optional phrases (where a name stops).
    let lexiconPhrases: PhraseTable<Lexicon.PhraseInfo>
    /// The lexicon's number words (skipped after "of").
    let numbers: PhraseTable<Double>
    /// Hashes of the words the pipeline reads.
    let hashOf: UInt64, hashAnd: UInt64, hashOr: UInt64, hashThe: UInt64, hashWith: UInt64
    /// Per ASCII byte: its lowercase form (low 7 bits) and whether it belongs to a word
    /// (`wordByte`) or is an apostrophe (`apostrophe`); see `KeyTables.byteClasses`.
    let byteClasses: ByteClasses

    convenience init(_ b: KeyTableBuilder) {
        self.init(entries: KeyEntryTable(b.entries), formPool: b.formPool, rows: b.rows, rowByKey: b.rowByKey,
                  overrides: b.overrides, overrideKeys: b.overrideKeys, lexiconPhrases: b.lexiconPhrases, numbers: b.numbers)
    }

    /// Tables of these parts (built from rows, or read from a snapshot: `LexiconSnapshot`).
    init(entries: KeyEntryTable, formPool: [(bytes: [UInt8], hash: UInt64)], rows: [KeyRow], rowByKey: HashTable<Int32>,
         overrides: HashTable<Int32>, overrideKeys: [String], lexiconPhrases: PhraseTable<Lexicon.PhraseInfo>,
         numbers: PhraseTable<Double>) {
        self.entries = entries
        self.formPool = formPool
        self.rows = rows
        rowKeys = rows.map(\.key)
        var starts: [Int32] = [0], hashes: [UInt64] = []
        for row in rows {
            hashes.append(contentsOf: row.words.map(\.hash))
            starts.append(Int32(hashes.count))
        }
        rowWordStart = starts
        rowWordHashes = hashes
        self.rowByKey = rowByKey
        self.overrides = overrides
        self.overrideKeys = overrideKeys
        self.lexiconPhrases = lexiconPhrases
        self.numbers = numbers
        hashOf = KeyTables.wordHash(Array("of".utf8))
        hashAnd = KeyTables.wordHash(Array("and".utf8))
        hashOr = KeyTables.wordHash(Array("or".utf8))
        hashThe = KeyTables.wordHash(Array("the".utf8))
        hashWith = KeyTables.wordHash(Array("with".utf8))
        byteClasses = ByteClasses()
    }

    /// A 256-entry byte table owned by the tables (no array retain on the hot path).
    final class ByteClasses: @unchecked Sendable {
        static let wordByte: UInt8 = 0x80
        let table: UnsafeMutablePointer<UInt8>

        init() {
            table = .allocate(capacity: 256)
            for b in 0..<256 {
                var c = UInt8(b)
                if (c &- 0x41) < 26 { c |= 0x20 }
                if KeyTables.isWordByte(c) {
                    table[b] = c < 0x80 ? c | Self.wordByte : Self.wordByte
                } else {
                    table[b] = c // separators, apostrophe and symbols keep their value (< 0x80)
                }
            }
        }

        deinit { table.deallocate() }
    }

    /// Tables with no rows (before a lexicon is built; every `Lexicon` starts with them, so
    /// they are made from a builder without its 16,384 slots ready for the entries).
    static let empty = KeyTables(KeyTableBuilder(entries: HashTable()))
}
