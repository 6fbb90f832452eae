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

/// An entry of the key phrase table: a word sequence from `synonyms.tsv` or `key-words.tsv`.
struct KeyPhraseEntry: Sendable {
    /// The synonym row this sequence names, or -1.
    var synonym: Int32 = -1
    /// Whether the synonym applies only when the sequence is the whole name (`=variant`).
    var wholeOnly = false
    /// The `KeyRole` raw value, or 0.
    var role: UInt8 = 0
    /// Whether a longer entry starts with this sequence.
    var continues = false
}

/// An entry of the singular-forms table (plurals and invariants), keyed by a raw word hash
/// or a raw phrase hash.
struct KeyFormEntry: Sendable {
    /// Index of the replacement in `formPool`; -1: the word is invariant; -2: no word entry.
    var replacement: Int32 = -2
    /// Whether an invariant phrase starts with these words.
    var continues = false
    /// Whether these words are a whole invariant phrase.
    var invariantPhrase = false
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

    func display(_ locale: DisplayLocale) -> String {
        switch locale {
        case .enUS: enUS
        case .enGB: enGB
        }
    }
}

/// The tables canonical keys are computed from, built from the key tables of a `Lexicon`
/// (`plurals`, `invariants`, `key-words`, `synonyms`, `key-overrides`) plus its comment
/// phrases and number words. Immutable once built; shared by reference.
final class KeyTables: Sendable {
    let data: KeyTableData

    init(data: KeyTableData) { self.data = data }

    /// Tables with no rows (before a lexicon is built).
    static let empty = KeyTables(data: KeyTableData())

    /// Builds the tables from a lexicon's rows. Built-in rows come first and user rows after
    /// them, so that where a word or variant appears in both, the user row wins.
    convenience init(
        rows: [DictionaryTable: [Lexicon.TableRow]],
        phrases: PhraseTable<Lexicon.PhraseInfo>,
        numbers: PhraseTable<Double>
    ) throws {
        var data = KeyTableData()
        data.lexiconPhrases = phrases
        data.numbers = numbers
        func ordered(_ table: DictionaryTable) -> [Lexicon.TableRow] {
            let all = rows[table] ?? []
            return all.filter { !$0.user } + all.filter(\.user)
        }
        // Invariants, then plurals, per origin: a later row wins.
        let invariants = ordered(.invariants), plurals = ordered(.plurals)
        for user in [false, true] {
            for row in invariants where row.user == user { try data.addInvariant(row) }
            for row in plurals where row.user == user { try data.addPlural(row) }
        }
        for row in ordered(.keyWords) { try data.addKeyWord(row) }
        let synonymRows = ordered(.synonyms)
        for row in synonymRows { try data.addSynonymRow(row) }
        try data.validateKeys(synonymRows)
        for row in ordered(.keyOverrides) { try data.addOverride(row) }
        self.init(data: data)
    }
}

/// The storage behind `KeyTables`; the key pipeline (`KeyPipeline.swift`) runs over it.
struct KeyTableData: Sendable {
    /// Singular forms: raw word (or invariant phrase) hash → entry.
    var forms = HashTable<KeyFormEntry>()
    /// Replacement singulars from `plurals.tsv`: bytes and hash.
    var formPool: [(bytes: [UInt8], hash: UInt64)] = []
    /// Synonym variants and keys, and key-word phrases: word-sequence hash → entry.
    var phrases = HashTable<KeyPhraseEntry>()
    /// Synonym keys and variants with their spaces removed → row (whole names only).
    var spaceless = HashTable<Int32>()
    /// Normalized synonym rows.
    var rows: [KeyRow] = []
    /// A row's key bytes' hash → row.
    var rowByKey = HashTable<Int32>()
    /// Raw-name word-sequence hash → index in `overrideKeys`.
    var overrides = HashTable<Int32>()
    var overrideKeys: [String] = []
    /// The lexicon's comment, purpose and optional phrases (where a name stops).
    var lexiconPhrases = PhraseTable<Lexicon.PhraseInfo>()
    /// The lexicon's number words (skipped after "of").
    var numbers = PhraseTable<Double>()

    // MARK: - Hashes

