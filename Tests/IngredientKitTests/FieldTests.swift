import Testing
@testable import IngredientParsing

/// Name, size, preparation, comment, purpose and the optional flag on clear lines.
@Suite("Name, size, preparation, comment, optional")
struct FieldTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var name: String?
        var size: String? = nil
        var preparation: String? = nil
        var comment: String? = nil
        var purpose: String? = nil
        var optional = false
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "2 large eggs", name: "eggs", size: "large"),
        Case(line: "1 medium onion, diced", name: "onion", size: "medium", preparation: "diced"),
        Case(line: "2 small potatoes, peeled and cubed", name: "potatoes", size: "small", preparation: "peeled and cubed"),
        Case(line: "1 large onion, finely chopped", name: "onion", size: "large", preparation: "finely chopped"),
        Case(line: "3 large eggs, beaten", name: "eggs", size: "large", preparation: "beaten"),
        Case(line: "2 tablespoons unsalted butter, melted", name: "unsalted butter", preparation: "melted"),
        Case(line: "½ teaspoon freshly ground black pepper", name: "black pepper", preparation: "freshly ground"),
        Case(line: "1 cup grated Parmesan cheese", name: "Parmesan cheese", preparation: "grated"),
        Case(line: "2 cups all-purpose flour, sifted", name: "all-purpose flour", preparation: "sifted"),
        Case(line: "1 cup chopped walnuts, toasted (optional)", name: "walnuts", preparation: "chopped, toasted",
             comment: "(optional)", optional: true),
        Case(line: "1 tsp vanilla extract (optional)", name: "vanilla extract", comment: "(optional)", optional: true),
        Case(line: "salt and pepper to taste", name: "salt and pepper", comment: "to taste", optional: true),
        Case(line: "Salt and pepper, to taste", name: "Salt and pepper", comment: "to taste", optional: true),
        Case(line: "Olive oil, for frying", name: "Olive oil", purpose: "for frying"),
        Case(line: "1 tbsp toasted sesame seeds, for garnish", name: "sesame seeds", preparation: "toasted",
             purpose: "for garnish", optional: true),
        Case(line: "2 cups chicken stock", name: "chicken stock"),
        Case(line: "1 pound boneless skinless chicken breasts", name: "boneless skinless chicken breasts"),
        Case(line: "1 cup whole milk", name: "whole milk"),
    ]

    @Test("fields of clear lines", arguments: cases)
    func fields(_ c: Case) {
        let p = parser.parse(c.line)
        #expect(p.kind == .ingredient)
        #expect(p.name == c.name)
        #expect(p.size == c.size)
        #expect(p.preparation == c.preparation)
        #expect(p.comment == c.comment)
        #expect(p.purpose == c.purpose)
        #expect(p.isOptional == c.optional)
        #expect(p.section == nil)
    }

    @Test func inputIsKeptVerbatim() {
        let line = "  2 cups flour  "
        #expect(parser.parse(line).input == line)
    }

    /// IngredientParser's documentation: `1 ½ cups finely chopped red onions, divided` gives
    /// quantity 1.5, unit cup, name red onions, preparation finely chopped, comment divided.
    @Test func documentedHeadlineExample() {
        let p = parser.parse("1 ½ cups finely chopped red onions, divided")
        #expect(p.quantity == 1.5)
        #expect(p.unit == "cup")
        #expect(p.name == "red onions")
        #expect(p.preparation == "finely chopped")
        #expect(p.comment == "divided")
    }

    /// Number words that made the quantity must not also appear as a comment
    /// (Corpora/parse/fixture.jsonl: "a dozen eggs" → comment null).
    @Test func numberPhraseIsNotAlsoAComment() {
        let dozen = parser.parse("a dozen eggs")
        let couple = parser.parse("a couple of onions")
        #expect(dozen.quantity == 12)
        #expect(dozen.name == "eggs")
        #expect(couple.quantity == 2)
        #expect(couple.name == "onions")
        #expect(dozen.comment == nil)
        #expect(couple.comment == nil)
    }

    /// Assembly looks for phrases only at the tokens the feature extractor noted as phrase
    /// starts (a bit mask of the first 64 tokens, then every token); a phrase is found at
    /// any position, before and past the 64th token.
    @Test func optionalPhraseAtAnyPosition() {
        for filler in [0, 20, 55, 61, 62, 63, 64, 65, 80] {
            let line = "2 cups flour" + String(repeating: " and more flour", count: filler / 3) + String(repeating: " sugar", count: filler % 3) + ", to taste"
            let p = parser.parse(line)
            #expect(p.isOptional, "\(filler) words: \(line)")
            #expect(p.comment?.hasSuffix("to taste") == true, "\(filler) words")
        }
    }

    @Test func phraseStartsVisitsNotedTokensInOrder() {
        var starts = PhraseStarts()
        for i in [3, 0, 63, 17] { starts.insert(i) }
        var seen: [Int] = []
        var i = starts.next(from: 0, end: 100)
        while i < 100 { seen.append(i); i = starts.next(from: i + 1, end: 100) }
        #expect(seen == [0, 3, 17, 63])
        #expect(starts.next(from: 18, end: 40) == 40) // the next start lies beyond the end
        starts.insert(70) // past the mask: every token is a candidate from then on
        #expect(starts.next(from: 5, end: 100) == 5)
        #expect(starts.next(from: 100, end: 100) == 100)
        #expect(PhraseStarts().next(from: 0, end: 9) == 9)
    }

    @Test func phraseStartsKeepTheOptionalOnes() {
        var starts = PhraseStarts()
        starts.insert(2, optional: true)
        starts.insert(5)
        starts.insert(63, optional: true)
        #expect(starts.optionalStarts == (1 << 2 | 1 << 63))
        starts.insert(64, optional: true) // past the mask: the table has to be asked again
        #expect(starts.optionalStarts == nil)
    }

    /// The optional-phrase flag comes from the phrase starts noted with the lexicon classes,
    /// and from the phrase table itself on a line whose starts go past token 63.
    @Test func optionalPhrasesOnShortAndLongLines() {
        let parser = IngredientParser()
        #expect(parser.parse("2 cups milk, optional").isOptional)
        #expect(parser.parse("salt, to taste").isOptional)
        #expect(parser.parse("1 tbsp sugar (if desired)").isOptional)
        #expect(!parser.parse("2 eggs").isOptional)
        let filler = String(repeating: " and more", count: 40)
        #expect(parser.parse("2 cups milk" + filler + ", optional").isOptional)
        #expect(!parser.parse("2 cups milk" + filler).isOptional)
    }
}
