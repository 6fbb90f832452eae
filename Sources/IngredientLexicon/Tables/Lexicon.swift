import IngredientText

/// The role a phrase from `phrases.tsv` plays in a line.
public enum PhraseRole: String, Sendable, CaseIterable {
    /// A note about the ingredient: "divided", "such as Maldon", "at room temperature".
    case comment
    /// What the ingredient is for: "for greasing", "to serve".
    case purpose
    /// A marker that the ingredient is optional and nothing more: "optional", "if desired".
    case optional
}

/// The kind of a word from `preparation.tsv`.
public enum PreparationKind: String, Sendable, CaseIterable {
    /// A preparation: "chopped", "drained".
    case verb
    /// A manner: "finely", "freshly".
    case adverb
    /// A word that joins preparation phrases: "into", "lengthwise".
    case connector
}

/// The word tables the parser relies on: units, number words, sizes, preparation words,
/// comment and purpose phrases, and section headers.
///
/// `Lexicon.builtIn` holds the tables compiled into the library from `Dictionaries/`.
/// Extend or override them with tables of the same format:
///
/// ```swift
/// let lexicon = try Lexicon.builtIn.adding(.units, text: "punnet\titem\t-\tpunnet|punnets\n")
/// ```
///
/// A row whose first column equals a built-in row's (ASCII case ignored) replaces it;
/// other rows are added.
public struct Lexicon: Sendable {
    package struct PhraseInfo: Sendable {
        package let role: PhraseRole
        package let optional: Bool
    }

    /// Raw rows per table, keyed by their folded first column, in the order first seen;
    /// `user` marks rows that came from `adding` rather than the built-in tables.
    private var rows: [DictionaryTable: [TableRow]] {
        get { storedRows ?? Self.builtInRows }
        set { storedRows = newValue }
    }
    /// The rows, or nil for the built-in ones (a lexicon read from the snapshot has tables but
    /// no rows: they are read from the embedded text when first asked for, by `adding`).
    var storedRows: [DictionaryTable: [TableRow]]? = [:]

    /// One row of a table as read.
    struct TableRow {
        var key: String
        var line: Int
        var columns: [String]
        var user: Bool
    }

    package internal(set) var units: [UnitDefinition] = []
    package internal(set) var unitAliases = PhraseTable<Int32>()
    package internal(set) var unitAliasesExact = HashTable<Int32>()
    package internal(set) var numbers = PhraseTable<Double>()
    package internal(set) var sizes = PhraseTable<Bool>()
    package internal(set) var preparation = PhraseTable<PreparationKind>()
    package internal(set) var phrases = PhraseTable<PhraseInfo>()
    package internal(set) var headers = PhraseTable<Bool>()
    /// The roles of each function word (`function-words.tsv`), by its case-folded hash
    /// (`ByteHash.fold`, as tokens carry it).
    @usableFromInline package internal(set) var functionWords = HashTable<UInt16>()
    /// The length in bytes of the longest function word (a longer token is none).
    @usableFromInline package internal(set) var longestFunctionWord = 0
    var unitIndexByID: [String: Int] = [:]
    /// For each word that starts an entry of some table, which tables (see `FirstWord`).
    package internal(set) var firstWords = HashTable<UInt8>()
    /// The tables behind canonical keys (see `CanonicalKeyer`), built from the key tables.
    package internal(set) var keyTables = KeyTables.empty

    /// Bits of `firstWords`.
    package enum FirstWord {
        // Computed and inlinable, so that the parser's per-word tests read constants rather
        // than call an addressor in this module.
        @inlinable package static var unit: UInt8 { 1 }
        @inlinable package static var number: UInt8 { 2 }
        @inlinable package static var size: UInt8 { 4 }
        @inlinable package static var preparation: UInt8 { 8 }
        @inlinable package static var phrase: UInt8 { 16 }
    }

