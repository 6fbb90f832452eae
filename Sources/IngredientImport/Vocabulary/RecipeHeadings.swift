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

    /// The first run of letters of every heading phrase ("ingredients" of "ingredients for"):
    /// a line whose own first run of letters is none of these is no heading, and an ASCII line's
    /// run is found on its bytes (the whole test below cost several thousand instructions a
    /// line of plain text, most lines being no heading).
    static let leadingRuns: Set<String> = Set(table.keys.map { phrase in
        String(String.UnicodeScalarView(phrase.unicodeScalars.drop { !$0.properties.isAlphabetic }
            .prefix { $0.properties.isAlphabetic }))
    })

    /// The first run of letters of an ASCII line, lowercased, as `kind(of:)` sees it after
    /// dropping what precedes the first letter (controls that spacing drops are skipped);
    /// nil when the line is not ASCII.
    static func asciiLeadingRun(_ utf8: some Sequence<UInt8>) -> String? {
        var run: [UInt8] = []
        var started = false, ended = false
        for b in utf8 {
            guard b < 0x80 else { return nil }
            if ended { continue }
            let lower = b | 0x20
            if lower >= 0x61, lower <= 0x7A, b >= 0x41 {
                started = true
                run.append(lower)
            } else if started, b <= 0x08 || (b >= 0x0E && b <= 0x1F) || b == 0x7F {
                continue // invisible: spacing removes it, the letters around it join
            } else if started {
                ended = true
            }
        }
        return String(decoding: run, as: UTF8.self)
    }

    /// The rows of `import/headings.tsv`.
    private static func rows() -> [(kind: String, phrase: String)] { ImportWordTable.rows("import/headings.tsv") }

    /// The kind of heading `line` is, or nil when it is not a heading. Bullets, `#`, `*`, `=`,
    /// `-`, a final `:` and a parenthesized or "for …" qualifier are allowed around the phrase.
    static func kind(of line: some StringProtocol) -> Kind? {
        guard line.utf8.count <= 60 else { return nil }
        if let run = asciiLeadingRun(line.utf8), !leadingRuns.contains(run) { return nil }
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
