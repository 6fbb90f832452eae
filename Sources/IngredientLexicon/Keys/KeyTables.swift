import IngredientText

/// What a canonical key does with a word or phrase of `key-words.tsv`.
enum KeyRole: UInt8, Sendable {
    /// Left out of keys: preparation and state that do not change what you buy (chopped, softened).
    case drop = 1
    /// Kept in keys, and protects its words from `drop` rows (red, smoked, fresh, "chopped tomatoes").
    case keep = 2
    /// A part that follows what it is part of: "leg of lamb" → "lamb leg", "juice of 2 limes" → "lime juice".
    case part = 3

    init?(name: String) {
        switch name {
        case "drop": self = .drop
        case "keep": self = .keep
        case "part": self = .part
        default: return nil
        }
    }
}

/// What the key tables know about one word or word sequence (keyed by its hash), all in one
/// entry so that a word costs one look-up.
///
/// Raw words (as written) carry the singular-form fields and `commentStart`; words and
/// sequences in singular form carry the synonym and role fields; `spaceless` is keyed by
/// the hash of a whole name's bytes without spaces.
struct KeyEntry: Sendable {
    /// The synonym row this sequence names, or -1.
    var synonym: Int32 = -1
    /// The synonym row whose key or variant, spaces removed, hashes to this key, or -1.
    var spaceless: Int32 = -1
    /// The singular of this raw word: an index in `formPool`, -1 when it is invariant, -2 when
    /// the rules decide.
    var replacement: Int32 = -2
    /// `Bits` below.
    var bits: UInt8 = 0
    /// This raw word is a regular plural (the rules singularize it) of a word the tables
    /// know: `replacement` names its singular and the other fields are the singular's, so a
    /// name pays one look-up for it, not two.
    var carriesSingular = false

    enum Bits {
        /// The `KeyRole` raw value.
        static let roleMask: UInt8 = 0b11
        /// The synonym applies only to a whole name (`=variant`).
        static let wholeOnly: UInt8 = 1 << 2
        /// A longer synonym or key-word sequence starts with this one.
        static let continues: UInt8 = 1 << 3
        /// A phrase of `phrases.tsv` starts with this raw word.
        static let commentStart: UInt8 = 1 << 4
        /// A longer invariant phrase starts with these raw words.
        static let formContinues: UInt8 = 1 << 5
        /// These raw words are a whole invariant phrase.
        static let invariantPhrase: UInt8 = 1 << 6
        /// A `drop` word or phrase of `key-words.tsv` starts with this word.
        static let startsDrop: UInt8 = 1 << 7
    }

    var role: UInt8 { bits & Bits.roleMask }
}

/// A word inside a row's key: its bytes in `keyBytes` and its hash.
struct KeyRowWord: Sendable {
    var start: Int
    var length: Int
    var hash: UInt64
}

/// One row of `synonyms.tsv`, normalized.
struct KeyRow: Sendable {
    var key: String
    var keyBytes: [UInt8]
    var words: [KeyRowWord]
    var enUS: String
    var enGB: String
    /// Whether each display name is only another way of writing the key ("Brussels
    /// sprouts" for `brussels sprout`, not "serrano chile" for `serrano`): such a name may
    /// stand for the key inside longer keys.
    var enUSIsForm: Bool
    var enGBIsForm: Bool

    /// The name to show for the key inside a longer key in `locale`, if any: a form of the
    /// key, or a British name that differs from the American one.
    func inner(_ locale: DisplayLocale) -> String? {
        switch locale {
        case .enUS: enUSIsForm ? enUS : nil
        case .enGB: enGBIsForm || enGB != enUS ? enGB : nil
        }
    }