    private mutating func noteFirstWord(_ phrase: String, _ bit: UInt8) {
        // ASCII: the first word split on Characters is the first run of non-space bytes.
        let ascii = phrase.utf8.withContiguousStorageIfAvailable { b -> UInt64? in
            guard b.allSatisfy({ $0 < 0x80 }) else { return nil }
            var i = 0
            while i < b.count, b[i] == 0x20 { i += 1 }
            var j = i
            while j < b.count, b[j] != 0x20 { j += 1 }
            return ByteHash.fold(UnsafeBufferPointer(rebasing: b[i..<j]))
        }
        let hash = (ascii ?? nil) ?? ByteHash.fold(phrase.split(separator: " ").first.map { Array($0.utf8) } ?? [])
        firstWords.update(hash, default: 0) { $0 |= bit }
    }

    /// The tables compiled into the library.
    ///
    /// Read from `Dictionaries/lexicon.snapshot`, the tables made ready ahead of time
    /// (`LexiconSnapshot`), when it was made from the tables compiled in; otherwise (a table
    /// edited since) built from the tables' text, which gives the same lexicon, more slowly.
    public static let builtIn: Lexicon = {
        if let bytes = LexiconSnapshot.builtInBytes,
           let lexicon = try? LexiconSnapshot.read(bytes, expecting: LexiconSnapshot.builtInDigests) {
            return lexicon
        }
        return builtFromText()
    }()

    /// The built-in lexicon built from the tables' text, as `builtIn` is when there is no
    /// snapshot of these tables.
    package static func builtFromText() -> Lexicon {
        var lexicon = Lexicon()
        lexicon.rows = builtInRows
        do {
            try lexicon.rebuild()
        } catch {
            // The embedded tables are ours and tested; a broken one is a build defect.
            fatalError("built-in dictionary is invalid: \(error)")
        }
        return lexicon
    }

    /// The rows of the built-in tables that `builtIn` reads, merged as `adding` merges them.
    private static let builtInRows: [DictionaryTable: [TableRow]] = {
        var lexicon = Lexicon()
        for table in DictionaryTable.allCases where !isDeferred(table) {
            guard let text = table.builtInText else { continue }
            do {
                try lexicon.merge(table, text: text, user: false)
            } catch {
                // The embedded tables are ours and tested; a broken one is a build defect.
                fatalError("built-in dictionary is invalid: \(error)")
            }
        }
        return lexicon.rows
    }()

    /// Whether `table` is one that no lexicon look-up or canonical key reads (the shopping-list
    /// tables, for `ListTables`): `builtIn` leaves those unread, and their rows are read from
    /// the embedded text when first asked for (`rows(of:)`) or extended (`adding`), so that
    /// parsing never pays for them.
    /// (A switch rather than a `Set`: a set of these made at start-up cost about 240,000
    /// instructions, most of them the run-time look-up of the enum's `Hashable` conformance.)
    static func isDeferred(_ table: DictionaryTable) -> Bool {
        switch table {
        case .aisles, .categories, .densities, .proteins, .unitDisplay: true
        default: false
        }
    }

    /// The built-in rows of a deferred table (see `isDeferred(_:)`).
    private static func deferredRows(of table: DictionaryTable) -> [TableRow] {
        guard let text = table.builtInText else { return [] }
        do {
            return try table.rows(in: text).map { TableRow(key: $0.columns[0].lowercased(), line: $0.line, columns: $0.columns, user: false) }
        } catch {
            // The embedded tables are ours and tested; a broken one is a build defect.
            fatalError("built-in dictionary is invalid: \(error)")
        }
    }

    /// A lexicon with `text` (in `table`'s format) merged over this one.
    public func adding(_ table: DictionaryTable, text: String) throws -> Lexicon {
        var copy = self
        try copy.merge(table, text: text, user: true)
        try copy.rebuild()
        return copy
    }

