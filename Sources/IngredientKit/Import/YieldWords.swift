/// The words that mark a recipe's yield in plain text ("Serves 4", "6 servings"), from
/// `Dictionaries/import/yields.tsv`.
enum YieldWords {
    /// Words a yield line starts with, longest first (so "servings" is tried before "serving").
    static let starts: [String] = words(of: "starts").sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    /// Words that, after a number, make the whole line a yield.
    static let follows: Set<String> = Set(words(of: "follows"))

    private static func words(of kind: String) -> [String] {
        ImportWordTable.rows("import/yields.tsv").filter { $0.kind == kind }.map(\.phrase)
    }
}
