/// The words that mark a recipe's yield in plain text ("Serves 4", "6 servings"), from
/// `Dictionaries/import/yields.tsv`.
enum YieldWords {
    /// Words a yield line starts with, longest first (so "servings" is tried before "serving").
    static let starts: [String] = words(of: "starts").sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    /// Words that, after a number, make the whole line a yield.
    static let follows: Set<String> = Set(words(of: "follows"))

    private static func words(of kind: String) -> [String] {
        guard let text = EmbeddedDictionaries.files["import/yields.tsv"] else { return [] }
        var words: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            if columns.count == 2, columns[0] == kind { words.append(String(columns[1])) }
        }
        return words
    }
}
