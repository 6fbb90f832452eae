/// The words that mark a recipe's yield in plain text ("Serves 4", "6 servings"), from
/// `Dictionaries/import/yields.tsv`.
package enum YieldWords {
    /// Words a yield line starts with, longest first (so "servings" is tried before "serving").
    static let starts: [String] = words(of: "starts").sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    /// The most UTF-8 bytes of a word of `starts`.
    static let longestStart = starts.map(\.utf8.count).max() ?? 0
    /// Words that, after a number, make the whole line a yield.
    static let follows: Set<String> = Set(words(of: "follows"))
    /// Words that, after a number, make a line a fact about the recipe ("10 Prep Time").
    static let facts: Set<String> = Set(words(of: "fact"))
    /// Words by which a yield counts servings ("Serves 6", "4 portions").
    static let servingWords: Set<String> = Set(words(of: "servings"))

    /// The number of servings a yield states ("4 servings", "Serves 6", "4"): its first
    /// number, when the yield is that number alone or holds a `servings` word; nil when it
    /// states something else ("1 loaf", "Makes 12 muffins") or nothing.
    package static func servings(in yield: String) -> Double? {
        let words = yield.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." })
        guard let number = words.lazy.compactMap({ Double($0) }).first, number > 0, number.isFinite else { return nil }
        // Words keep their dots (for "1.5"): a sentence's full stop is left out here ("servings.").
        return words.count == 1 || words.contains(where: { servingWords.contains(String($0.filter { $0 != "." })) }) ? number : nil
    }

    /// Whether `line` is a number followed by a fact word ("10 Prep Time", "6 Servings",
    /// "35 minutes"): a line of a page's recipe summary, not an ingredient.
    static func isRecipeFact(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\u{A0}" })
        guard words.count >= 2, words[0].allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || $0 == "/" || $0 == "-" }),
              words[0].contains(where: \.isNumber) else { return false }
        var second = words[1].lowercased()
        while let last = second.last, last == ":" || last == "." || last == "," { second.removeLast() }
        return facts.contains(second)
    }

    /// Whether `line` states a yield in a few words ending with a `follows` word and holding a
    /// number ("for 3 to 4 servings", "Serves 4 people", "(4 portions)").
    static func isYieldLine(_ line: String) -> Bool {
        let words = line.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard words.count >= 2, words.count <= 6, let last = words.last, follows.contains(String(last)) else { return false }
        return words.dropLast().contains { $0.allSatisfy(\.isNumber) }
    }

    private static func words(of kind: String) -> [String] {
        ImportWordTable.rows("import/yields.tsv").filter { $0.kind == kind }.map(\.phrase)
    }
}
