import Foundation
import Testing
@testable import IngredientParsing
@testable import IngredientLists
@testable import IngredientLexicon

/// Measures as recipe pages in other languages write them: the units table's rows carry their
/// common forms, "de" and "di" join a measure to its ingredient as "of" does, and a unit phrase
/// the tagger cut short is read whole, also across a qualifier in parentheses. Lines written for this test, in the forms pages use.
@Suite("Units written in other languages")
struct OtherLanguageUnitTests {
    @Test(arguments: [
        ("2 EL Olivenöl", 2.0, "tablespoon", "Olivenöl"),
        ("1 TL Salz", 1.0, "teaspoon", "Salz"),
        ("1 Prise Zucker", 1.0, "pinch", "Zucker"),
        ("3 Stück Karotten", 3.0, "piece", "Karotten"),
        ("1 Bund Schnittlauch", 1.0, "bunch", "Schnittlauch"),
        ("2 el olijfolie", 2.0, "tablespoon", "olijfolie"),
        ("2 spsk smør", 2.0, "tablespoon", "smør"),
        ("1 tsk kanel", 1.0, "teaspoon", "kanel"),
        ("3 krm salt", 3.0, "milliliter", "salt"),
        ("1 cuillère à soupe huile", 1.0, "tablespoon", "huile"),
        ("2 gousses d'ail", 2.0, "clove", "d'ail"),
        ("2 cucharadas de azúcar", 2.0, "tablespoon", "azúcar"),
        ("1 taza de leche", 1.0, "cup", "leche"),
        ("1 colher de sopa de azeite", 1.0, "tablespoon", "azeite"),
        ("1 spicchio di aglio", 1.0, "clove", "aglio"),
        ("200 gramos de harina", 200.0, "gram", "harina"),
        ("2 evőkanál cukor", 2.0, "tablespoon", "cukor"),
        ("125 克 细砂糖", 125.0, "gram", "细砂糖"),
        ("25 dkg vaj", 25.0, "dekagram", "vaj"),
        ("4 db tojás", 4.0, "piece", "tojás"),
        ("2 PL jogurt", 2.0, "tablespoon", "jogurt"),
        ("2 łyżki mąki", 2.0, "tablespoon", "mąki"),
        ("5 st rädisor", 5.0, "piece", "rädisor"),
        ("1 colher (sopa) de azeite", 1.0, "tablespoon", "azeite"),
        ("2 colheres (chá) de sal", 2.0, "teaspoon", "sal"),
        ("2 xícaras (chá) de farinha de trigo", 2.0, "cup", "farinha de trigo"),
    ] as [(String, Double, String, String)])
    func measureOfAnotherLanguage(_ line: String, _ quantity: Double, _ unit: String, _ name: String) {
        let p = parser.parse(line)
        #expect(p.quantity == quantity)
        #expect(p.unit == unit)
        #expect(p.name == name)
    }

    /// "El Paso" is a name ("EL" is a unit only in capitals or lowercase), a capitalized "Di"
    /// or "De" after a lowercase word opens a brand, and "de" inside a name stays.
    @Test func namesKeepTheirWords() {
        #expect(parser.parse("1 package El Paso taco seasoning").name?.hasPrefix("El Paso") == true)
        #expect(parser.parse("1/4 cup Di Giorno Alfredo Sauce").name == "Di Giorno Alfredo Sauce")
        #expect(parser.parse("1 lb De Cecco spaghetti").name == "De Cecco spaghetti")
        #expect(parser.parse("1 tbsp herbes de Provence").name == "herbes de Provence")
        #expect(parser.parse("2 Cups Of Flour").name == "Flour")
        // A parenthesis after an English unit is still its own amount or note.
        let milk = parser.parse("1 cup (250 ml) milk")
        #expect(milk.unit == "cup" && milk.name == "milk" && milk.alternates.first?.unit == "milliliter")
    }
}

/// The units table's dotted forms: the parser reads a word's final dot as no part of it, so a
/// form written with dots is matched by the row's form without them, which must be listed.
@Suite("Units table: dotted forms")
struct DottedUnitFormTests {
    @Test func everyDottedFormHasItsDotlessForm() throws {
        let text = try String(contentsOfFile: Repo.path("Dictionaries/units.tsv"), encoding: .utf8)
        var missing: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count == 4 else { continue }
            let aliases = columns[3].split(separator: "|").map { String($0) }
            let folded = Set(aliases.map { $0.lowercased() })
            for alias in aliases where !alias.hasPrefix("=") && alias.contains(".") {
                let dotless = alias.split(separator: " ").map { $0.hasSuffix(".") ? String($0.dropLast()) : String($0) }.joined(separator: " ")
                if dotless != alias, !folded.contains(dotless.lowercased()) { missing.append("\(columns[0]): \(alias)") }
            }
        }
        #expect(missing.isEmpty, "dotted forms without their dotless form: \(missing)")
    }
}

/// A list item whose name no table knows is shown with the letters its line wrote, not the
/// folded letters of its key.
@Suite("List names keep their letters")
struct ListNameLetterTests {
    @Test func unknownNamesKeepTheirAccents() {
        #expect(ShoppingListBuilder.withLettersOfLine("olivenol", "2 EL Olivenöl", keyer: CanonicalKeyer()) == "olivenöl")
        #expect(ShoppingListBuilder.withLettersOfLine("apfel kuchen", "1 Äpfel Kuchen", keyer: CanonicalKeyer()) == "äpfel kuchen")
        #expect(ShoppingListBuilder.withLettersOfLine("onion", "1 onion", keyer: CanonicalKeyer()) == "onion")
        #expect(ShoppingListBuilder.withLettersOfLine("sugar", "1 tbsp sugar (café style)", keyer: CanonicalKeyer()) == "sugar")
    }
}
