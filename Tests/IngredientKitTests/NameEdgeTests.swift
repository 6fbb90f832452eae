import Foundation
import Testing
import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientTagger

/// The name-edge rules of `LineAssembler` (issue 15), run on labels written here rather than
/// on the tagger's, so that each test shows what the rule does whatever the model reads.
@Suite("Name edges")
struct NameEdgeTests {
    /// The line assembled from `codes`, one label code per token of ours (nil when the line
    /// has another number of tokens).
    static func assembled(_ text: String, _ codes: [String]) -> ParsedIngredient? {
        var text = text
        return text.withUTF8 { line in
            let tokens = Tokenizer.tokenize(line)
            guard tokens.count == codes.count else { return nil }
            let lexicon = Lexicon.builtIn
            let starts = withUnsafeTemporaryAllocation(of: SmallBytes.self, capacity: tokens.count) { classes in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: tokens.count) { rows in
                    FeatureExtractor(lexicon: lexicon).lexiconClasses(tokens, line, into: classes, rows: rows)
                }
            }
            return lexicon.units.withUnsafeBufferPointer { units in
                var view = LineView(line: line, kind: .ingredient, units: units, confidence: 0, given: line)
                var assembler = LineAssembler(tables: LexiconReference(lexicon), tokens: tokens,
                                              labels: codes.map { Label(code: $0)!.rawValue }, line: line, phraseStarts: starts)
                _ = assembler.assemble(into: &view)
                swap(&view.spans, &assembler.spans)
                defer {
                    view.spans.deallocate() // plain lists: their memory is freed by hand
                    view.amounts.deallocate()
                }
                return view.parsedIngredient(input: String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// `assembled`, required to have one label per token.
    static func parse(_ text: String, _ codes: [String]) throws -> ParsedIngredient {
        try #require(assembled(text, codes), "\(text): not \(codes.count) tokens")
    }

    @Test func aTimesSignAfterTheAmountIsNotName() throws {
        let p = try Self.parse("4 x salmon fillets", ["QTY", "NAME", "NAME", "NAME"])
        #expect(p.quantity == 4)
        #expect(p.name == "salmon fillets")
        // Between a name and its amount it is left alone, as before.
        #expect(try Self.parse("Fish oil x 1000mg", ["NAME", "NAME", "NAME", "QTY", "UNIT"]).name == "Fish oil")
    }

    @Test func ofAfterAMeasureIsNotName() throws {
        let p = try Self.parse("dash of vegetable oil", ["UNIT", "NAME", "NAME", "NAME"])
        #expect(p.unit == "dash")
        #expect(p.name == "vegetable oil")
        // "of" inside a name stays.
        #expect(try Self.parse("1 leg of lamb", ["QTY", "NAME", "NAME", "NAME"]).name == "leg of lamb")
    }

    @Test func aPercentAfterOrGoesOnWithTheName() throws {
        let milk = try Self.parse("1 cup skim or 1% milk", ["QTY", "UNIT", "NAME", "COMMENT", "COMMENT", "PUNC", "NAME"])
        #expect(milk.name == "skim or 1% milk")
        #expect(milk.comment == nil)
        // Without a name word after it, the number stays where the tagger put it.
        let note = try Self.parse("1 cup skim milk or 1%", ["QTY", "UNIT", "NAME", "NAME", "COMMENT", "COMMENT", "PUNC"])
        #expect(note.name == "skim milk")
    }

    @Test func aNumberInQuotesBesideANameIsName() throws {
        let flour = try Self.parse("250 g type '55' flour", ["QTY", "UNIT", "NAME", "PUNC", "QTY", "PUNC", "NAME"])
        #expect(flour.name == "type '55' flour")
        #expect(flour.quantity == 250)
        #expect(flour.alternates.isEmpty)
        let first = try Self.parse("1 kg “45” flour", ["QTY", "UNIT", "PUNC", "QTY", "PUNC", "NAME"])
        #expect(first.name == "“45” flour")
    }

    /// Name words the name stops before (a second ingredient after another amount) are a
    /// note, not lost.
    @Test func nameWordsLeftOutOfTheNameAreANote() throws {
        let wine = try Self.parse("2 tablespoons dry red wine or 1 tablespoon red wine vinegar",
                                  ["QTY", "UNIT", "NAME", "NAME", "NAME", "COMMENT", "QTY", "UNIT", "NAME", "NAME", "NAME"])
        #expect(wine.name == "dry red wine")
        #expect(wine.comment?.hasSuffix("red wine vinegar") == true, "\(String(describing: wine.comment))")
        // The line's only note can be such words.
        let eggs = try Self.parse("3 eggs plus 1 egg yolk", ["QTY", "NAME", "PUNC", "QTY", "NAME", "NAME"])
        #expect(eggs.name == "eggs")
        #expect(eggs.comment == "egg yolk")
    }

    @Test func aJoiningWordDoesNotOpenTheName() throws {
        let beer = try Self.parse("1 can or bottle stout", ["QTY", "UNIT", "NAME", "NAME", "NAME"])
        #expect(beer.unit == "can")
        #expect(beer.name == "stout")
        #expect(beer.comment == "or bottle")
        let glug = try Self.parse("a glug or two rapeseed oil", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME"])
        #expect(glug.unit == "glug")
        #expect(glug.name == "rapeseed oil")
        let peas = try Self.parse("1 cup shelled and blanched peas", ["QTY", "UNIT", "PREP", "NAME", "NAME", "NAME"])
        #expect(peas.name == "blanched peas")
        let slice = try Self.parse("2 slices from a sourdough loaf", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME"])
        #expect(slice.name == "sourdough loaf")
        // Inside the name, and after punctuation, it stays.
        #expect(try Self.parse("1 tbsp salt and pepper", ["QTY", "UNIT", "NAME", "NAME", "NAME"]).name == "salt and pepper")
    }

    @Test func aListOfAlternativesGoesOnToItsLastItem() throws {
        let spirits = try Self.parse("2 ounces gin, vodka, rum, or tequila",
                                     ["QTY", "UNIT", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "PUNC", "COMMENT", "COMMENT"])
        #expect(spirits.name == "gin, vodka, rum, or tequila")
        let steak = try Self.parse("1 pound sirloin, skirt, or flank steak",
                                   ["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "PUNC", "COMMENT", "COMMENT", "COMMENT"])
        #expect(steak.name == "sirloin, skirt, or flank steak")
        let greens = try Self.parse("1 bunch chard, kale, and spinach", ["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "PUNC", "COMMENT", "COMMENT"])
        #expect(greens.name == "chard, kale, and spinach")
        // Preparation, a number or a phrase in the items ends the name where it was.
        let turkey = try Self.parse("1 pound turkey breast, sliced, or diced",
                                    ["QTY", "UNIT", "NAME", "NAME", "PUNC", "COMMENT", "PUNC", "COMMENT", "COMMENT"])
        #expect(turkey.name == "turkey breast")
        let herbs = try Self.parse("2 tbsp mixed herbs, such as dill, or chives",
                                   ["QTY", "UNIT", "NAME", "NAME", "PUNC", "COMMENT", "COMMENT", "COMMENT", "PUNC", "COMMENT", "COMMENT"])
        #expect(herbs.name == "mixed herbs")
    }

    @Test func partOfAParenthesisIsNoName() throws {
        let steak = try Self.parse("2 pounds steak (flank, skirt, or hanger)",
                                   ["QTY", "UNIT", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "PUNC", "COMMENT", "COMMENT", "PUNC"])
        #expect(steak.name == "steak")
        #expect(steak.comment?.contains("flank") == true)
        // A parenthesis read wholly as name stays in the name, as written.
        let sauce = try Self.parse("2 tbsp fish sauce (nam pla)", ["QTY", "UNIT", "NAME", "NAME", "PUNC", "NAME", "NAME", "PUNC"])
        #expect(sauce.name == "fish sauce (nam pla)")
        // So does a name that begins inside parentheses.
        let inside = try Self.parse("(dried figs)", ["PUNC", "NAME", "NAME", "PUNC"])
        #expect(inside.name?.contains("dried figs") == true)
    }

    @Test func aVagueNumberWordAloneOpensTheAmount() throws {
        let few = try Self.parse("few bay leaves", ["NAME", "NAME", "NAME"])
        #expect(few.name == "bay leaves")
        #expect(few.quantity == nil)
        // With its article it stays in the name, as the labeled sources have it.
        #expect(try Self.parse("a few bay leaves", ["NAME", "NAME", "NAME", "NAME"]).name == "a few bay leaves")
    }

    @Test func aNameDoesNotEndInAJoiningWord() throws {
        let p = try Self.parse("1 cup cottage cheese or 8 ounces cream cheese",
                               ["QTY", "UNIT", "NAME", "NAME", "NAME", "QTY", "UNIT", "COMMENT", "COMMENT"])
        #expect(p.name == "cottage cheese")
        #expect(try Self.parse("2 cups chicken stock made with", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME"]).name == "chicken stock made")
        #expect(try Self.parse("1 turkey weighing 4 kg", ["QTY", "NAME", "NAME", "COMMENT", "COMMENT"]).name == "turkey")
        // Inside a name, a joining word stays.
        #expect(try Self.parse("Salt and freshly ground pepper", ["NAME", "NAME", "PREP", "PREP", "NAME"]).name == "Salt and pepper")
    }

    @Test func aListNameTakesItsLastOrItem() throws {
        let p = try Self.parse("1 pound ground beef, pork, or lamb",
                               ["QTY", "UNIT", "NAME", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "COMMENT"])
        #expect(p.name == "ground beef, pork, or lamb")
        #expect(p.comment == nil)
        // Up to the next comma only.
        let cut = try Self.parse("1 pound ground beef, pork, or lamb, browned",
                                 ["QTY", "UNIT", "NAME", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "COMMENT", "PUNC", "PREP"])
        #expect(cut.name == "ground beef, pork, or lamb")
        #expect(cut.preparation == "browned")
    }

    @Test func aListNameLeavesNumbersPhrasesAndSingleNamesAlone() throws {
        // Another amount.
        #expect(try Self.parse("1 cup chicken, beef, or 2 cups water",
                               ["QTY", "UNIT", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "COMMENT", "COMMENT", "COMMENT"]).name == "chicken, beef")
        // A phrase of the phrase table.
        #expect(try Self.parse("1 cup chicken, beef, or more to taste",
                               ["QTY", "UNIT", "NAME", "PUNC", "NAME", "PUNC", "COMMENT", "COMMENT", "COMMENT", "COMMENT"]).name == "chicken, beef")
        // A name that is not a list.
        #expect(try Self.parse("1 cup chicken stock, or water",
                               ["QTY", "UNIT", "NAME", "NAME", "PUNC", "COMMENT", "COMMENT"]).name == "chicken stock")
    }
}

extension NameEdgeTests {
    @Test func aNumberAfterANamedPartIsTheAmount() throws {
        let p = try Self.parse("Juice of 2 lemons", ["NAME", "NAME", "NAME", "NAME"])
        #expect(p.quantity == 2)
        #expect(p.name == "lemons")
        #expect(p.comment == "Juice of")
        // Not when the line has an amount already, nor after another word.
        #expect(try Self.parse("1 cup juice of 2 lemons", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME"]).quantity == 1)
        #expect(try Self.parse("Juice with 2 lemons", ["NAME", "NAME", "NAME", "NAME"]).quantity == nil)
    }

    @Test func anArticleAfterTheQuantityIsNotName() throws {
        let p = try Self.parse("½ a nectarine, stone removed", ["QTY", "NAME", "NAME", "PUNC", "COMMENT", "COMMENT"])
        #expect(p.quantity == 0.5)
        #expect(p.name == "nectarine")
        #expect(try Self.parse("Half a lemon", ["QTY", "NAME", "NAME"]).name == "lemon")
        // Opening the line, "a" stays in the name ("a few", as the sources have it).
        #expect(try Self.parse("a few bay leaves", ["NAME", "NAME", "NAME", "NAME"]).name == "a few bay leaves")
    }

    @Test func anAlternativeOfThePreparationIsNotName() throws {
        let p = try Self.parse("1½ cups cooked or canned black beans, rinsed",
                               ["QTY", "UNIT", "PREP", "NAME", "NAME", "NAME", "NAME", "PUNC", "PREP"])
        #expect(p.name == "black beans")
        #expect(p.preparation == "cooked or canned, rinsed")
        // Only between a preparation or note and a name of more words.
        #expect(try Self.parse("1 cup pecans or walnuts", ["QTY", "UNIT", "NAME", "NAME", "NAME"]).name == "pecans or walnuts")
    }

    @Test func aNameGoesOnAfterANoteInParentheses() throws {
        let p = try Self.parse("4 ounces bittersweet (not unsweetened) chocolate, chopped",
                               ["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "COMMENT", "PUNC", "NAME", "PUNC", "PREP"])
        #expect(p.name == "bittersweet chocolate")
        #expect(p.comment == "(not unsweetened)")
        // Not past anything outside the parentheses.
        let stop = try Self.parse("1 tbsp mirin (rice wine), or water",
                                  ["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "COMMENT", "PUNC", "PUNC", "COMMENT", "NAME"])
        #expect(stop.name == "mirin")
    }

    @Test func aSecondAmountAfterOrEndsTheName() throws {
        let p = try Self.parse("12 green beans or 3 long beans", ["QTY", "NAME", "NAME", "NAME", "NAME", "NAME", "NAME"])
        #expect(p.name == "green beans")
        #expect(p.comment == "or 3 long beans")
        // A number with % belongs to the name.
        #expect(try Self.parse("1 cup whole or 2% milk", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME", "NAME"]).name == "whole or 2% milk")
    }

    @Test func anAmountThatEndsTheLineIsNotName() throws {
        let p = try Self.parse("2 tbsp soy sauce 30 mL", ["QTY", "UNIT", "NAME", "NAME", "NAME", "UNIT"])
        #expect(p.name == "soy sauce")
        #expect(p.unit == "tablespoon")
        #expect(try Self.parse("1 tsp cumin seeds 5 mL", ["QTY", "UNIT", "NAME", "NAME", "NAME", "COMMENT"]).name == "cumin seeds")
        // Not a number inside the name.
        #expect(try Self.parse("1 cup Italian 6 cheese blend", ["QTY", "UNIT", "NAME", "NAME", "NAME", "NAME"]).name == "Italian 6 cheese blend")
    }
}