    /// The hash of one folded word.
    @inline(__always)
    static func wordHash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        ByteHash.exact(UnsafeBufferPointer(start: p, count: n))
    }

    static func wordHash(_ bytes: [UInt8]) -> UInt64 { ByteHash.exact(bytes) }

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

    static let hashOf = wordHash(Array("of".utf8))
    static let hashAnd = wordHash(Array("and".utf8))
    static let hashOr = wordHash(Array("or".utf8))
    static let hashThe = wordHash(Array("the".utf8))

    // MARK: - Building

    private func fileName(_ table: DictionaryTable) -> String { table.fileName }

    mutating func addInvariant(_ row: Lexicon.TableRow) throws {
        let words = normalizedWords(row.columns[0], mode: .raw)
        guard !words.isEmpty else {
            throw DictionaryError.invalidValue(table: DictionaryTable.invariants.fileName, line: row.line, column: "word", value: row.columns[0])
        }
        if words.count == 1 {
            forms.update(Self.wordHash(words[0]), default: KeyFormEntry()) { $0.replacement = -1 }
            return
        }
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? Self.wordHash(w) : Self.extend(h, Self.wordHash(w))
            let last = i == words.count - 1
            forms.update(h, default: KeyFormEntry()) { e in
                if last { e.invariantPhrase = true } else { e.continues = true }
            }
        }
    }

    mutating func addPlural(_ row: Lexicon.TableRow) throws {
        let table = DictionaryTable.plurals.fileName
        let plural = normalizedWords(row.columns[0], mode: .raw)
        let singular = normalizedWords(row.columns[1], mode: .raw)
        guard plural.count == 1 else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "plural (one word)", value: row.columns[0])
        }
        guard singular.count == 1 else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "singular (one word)", value: row.columns[1])
        }
        let index = Int32(formPool.count)
        formPool.append((singular[0], Self.wordHash(singular[0])))
        forms.update(Self.wordHash(plural[0]), default: KeyFormEntry()) { $0.replacement = index }
    }

    mutating func addKeyWord(_ row: Lexicon.TableRow) throws {
        let table = DictionaryTable.keyWords.fileName
        guard let role = KeyRole(name: row.columns[1]) else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "role (drop, keep or part)", value: row.columns[1])
        }
        let words = normalizedWords(row.columns[0], mode: .phrase)
        guard !words.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "word", value: row.columns[0])
        }
        if role == .part, words.count != 1 {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "part (one word)", value: row.columns[0])
        }
        insertPhrase(words) { $0.role = role.rawValue }
    }

    /// Inserts a word sequence into `phrases`, marking its prefixes as continuing.
    private mutating func insertPhrase(_ words: [[UInt8]], _ body: (inout KeyPhraseEntry) -> Void) {
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? Self.wordHash(w) : Self.extend(h, Self.wordHash(w))
            if i < words.count - 1 {
                phrases.update(h, default: KeyPhraseEntry()) { $0.continues = true }
            }
        }
        phrases.update(h, default: KeyPhraseEntry(), body)
    }

    mutating func addSynonymRow(_ row: Lexicon.TableRow) throws {
        let table = DictionaryTable.synonyms.fileName
        let c = row.columns
        let keyWords = normalizedWords(c[0], mode: .variant)
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
        let enUS = c[1] == "-" || c[1].isEmpty ? c[0] : c[1]
        let enGB = c[2] == "-" || c[2].isEmpty ? enUS : c[2]
        let index = Int32(rows.count)
        rows.append(KeyRow(key: String(decoding: keyBytes, as: UTF8.self), keyBytes: keyBytes, words: words, enUS: enUS, enGB: enGB))
        rowByKey.set(ByteHash.exact(keyBytes), index)

        // Display names match whole names only ("pepper", the en-GB name of bell pepper, must
        // not rewrite "habanero pepper"); a variant listing the same text opens it up.
        var variants: [(text: Substring, wholeOnly: Bool)] = [(enUS[...], true), (enGB[...], true)]
        if c[3] != "-" {
            for v in c[3].split(separator: "|") {
                var text = v[...]
                while text.first == " " { text = text.dropFirst() }
                let whole = text.first == "="
                if whole { text = text.dropFirst() }
                variants.append((text, whole))
            }
        }
        for (text, whole) in variants {
            let vw = normalizedWords(String(text), mode: .variant)
            guard !vw.isEmpty else { continue }
            insertPhrase(vw) { e in
                e.synonym = index
                e.wholeOnly = whole
            }
            spaceless.set(ByteHash.exact(vw.joined()), index)
        }
        // The key names its own row wherever it appears.
        insertPhrase(keyWords) { e in
            e.synonym = index
            e.wholeOnly = false
        }
        spaceless.set(ByteHash.exact(keyWords.joined()), index)
    }

    /// Every key must come out of the full pipeline unchanged, or no name could reach it.
    func validateKeys(_ rows: [Lexicon.TableRow]) throws {
        if let problem = nonCanonicalKeys(rows).first { throw problem }
    }

    /// The rows whose key the full pipeline changes, as errors.
    func nonCanonicalKeys(_ rows: [Lexicon.TableRow]) -> [DictionaryError] {
        rows.compactMap { row in
            let written = row.columns[0]
            let computed = key(forText: written, foldsDiacritics: true)
            guard computed != written else { return nil }
            return DictionaryError.nonCanonicalKey(table: DictionaryTable.synonyms.fileName, line: row.line, key: written, canonical: computed)
        }
    }

    mutating func addOverride(_ row: Lexicon.TableRow) throws {
        let table = DictionaryTable.keyOverrides.fileName
        let name = normalizedWords(row.columns[0], mode: .raw)
        guard !name.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "name", value: row.columns[0])
        }
        let keyWords = normalizedWords(row.columns[1], mode: .raw)
        guard !keyWords.isEmpty else {
            throw DictionaryError.invalidValue(table: table, line: row.line, column: "key", value: row.columns[1])
        }
        let key = String(decoding: Array(keyWords.joined(separator: [0x20])), as: UTF8.self)
        overrides.set(Self.sequenceHash(name), Int32(overrideKeys.count))
        overrideKeys.append(key)
    }
}