    func display(_ locale: DisplayLocale) -> String {
        switch locale {
        case .enUS: enUS
        case .enGB: enGB
        }
    }
}

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

    init(_ b: KeyTableBuilder) {
        entries = KeyEntryTable(b.entries)
        formPool = b.formPool
        rows = b.rows
        rowKeys = b.rows.map(\.key)
        var starts: [Int32] = [0], hashes: [UInt64] = []
        for row in b.rows {
            hashes.append(contentsOf: row.words.map(\.hash))
            starts.append(Int32(hashes.count))
        }
        rowWordStart = starts
        rowWordHashes = hashes
        rowByKey = b.rowByKey
        overrides = b.overrides
        overrideKeys = b.overrideKeys
        lexiconPhrases = b.lexiconPhrases
        numbers = b.numbers
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

    /// Tables with no rows (before a lexicon is built).
    static let empty = KeyTables(KeyTableBuilder())

    /// Builds the tables from a lexicon's rows. Built-in rows come first and user rows after
    /// them, so that where a word or variant appears in both, the user row wins.
    static func build(
        rows: [DictionaryTable: [Lexicon.TableRow]],
        phrases: PhraseTable<Lexicon.PhraseInfo>,
        numbers: PhraseTable<Double>
    ) throws -> KeyTables {
        var b = KeyTableBuilder()
        b.lexiconPhrases = phrases
        b.numbers = numbers
        for row in rows[.phrases] ?? [] {
            if let first = row.columns[0].split(separator: " ").first {
                b.entries[KeyTables.wordHash(Array(first.lowercased().utf8)), default: KeyEntry()].bits |= KeyEntry.Bits.commentStart
            }
        }
        func ordered(_ table: DictionaryTable) -> [Lexicon.TableRow] {
            let all = rows[table] ?? []
            return all.filter { !$0.user } + all.filter(\.user)
        }
        // Invariants, then plurals, per origin: a later row wins.
        let invariants = ordered(.invariants), plurals = ordered(.plurals)
        for user in [false, true] {
            for row in invariants where row.user == user { try b.addInvariant(row) }
            for row in plurals where row.user == user { try b.addPlural(row) }
        }
        let singulars = KeyTables(b)
        for row in ordered(.keyWords) { try b.addKeyWord(row, normalizer: singulars) }
        // Variants are normalized with the word tables complete (singulars, roles).
        let words = KeyTables(b)
        let synonymRows = ordered(.synonyms)
        for row in synonymRows { try b.addSynonymRow(row, normalizer: words) }
        for row in ordered(.keyOverrides) { try b.addOverride(row, normalizer: words) }
        b.addRegularPlurals()
        let tables = KeyTables(b)
        // User rows must be written in canonical form. Built-in rows are not checked here:
        // a test holds every built-in key canonical (`everyKeyIsCanonical`), so start-up does
        // not run the key pipeline over them; and a user's word rules may rewrite a built-in
        // key (a user plural "oats → oat" makes the built-in "rolled oats" "rolled oat"),
        // which is their effect.
        if let problem = tables.nonCanonicalKeys(synonymRows.filter(\.user)).first { throw problem }
        return tables
    }

    /// The rows whose key the full pipeline changes, as errors: every key must come out of
    /// the pipeline unchanged, or no name could reach it.
    func nonCanonicalKeys(_ rows: [Lexicon.TableRow]) -> [DictionaryError] {
        rows.compactMap { row in
            let written = row.columns[0]
            let computed = key(forText: written, foldsDiacritics: true)
            guard computed != written else { return nil }
            return DictionaryError.nonCanonicalKey(table: DictionaryTable.synonyms.fileName, line: row.line, key: written, canonical: computed)
        }
    }

    // MARK: - Hashes

    /// The hash of one folded word (or of a whole name's bytes without spaces), eight bytes at
    /// a time, little-endian, the last chunk zero-padded (words hold no zero byte, so the
    /// padding is unambiguous). Never 0. `WordHasher` computes the same hash byte by byte.
    @inline(__always)
    static func wordHash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var h = WordHasher()
        var i = 0
        while i + 8 <= n {
            h.mixChunk(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0, shift: UInt64 = 0
            while i < n {
                tail |= UInt64(p[i]) << shift
                shift += 8
                i += 1
            }
            h.mixTail(tail)
        }
        return h.value
    }

    /// `wordHash` computed while a word's bytes are produced, without reading them back.
    struct WordHasher {
        private var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var chunk: UInt64 = 0
        private var shift: UInt64 = 0

        @inline(__always)
        mutating func mixChunk(_ c: UInt64) {
            h = (h ^ c) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }

        @inline(__always)
        mutating func mixTail(_ c: UInt64) {
            h = (h ^ c) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 29
        }

        /// Adds the next byte of the word.
        @inline(__always)
        mutating func add(_ b: UInt8) {
            chunk |= UInt64(b) &<< shift
            shift &+= 8
            if shift == 64 {
                mixChunk(chunk)
                chunk = 0
                shift = 0
            }
        }

        /// Adds `n` bytes at `p`, eight at a time; the eight bytes from every multiple of
        /// eight below `n` must be readable (the work arena leaves that room).
        @inline(__always)
        mutating func add(_ p: UnsafePointer<UInt8>, _ n: Int) {
            var i = 0
            while i < n {
                let take = min(8, n - i)
                var x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                if take < 8 { x &= (1 &<< (UInt64(take) &* 8)) &- 1 }
                chunk |= x &<< shift
                let next = shift &+ UInt64(take) &* 8
                if next >= 64 {
                    mixChunk(chunk)
                    chunk = shift == 0 ? 0 : x &>> (64 &- shift)
                    shift = next &- 64
                } else {
                    shift = next
                }
                i += take
            }
        }

        /// The hash of the bytes added so far.
        @inline(__always)
        var value: UInt64 {
            var copy = self
            if copy.shift > 0 { copy.mixTail(copy.chunk) }
            return copy.h == 0 ? 1 : copy.h
        }
    }

    /// `wordHash` for bytes inside a buffer that has at least 8 readable bytes from `p`
    /// (the work arena): the tail is read in one load and masked. Same result.
    @inline(__always)
    static func wordHash(_ p: UnsafePointer<UInt8>, _ n: Int, readable: Int) -> UInt64 {
        guard readable >= 8 else { return wordHash(p, n) }
        var h = WordHasher()
        var i = 0
        while i + 8 <= n {
            h.mixChunk(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        let rest = n - i
        if rest > 0, i + 8 <= readable {
            h.mixTail(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & ((1 << (UInt64(rest) * 8)) &- 1))
            return h.value
        }
        return wordHash(p, n)
    }

    static func wordHash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return wordHash(UnsafePointer(bitPattern: 1)!, 0) }
            return wordHash(base, b.count)
        }
    }

    /// Extends a word-sequence hash by one word (a one-word sequence hashes to the word's hash).
    @inline(__always)
    static func extend(_ h: UInt64, _ word: UInt64) -> UInt64 {
        (((h &<< 5) | (h &>> 59)) ^ word) &* 0x9E37_79B9_7F4A_7C15
    }

    static func sequenceHash(_ words: [[UInt8]]) -> UInt64 {
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? wordHash(w) : extend(h, wordHash(w))
        }
        return h
    }
}

