import IngredientText
import IngredientLexicon

/// What the pair scorer knows about single words: the kinds of `suggest/words.tsv`, the
/// identity words (`keep` words of `key-words.tsv`) and the groups of `suggest/alike.tsv`.
package struct SuggestionWords: Sendable {
    /// The kind of a word added to a name.
    enum Kind: UInt8, Sendable {
        case none = 0
        /// Names the class the rest belongs to ("sauce" in "tamari sauce").
        case classWord = 1
        /// Makes another product ("juice" in "apple juice").
        case form = 2
        /// A part of the rest, got by buying it ("zest" in "lemon zest"); a kind of `form`.
        case part = 3
        /// Marks a lighter version of the rest ("skim", "low", "fat" in "low fat milk"): two
        /// names that differ only in such words are versions of one food.
        case reducedFat = 4
        /// Says how the rest is used, not what it is ("table" in "table salt", "cooking" in
        /// "cooking oil"): adding it rarely changes the thing to buy.
        case neutral = 5

        /// Whether the word makes another thing to buy (`form` or `part`).
        var isForm: Bool { self == .form || self == .part }
    }

    var kinds: [String: Kind] = [:]
    /// Two-word `reduced-fat` rows ("low fat", "fat free"), each as written.
    var reducedFatPairs: Set<String> = []
    /// The words of `reducedFatPairs` ("low", "fat", "free"): a word outside them is in no
    /// pair, which spares making the two-word strings.
    var reducedFatPairWords: Set<String> = []
    var identity: Set<String> = []
    /// Word → alike group number.
    var alike: [String: Int32] = [:]
    /// Everything the tables above say of one word, for every word any of them names: what
    /// `KeyForms` looks up once per new word (one look-up instead of four).
    private(set) var facts: [String: WordFacts] = [:]

    /// What the tables say of one word.
    struct WordFacts: Sendable {
        var kind: Kind = .none
        var identity = false
        /// The alike group, or -1.
        var alike: Int32 = -1
        /// Whether the word is in a two-word `reduced-fat` row.
        var inReducedFatPair = false
    }

    /// What the tables say of `word` (all defaults for a word none of them names).
    func facts(of word: String) -> WordFacts { facts[word] ?? WordFacts() }

    /// The tables compiled into the library.
    package static let builtIn: SuggestionWords = {
        do {
            return try SuggestionWords(
                words: EmbeddedDictionaries.files["suggest/words.tsv"] ?? "",
                alike: EmbeddedDictionaries.files["suggest/alike.tsv"] ?? "",
                keyWords: DictionaryTable.keyWords.builtInText ?? "")
        } catch {
            // The embedded tables are ours and tested; a broken one is a build defect.
            fatalError("built-in suggestion table is invalid: \(error)")
        }
    }()

    init(words: String, alike alikeText: String, keyWords: String) throws {
        for (line, columns) in Self.rows(words) {
            guard columns.count == 2 else { throw SuggestionError.malformedRow(table: "suggest/words.tsv", line: line, reason: "expected word<TAB>kind") }
            let words = columns[0].split(separator: " ", omittingEmptySubsequences: false)
            if words.count == 2, !words.contains(where: \.isEmpty), columns[1] == "reduced-fat" {
                reducedFatPairs.insert(columns[0])
                for word in words { reducedFatPairWords.insert(String(word)) }
                continue
            }
            guard words.count == 1 else {
                throw SuggestionError.malformedRow(table: "suggest/words.tsv", line: line, reason: "expected one word (two only for kind reduced-fat)")
            }
            switch columns[1] {
            case "class": kinds[columns[0]] = .classWord
            case "form": kinds[columns[0]] = .form
            case "part": kinds[columns[0]] = .part
            case "reduced-fat": kinds[columns[0]] = .reducedFat
            case "neutral": kinds[columns[0]] = .neutral
            default: throw SuggestionError.malformedRow(table: "suggest/words.tsv", line: line, reason: "kind '\(columns[1])' is not class, form, part, reduced-fat or neutral")
            }
        }
        for (line, columns) in Self.rows(alikeText) {
            let words = columns[0].split(separator: "|").map(String.init)
            guard columns.count == 1, words.count >= 2, words.allSatisfy({ !$0.contains(" ") }) else {
                throw SuggestionError.malformedRow(table: "suggest/alike.tsv", line: line, reason: "expected two or more single words separated by |")
            }
            for word in words where alike[word] == nil { alike[word] = Int32(line) }
        }
        for (_, columns) in Self.rows(keyWords) where columns.count == 2 && columns[1] == "keep" && !columns[0].contains(" ") {
            identity.insert(columns[0])
        }
        for (word, kind) in kinds { facts[word, default: WordFacts()].kind = kind }
        for word in identity { facts[word, default: WordFacts()].identity = true }
        for (word, group) in alike { facts[word, default: WordFacts()].alike = group }
        for word in reducedFatPairWords { facts[word, default: WordFacts()].inReducedFatPair = true }
    }

    /// Non-comment, non-blank rows of a TAB-separated table, with their line numbers.
    static func rows(_ text: String) -> [(Int, [String])] {
        var text = text
        if let rows = text.withUTF8({ rows(utf8: $0) }) { return rows }
        var result: [(Int, [String])] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            if line.isEmpty || line.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            result.append((index + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
        }
        return result
    }

    /// `rows(_:)` on the text's bytes (a table is read at start-up, so this is on every
    /// command's path); nil for a text with a carriage return, which the character-based
    /// reading handles. Line feeds and tabs are always characters of their own, so splitting
    /// at their bytes splits where the characters do; a `#` starts a comment only when it is
    /// a character of its own (not followed by a combining mark).
    static func rows(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [(Int, [String])]? {
        guard !bytes.contains(0x0D) else { return nil }
        var result: [(Int, [String])] = []
        TableBytes.forEachRow(bytes) { lineNumber, line in
            var columns: [String] = []
            TableBytes.cells(of: line, trimmingSpaces: false, into: &columns)
            result.append((lineNumber, columns))
        }
        return result
    }
}
