import Testing
@testable import IngredientSuggestions

/// Reading the suggestion tables' rows on bytes (`SuggestionWords.rows(utf8:)`) gives the
/// rows the character-based reading gives.
@Suite struct SuggestionRowsTests {
    func rows(_ text: String) -> [(Int, [String])]? {
        var text = text
        return text.withUTF8 { SuggestionWords.rows(utf8: $0) }
    }

    @Test func commentsBlanksAndColumns() throws {
        let text = "# comment\n\nword\tclass\n  \t \n#\u{301}x\tform\n\tb\t\nlast"
        let got = try #require(rows(text))
        #expect(got.map(\.0) == [3, 5, 6, 7])
        #expect(got.map(\.1) == [["word", "class"], ["#\u{301}x", "form"], ["", "b", ""], ["last"]])
        #expect(SuggestionWords.rows(text).map(\.1) == got.map(\.1))
        #expect(SuggestionWords.rows(text).map(\.0) == got.map(\.0))
    }

    @Test func aCarriageReturnLeavesItToTheCharacterReading() {
        #expect(rows("a\tb\r\nc\n") == nil)
        #expect(!SuggestionWords.rows("a\tb\r\nc\n").isEmpty)
    }

    @Test func builtInTablesReadTheSameEitherWay() throws {
        for name in ["suggest/words.tsv", "suggest/alike.tsv", "suggest/weights.tsv", "suggest/wordnet.tsv"] {
            let text = try #require(IngredientSuggestions.EmbeddedDictionaries.files[name])
            let fast = try #require(rows(text))
            // The character-based reading, as before.
            var slow: [(Int, [String])] = []
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = Substring(raw)
                if line.isEmpty || line.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                slow.append((index + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
            }
            #expect(fast.map(\.0) == slow.map(\.0), "\(name)")
            #expect(fast.map(\.1) == slow.map(\.1), "\(name)")
        }
    }
}