    /// A lexicon with the table file at `path` merged over this one; the file name says
    /// which table it extends (`units.tsv`, or any name ending in `-units.tsv`).
    public func adding(fileAt path: String) throws -> Lexicon {
        guard let table = DictionaryTable.named(path) else {
            throw DictionaryError.unknownTable(name: path, known: DictionaryTable.allCases.map(\.fileName))
        }
        let text: String
        do { text = try FileReading.text(atPath: path) } catch let error as FileReadError {
            throw DictionaryError.unreadable(path: path, reason: error.reason)
        }
        return try adding(table, text: text)
    }

    /// The unit with canonical id `id`.
    public func unit(id: String) -> UnitDefinition? {
        unitIndexByID[id].map { units[$0] }
    }

    /// The unit a written form denotes ("tbsp", "fl oz", "T"), if the table knows it.
    public func unit(alias: String) -> UnitDefinition? {
        var text = alias
        if text.count > 1, text.hasSuffix(".") { text.removeLast() }
        let bytes = Array(text.utf8)
        if let i = unitAliasesExact[ByteHash.exact(bytes)] { return units[Int(i)] }
        if let i = unitAliases.value(forPhrase: text.lowercased()) { return units[Int(i)] }
        return nil
    }

    /// The value of a number word or phrase ("dozen", "a couple of"); nil for unknown
    /// words and for vague amounts ("a few").
    public func number(word: String) -> Double? {
        numbers.value(forPhrase: word.lowercased()).flatMap { $0.isNaN ? nil : $0 }
    }

    /// The roles `function-words.tsv` gives the word of `length` bytes with case-folded hash
    /// `hash` (none when it is not a function word). Inlined where the parser asks, with the
    /// length checked first: most words are longer than every function word.
    @inlinable @inline(__always)
    package func functionWordRoles(hash: UInt64, length: Int) -> FunctionWord {
        guard length <= longestFunctionWord, let roles = functionWords[hash] else { return FunctionWord() }
        return FunctionWord(rawValue: roles)
    }

    /// All units, in table order.
    public var allUnits: [UnitDefinition] { units }

    /// The rows of `table` as merged (built-in rows, then user rows replacing or adding),
    /// with their line numbers, for tables other parts of the library interpret
    /// (the shopping-list tables: see `ListTables`).
    func rows(of table: DictionaryTable) -> [(line: Int, columns: [String], isUser: Bool)] {
        let deferred = Self.isDeferred(table)
        let merged: [TableRow]
        if let stored = storedRows {
            merged = stored[table] ?? (deferred ? Self.deferredRows(of: table) : [])
        } else {
            // The built-in rows: a deferred table's are read alone, without the others'.
            merged = deferred ? Self.deferredRows(of: table) : Self.builtInRows[table] ?? []
        }
        return merged.map { ($0.line, $0.columns, $0.user) }
    }

    // MARK: - Building

    private mutating func merge(_ table: DictionaryTable, text: String, user: Bool) throws {
        var existing = rows[table] ?? (user && Self.isDeferred(table) ? Self.deferredRows(of: table) : [])
        var index: [String: Int] = [:]
        for (i, row) in existing.enumerated() { index[row.key] = i }
        for (line, columns) in try table.rows(in: text) {
            let key = columns[0].lowercased()
            let row = TableRow(key: key, line: line, columns: columns, user: user)
            if let i = index[key] { existing[i] = row } else {
                index[key] = existing.count
                existing.append(row)
            }
        }
        rows[table] = existing
    }

