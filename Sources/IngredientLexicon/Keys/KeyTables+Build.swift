import IngredientText

extension KeyTables {
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
                b.entries.update(KeyTables.wordHash(Array(first.lowercased().utf8)), default: KeyEntry()) { $0.bits |= KeyEntry.Bits.commentStart }
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
}

/// The mutable storage `KeyTables` is built from.
struct KeyTableBuilder {
    var entries = HashTable<KeyEntry>(minimumCapacity: 8192)
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
            entries.update(Self.wordHash(words[0]), default: KeyEntry()) { $0.replacement = -1 }
            return
        }
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? Self.wordHash(w) : Self.extend(h, Self.wordHash(w))
            let bit = i == words.count - 1 ? KeyEntry.Bits.invariantPhrase : KeyEntry.Bits.formContinues
            entries.update(h, default: KeyEntry()) { $0.bits |= bit }
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
        entries.update(Self.wordHash(plural[0]), default: KeyEntry()) { $0.replacement = index }
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
            entries.update(Self.wordHash(words[0]), default: KeyEntry()) { $0.bits |= KeyEntry.Bits.startsDrop }
        }
    }

    /// The words of every sequence inserted, in the order first inserted, with their hashes
    /// (for `addRegularPlurals`), and which hashes are among them.
    var knownWords: [(hash: UInt64, bytes: [UInt8])] = []
    var knownWordHashes = HashTable<Bool>(minimumCapacity: 4096)

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
                entries.set(pluralHash, carried)
            }
        }
    }

    /// Inserts a word sequence, marking its prefixes as continuing.
    private mutating func insertSequence(_ words: [[UInt8]], _ body: (inout KeyEntry) -> Void) {
        let hashes = words.map(Self.wordHash)
        for (w, hash) in zip(words, hashes) where knownWordHashes[hash] == nil {
            knownWordHashes.set(hash, true)
            knownWords.append((hash, w))
        }
        var h: UInt64 = 0
        for (i, hash) in hashes.enumerated() {
            h = i == 0 ? hash : Self.extend(h, hash)
            if i < words.count - 1 {
                entries.update(h, default: KeyEntry()) { $0.bits |= KeyEntry.Bits.continues }
            }
        }
        entries.update(h, default: KeyEntry(), body)
    }

    /// The `|`-separated cells of a variants column, empty ones left out: split on bytes
    /// when the text is ASCII (where bytes and Characters agree), on Characters otherwise.
    private static func variantCells(_ text: String) -> [Substring] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { b -> [Substring]? in
            guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
            var cells: [Substring] = []
            TableBytes.forEachPart(of: b, at: 0x7C) { cells.append(Substring(String(decoding: $0, as: UTF8.self))) }
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
        // A display name that is the key, or the other name, needs no second pass.
        let enUSIsForm = enUS == c[0] || normalizer.normalizedWords(enUS, mode: .variant) == keyWords
        let enGBIsForm = enGB == enUS ? enUSIsForm : normalizer.normalizedWords(enGB, mode: .variant) == keyWords
        let index = Int32(rows.count)
        rows.append(KeyRow(
            key: String(decoding: keyBytes, as: UTF8.self), keyBytes: keyBytes, words: words, enUS: enUS, enGB: enGB,
            enUSIsForm: enUSIsForm, enGBIsForm: enGBIsForm))
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
        // The key names its own row wherever it appears (its words are those found above).
        variants.append((c[0][...], false))
        for (k, (text, whole)) in variants.enumerated() {
            let vw = k == variants.count - 1 ? keyWords : normalizer.normalizedWords(String(text), mode: .variant)
            guard !vw.isEmpty else { continue }
            insertSequence(vw) { e in
                e.synonym = index
                if whole { e.bits |= KeyEntry.Bits.wholeOnly } else { e.bits &= ~KeyEntry.Bits.wholeOnly }
            }
            entries.update(Self.wordHash(Array(vw.joined())), default: KeyEntry()) { $0.spaceless = index }
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
