/// Recognizes the section headings of recipes ("Ingredients:", "Zubereitung", "Method",
/// "Notes") from `Dictionaries/import/headings.tsv`.
enum RecipeHeadings {
    /// What a heading introduces.
    enum Kind: String, Sendable {
        /// The ingredient list.
        case ingredients
        /// The method.
        case instructions
        /// Some other section (notes, nutrition, equipment, …).
        case other
    }

    static let table: [String: Kind] = {
        var table: [String: Kind] = [:]
        for (kind, phrase) in rows() {
            if let kind = Kind(rawValue: kind) { table[phrase] = kind }
        }
        return table
    }()

    /// Words that may follow a heading phrase and introduce a qualifier ("Ingredients for 4
    /// people"): the table's `qualifier` rows.
    static let qualifiers: Set<String> = Set(rows().filter { $0.kind == "qualifier" }.map(\.phrase))

    /// The rows of `import/headings.tsv`.
    private static func rows() -> [(kind: String, phrase: String)] { ImportWordTable.rows("import/headings.tsv") }

    /// The kind of heading `line` is, or nil when it is not a heading. Bullets, `#`, `*`, `=`,
    /// `-`, a final `:` and a parenthesized or "for …" qualifier are allowed around the phrase.
    static func kind(of line: some StringProtocol) -> Kind? {
        guard line.utf8.count <= 60 else { return nil }
        let trimmed = line.lowercased().unicodeScalars
            .drop { !$0.properties.isAlphabetic }
            .reversed().drop { !$0.properties.isAlphabetic && $0 != ")" }.reversed()
        var text = String(String.UnicodeScalarView(trimmed))
        text = TextCleaning.collapsingSpaces(text)
        if let kind = table[text] { return kind }
        if let paren = text.firstIndex(of: "(") {
            let head = text[..<paren].trimmingSuffix(while: { $0 == " " || $0 == ":" })
            if let kind = table[String(head)] { return kind }
        }
        let words = text.split(separator: " ")
        if words.count >= 3, words.count <= 8 {
            for k in 1..<min(words.count, 4) where qualifiers.contains(String(words[k])) {
                if let kind = table[words[..<k].joined(separator: " ")] { return kind }
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without trailing characters that satisfy `predicate`.
    func trimmingSuffix(while predicate: (Character) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard predicate(self[before]) else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