    private mutating func rebuild() throws {
        units = []
        unitIndexByID = [:]
        unitAliases = PhraseTable()
        unitAliasesExact = HashTable()
        numbers = PhraseTable()
        sizes = PhraseTable()
        preparation = PhraseTable()
        phrases = PhraseTable()
        headers = PhraseTable()
        functionWords = HashTable()
        longestFunctionWord = 0
        firstWords = HashTable()

        for row in rows[.units] ?? [] {
            let c = row.columns
            let name = DictionaryTable.units.fileName
            guard let dimension = UnitDefinition.Dimension(rawValue: c[1]) else {
                throw DictionaryError.invalidValue(table: name, line: row.line, column: "dimension", value: c[1])
            }
            var factor: Double?
            if c[2] != "-" {
                guard let f = Double(c[2]), f > 0 else {
                    throw DictionaryError.invalidValue(table: name, line: row.line, column: "factor", value: c[2])
                }
                factor = f
            }
            let index = Int32(units.count)
            unitIndexByID[c[0]] = units.count
            units.append(UnitDefinition(id: c[0], dimension: dimension, factor: factor))
            unitAliases.insert(c[0], index)
            noteFirstWord(c[0], FirstWord.unit)
            for alias in c[3].split(separator: "|") {
                let a = alias.trimmingSpaces()
                if a.hasPrefix("="), a.count > 1 {
                    unitAliasesExact.set(ByteHash.exact(Array(a.dropFirst().utf8)), index)
                    noteFirstWord(String(a.dropFirst()), FirstWord.unit)
                } else if !a.isEmpty {
                    // A qualifier in parentheses is matched as a word ("colher (sopa)": the
                    // parser reads the words across the parentheses).
                    let words = a.contains("(") ? String(a.filter { $0 != "(" && $0 != ")" }) : String(a)
                    unitAliases.insert(words, index)
                    noteFirstWord(words, FirstWord.unit)
                }
            }
        }
        for row in rows[.numbers] ?? [] {
            // "?" marks a vague amount ("a few", "several"): a number word with no value.
            guard let value = row.columns[1] == "?" ? Double.nan : Double(row.columns[1]) else {
                throw DictionaryError.invalidValue(table: DictionaryTable.numbers.fileName, line: row.line, column: "value", value: row.columns[1])
            }
            numbers.insert(row.columns[0], value)
            noteFirstWord(row.columns[0], FirstWord.number)
        }
        for row in rows[.sizes] ?? [] {
            sizes.insert(row.columns[0], true)
            noteFirstWord(row.columns[0], FirstWord.size)
        }
        for row in rows[.preparation] ?? [] {
            guard let kind = PreparationKind(rawValue: row.columns[1]) else {
                throw DictionaryError.invalidValue(table: DictionaryTable.preparation.fileName, line: row.line, column: "kind", value: row.columns[1])
            }
            preparation.insert(row.columns[0], kind)
            noteFirstWord(row.columns[0], FirstWord.preparation)
        }
        for row in rows[.phrases] ?? [] {
            let table = DictionaryTable.phrases.fileName
            guard let role = PhraseRole(rawValue: row.columns[1]) else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "role", value: row.columns[1])
            }
            guard row.columns[2] == "yes" || row.columns[2] == "no" else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "optional (yes or no)", value: row.columns[2])
            }
            phrases.insert(row.columns[0], PhraseInfo(role: role, optional: row.columns[2] == "yes"))
            noteFirstWord(row.columns[0], FirstWord.phrase)
        }
        for row in rows[.headers] ?? [] { headers.insert(row.columns[0], true) }
        for row in rows[.functionWords] ?? [] {
            let table = DictionaryTable.functionWords.fileName
            let word = row.columns[0]
            guard !word.isEmpty, !word.contains(" ") else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "word (one word)", value: word)
            }
            var roles = FunctionWord()
            for name in row.columns[1].split(separator: "|") {
                guard let role = FunctionWord(name: name.trimmingSpaces()) else {
                    throw DictionaryError.invalidValue(table: table, line: row.line, column: "role", value: String(name))
                }
                roles.insert(role)
            }
            functionWords.set(ByteHash.fold(Array(word.utf8)), roles.rawValue)
            longestFunctionWord = max(longestFunctionWord, word.utf8.count)
        }
        keyTables = try KeyTables.build(rows: rows, phrases: phrases, numbers: numbers)
    }
}
