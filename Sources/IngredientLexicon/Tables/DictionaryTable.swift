import IngredientText

/// The word tables the parser reads, one file each under `Dictionaries/`.
public enum DictionaryTable: String, CaseIterable, Sendable {
    /// `units.tsv`: `id, dimension, factor, aliases`.
    case units
    /// `numbers.tsv`: `phrase, value`.
    case numbers
    /// `sizes.tsv`: `word`.
    case sizes
    /// `preparation.tsv`: `word, kind`.
    case preparation
    /// `phrases.tsv`: `phrase, role, optional`.
    case phrases
    /// `headers.tsv`: `phrase`.
    case headers
    /// `function-words.tsv`: `word, roles` — words of a line's grammar ("of", "to", "plus")
    /// that the parser reads by their role.
    case functionWords = "function-words"
    /// `plurals.tsv`: `plural, singular` — irregular plurals and exceptions to the
    /// singularizer's rules, used by canonical keys.
    case plurals
    /// `invariants.tsv`: `word` — words (or phrases) canonical keys never singularize.
    case invariants
    /// `key-words.tsv`: `word, role` — what canonical keys do with a word or phrase:
    /// `drop`, `keep` or `part`.
    case keyWords = "key-words"
    /// `synonyms.tsv`: `key, en-US, en-GB, variants` — names that denote one shopping item.
    case synonyms
    /// `key-overrides.tsv`: `name, key` — a raw name forced to a key, above every other rule.
    case keyOverrides = "key-overrides"
    /// `aisles.tsv`: `aisle, title` — shopping-list aisles in store-layout order.
    case aisles
    /// `categories.tsv`: `name, aisle` — the aisle an ingredient key or head noun is shopped in.
    case categories
    /// `densities.tsv`: `name, grams per cup, buy by` — so volume and mass amounts merge.
    case densities
    /// `proteins.tsv`: `name, protein` — which ingredients make a recipe a meat, seafood or egg dish.
    case proteins
    /// `unit-display.tsv`: `unit, system, singular, plural, minimum` — units shopping lists show.
    case unitDisplay = "unit-display"

    /// The file name of the table, such as `units.tsv`.
    public var fileName: String { rawValue + ".tsv" }

    /// How many TAB-separated columns each row has.
    var columnCount: Int {
        switch self {
        case .units, .synonyms: 4
        case .numbers, .preparation, .functionWords, .plurals, .keyWords, .keyOverrides, .aisles, .categories, .proteins: 2
        case .densities: 3
        case .unitDisplay: 5
        case .sizes, .headers, .invariants: 1
        case .phrases: 3
        }
    }

    /// The table a user file extends, judged by its name (`my-units.tsv` extends `units`).
    /// When several table names fit (`my-key-words.tsv`), the longest one wins.
    static func named(_ fileName: String) -> DictionaryTable? {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        return allCases
            .filter { base == $0.fileName || base.hasSuffix("-" + $0.fileName) || base.hasSuffix("_" + $0.fileName) }
            .max { $0.fileName.count < $1.fileName.count }
    }

    /// Splits `text` into rows of columns, skipping comments and blank lines.
    func rows(in text: String) throws -> [(line: Int, columns: [String])] {
        var result: [(Int, [String])] = []
        var columns: [String] = []
        columns.reserveCapacity(columnCount)
        // Split on bytes: in a String "\r\n" is one Character, so CRLF would not split on "\n".
        try TableBytes.forEachRow(in: text) { lineNumber, line in
            if line.allSatisfy({ $0 < 0x80 }) {
                // ASCII: bytes and Characters agree, so the row is cut on bytes.
                TableBytes.cells(of: line, trimmingSpaces: true, into: &columns)
            } else {
                let text = Substring(String(decoding: line, as: UTF8.self))
                columns = text.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            }
            guard columns.count == columnCount else {
                throw DictionaryError.malformedRow(table: fileName, line: lineNumber, expected: columnCount, found: columns.count)
            }
            result.append((lineNumber, columns))
        }
        return result
    }
}

extension DictionaryTable {
    /// The built-in text of this table, as compiled into the library from `Dictionaries/`.
    package var builtInText: String? { EmbeddedDictionaries.files[fileName] }
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
