/// Credit lines among a recipe's ingredients ("Recipe courtesy Alton Brown, 2006", "Source:
/// Cook's Country", "Posted by …"): who wrote, adapted, typed or sent the recipe, from
/// `Dictionaries/import/credits.tsv`. The plain-text and MealMaster readers keep such a line in
/// the record's warnings instead of its ingredients.
enum CreditLines {
    /// The phrases of `import/credits.tsv`: a credit line starts with one, then a space or a
    /// colon (`credit`) or a colon (`credit-key`).
    static let phrases: [(phrase: String, keyOnly: Bool)] = ImportWordTable.rows("import/credits.tsv").map { row in
        precondition(row.kind == "credit" || row.kind == "credit-key", "import/credits.tsv: kind \(row.kind) is neither credit nor credit-key")
        return (row.phrase, row.kind == "credit-key")
    }

    /// Whether a line says who wrote, adapted or sent the recipe: a credit, not an ingredient.
    static func isCredit(_ s: String) -> Bool {
        guard let first = s.utf8.first, (first | 0x20) &- 0x61 < 26 else { return false }
        let lower = s.lowercased()
        return phrases.contains { credit in
            guard lower.hasPrefix(credit.phrase) else { return false }
            let after = lower.dropFirst(credit.phrase.count).first
            return after == ":" || (!credit.keyOnly && after == " ")
        }
    }

    /// The record's warning for the credit line `line`.
    static func warning(_ line: String) -> String { "a credit line, not an ingredient: \(line)" }
}