/// The mutable storage `KeyTables` is built from.
struct KeyTableBuilder {
    var entries: [UInt64: KeyEntry] = [:]
    var formPool: [(bytes: [UInt8], hash: UInt64)] = []
    var rows: [KeyRow] = []
    var rowByKey = HashTable<Int32>()
    var overrides = HashTable<Int32>()
    var overrideKeys: [String] = []
    var lexiconPhrases = PhraseTable<Lexicon.PhraseInfo>()
    var numbers = PhraseTable<Double>()

    private static func wordHash(_ bytes: [UInt8]) -> UInt64 { KeyTables.wordHash(bytes) }
    private static func extend(_ h: UInt64, _ w: UInt64) -> UInt64 { KeyTables.extend(h, w) }

    /// Words of a cell folded and split, as the key rules read a raw name.
    private static func rawWords(_ text: String) -> [[UInt8]] {
        KeyTables.empty.normalizedWords(text, mode: .raw)
    }

    mutating func addInvariant(_ row: Lexicon.TableRow) throws {
        let words = Self.rawWords(row.columns[0])
        guard !words.isEmpty else {
            throw DictionaryError.invalidValue(table: DictionaryTable.invariants.fileName, line: row.line, column: "word", value: row.columns[0])
        }
        if words.count == 1 {
            entries[Self.wordHash(words[0]), default: KeyEntry()].replacement = -1
            return
        }
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? Self.wordHash(w) : Self.extend(h, Self.wordHash(w))
            entries[h, default: KeyEntry()].bits |= i == words.count - 1 ? KeyEntry.Bits.invariantPhrase : KeyEntry.Bits.formContinues
        }
    }

    mutating func addPlural(_ row: Lexicon.TableRow) throws {
        let table = DictionaryTable.plurals.fileName
        let plural = Self.rawWords(row.columns[0])
        let singular = Self.rawWords(row.columns[1])
        guard plural.count == 1 else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "plural (one word)", value: row.columns[0])
        }
        guard singular.count == 1 else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "singular (one word)", value: row.columns[1])
        }
        guard formPool.count < KeyEntryTable.maximumForms else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "row (at most \(KeyEntryTable.maximumForms) plurals)", value: row.columns[0])
        }
        let index = Int32(formPool.count)
        formPool.append((singular[0], Self.wordHash(singular[0])))
        entries[Self.wordHash(plural[0]), default: KeyEntry()].replacement = index
    }

    mutating func addKeyWord(_ row: Lexicon.TableRow, normalizer: KeyTables) throws {
        let table = DictionaryTable.keyWords.fileName
        guard let role = KeyRole(name: row.columns[1]) else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "role (drop, keep or part)", value: row.columns[1])
        }
        let words = normalizer.normalizedWords(row.columns[0], mode: .phrase)
        guard !words.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "word", value: row.columns[0])
        }
        if role == .part, words.count != 1 {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "part (one word)", value: row.columns[0])
        }
        insertSequence(words) { $0.bits = ($0.bits & ~KeyEntry.Bits.roleMask) | role.rawValue }
        if role == .drop {
            entries[Self.wordHash(words[0]), default: KeyEntry()].bits |= KeyEntry.Bits.startsDrop
        }
    }

    /// The words of every sequence inserted, by hash (for `addRegularPlurals`).
    var knownWords: [UInt64: [UInt8]] = [:]

    /// For each known word whose regular plural the rules would bring back to it ("onions" →
    /// "onion"), an entry under the plural carrying the singular's fields, so that the plural
    /// costs one look-up. Plurals that already have an entry of their own are left alone.
    mutating func addRegularPlurals() {
        for (hash, singular) in knownWords {
            guard let entry = entries[hash], singular.count >= 2, formPool.count < KeyEntryTable.maximumForms else { continue }
            var candidates: [[UInt8]] = [singular + [0x73]] // s
            if let last = singular.last {
                if last == 0x79 { candidates.append(singular.dropLast() + Array("ies".utf8)) } // y → ies
                candidates.append(singular + Array("es".utf8))
            }
            for plural in candidates {
                let (keep, appendY) = plural.withUnsafeBufferPointer { Singularizer.rule($0.baseAddress!, $0.count) }
                let back = Array(plural[0..<keep]) + (appendY ? [0x79] : [])
                let pluralHash = Self.wordHash(plural)
                guard back == singular, entries[pluralHash] == nil else { continue }
                var carried = entry
                carried.bits &= ~(KeyEntry.Bits.commentStart | KeyEntry.Bits.formContinues | KeyEntry.Bits.invariantPhrase)
                carried.replacement = Int32(formPool.count)
                carried.carriesSingular = true
                formPool.append((singular, hash))
                entries[pluralHash] = carried
            }
        }
    }

    /// Inserts a word sequence, marking its prefixes as continuing.
    private mutating func insertSequence(_ words: [[UInt8]], _ body: (inout KeyEntry) -> Void) {
        var h: UInt64 = 0
        for w in words { knownWords[Self.wordHash(w)] = w }
        for (i, w) in words.enumerated() {
            h = i == 0 ? Self.wordHash(w) : Self.extend(h, Self.wordHash(w))
            if i < words.count - 1 {
                entries[h, default: KeyEntry()].bits |= KeyEntry.Bits.continues
            }
        }
        body(&entries[h, default: KeyEntry()])
    }

    /// The `|`-separated cells of a variants column, empty ones left out: split on bytes
    /// when the text is ASCII (where bytes and Characters agree), on Characters otherwise.
    private static func variantCells(_ text: String) -> [Substring] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { b -> [Substring]? in
            guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
            var cells: [Substring] = []
            var start = 0
            for k in 0...b.count where k == b.count || b[k] == 0x7C {
                if k > start { cells.append(Substring(String(decoding: UnsafeBufferPointer(rebasing: b[start..<k]), as: UTF8.self))) }
                start = k + 1
            }
            return cells
        }
        return (ascii ?? nil) ?? text.split(separator: "|")
    }

    mutating func addSynonymRow(_ row: Lexicon.TableRow, normalizer: KeyTables) throws {
        let table = DictionaryTable.synonyms.fileName
        let c = row.columns
        let keyWords = normalizer.normalizedWords(c[0], mode: .variant)
        guard !keyWords.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "key", value: c[0])
        }
        var keyBytes: [UInt8] = []
        var words: [KeyRowWord] = []
        for w in keyWords {
            if !keyBytes.isEmpty { keyBytes.append(0x20) }
            words.append(KeyRowWord(start: keyBytes.count, length: w.count, hash: Self.wordHash(w)))
            keyBytes.append(contentsOf: w)
        }
        guard rows.count < KeyEntryTable.maximumRows else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "row (at most \(KeyEntryTable.maximumRows) synonym rows)", value: c[0])
        }
        let enUS = c[1] == "-" || c[1].isEmpty ? c[0] : c[1]
        let enGB = c[2] == "-" || c[2].isEmpty ? enUS : c[2]
        let index = Int32(rows.count)
        rows.append(KeyRow(
            key: String(decoding: keyBytes, as: UTF8.self), keyBytes: keyBytes, words: words, enUS: enUS, enGB: enGB,
            enUSIsForm: normalizer.normalizedWords(enUS, mode: .variant) == keyWords,
            enGBIsForm: normalizer.normalizedWords(enGB, mode: .variant) == keyWords))
        rowByKey.set(ByteHash.exact(keyBytes), index)

        // Display names are not variants by themselves: "coriander", the en-GB name of
        // cilantro, is ambiguous on its own, and "pepper" must not rewrite "habanero pepper".
        // A name meant to match is listed among the variants (a table test checks the rest).
        var variants: [(text: Substring, wholeOnly: Bool)] = []
        if c[3] != "-" {
            for v in Self.variantCells(c[3]) {
                var text = v[...]
                while text.first == " " { text = text.dropFirst() }
                let whole = text.first == "="
                if whole { text = text.dropFirst() }
                variants.append((text, whole))
            }
        }
        // The key names its own row wherever it appears.
        variants.append((c[0][...], false))
        for (text, whole) in variants {
            let vw = normalizer.normalizedWords(String(text), mode: .variant)
            guard !vw.isEmpty else { continue }
            insertSequence(vw) { e in
                e.synonym = index
                if whole { e.bits |= KeyEntry.Bits.wholeOnly } else { e.bits &= ~KeyEntry.Bits.wholeOnly }
            }
            entries[Self.wordHash(Array(vw.joined())), default: KeyEntry()].spaceless = index
        }
    }

    mutating func addOverride(_ row: Lexicon.TableRow, normalizer: KeyTables) throws {
        let table = DictionaryTable.keyOverrides.fileName
        let name = Self.rawWords(row.columns[0])
        guard !name.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "name", value: row.columns[0])
        }
        let keyWords = Self.rawWords(row.columns[1])
        guard !keyWords.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "key", value: row.columns[1])
        }
        let key = String(decoding: Array(keyWords.joined(separator: [0x20])), as: UTF8.self)
        overrides.set(KeyTables.sequenceHash(name), Int32(overrideKeys.count))
        overrideKeys.append(key)
    }
}
