import IngredientText
import Foundation
import Testing
@testable import IngredientLexicon

/// User tables over the built-in ones, through the library API, and their precedence.
@Suite("Canonical keys: user overrides")
struct KeysOverrideTests {
    func keyer(_ table: DictionaryTable, _ text: String, over lexicon: Lexicon = .builtIn) throws -> CanonicalKeyer {
        CanonicalKeyer(lexicon: try lexicon.adding(table, text: text))
    }

    @Test func addsASynonymGroup() throws {
        let k = try keyer(.synonyms, "everything bagel seasoning\tEverything Bagel seasoning\t-\teverything seasoning|everything bagel spice\n")
        #expect(k.key(forName: "Everything Seasoning") == "everything bagel seasoning")
        #expect(k.key(forName: "everything bagel spice") == "everything bagel seasoning")
        #expect(k.displayName(forKey: "everything bagel seasoning", locale: .enGB) == "Everything Bagel seasoning")
        // The built-in keyer is a value and stays as it was.
        #expect(CanonicalKeyer().key(forName: "everything seasoning") == "everything seasoning")
        // Built-in rows still work.
        #expect(k.key(forName: "spring onions") == "scallion")
    }

    @Test func userRowReplacesTheBuiltInRowWithTheSameKey() throws {
        // The built-in scallion row lists "green onion"; this one does not.
        let k = try keyer(.synonyms, "scallion\tgreen onion\tspring onion\tspring onion|salad onion\n")
        #expect(k.key(forName: "spring onions") == "scallion")
        #expect(k.key(forName: "green onions") == "green onion")
        #expect(k.displayName(forKey: "scallion", locale: .enUS) == "green onion")
    }

    @Test func userVariantWinsOverABuiltInVariant() throws {
        // "spring onion" is a built-in variant of scallion; the user makes it its own key.
        let k = try keyer(.synonyms, "spring onion\tspring onion\t-\tspring onions|salad onion\n")
        #expect(k.key(forName: "spring onions") == "spring onion")
        #expect(k.key(forName: "salad onion") == "spring onion")
        #expect(k.key(forName: "scallions") == "scallion")
    }

    @Test func forcedKeyWinsOverEverything() throws {
        let k = try keyer(.keyOverrides, "Spring Onions\tmy onion\nfinely chopped parsley\tparsley garnish\n")
        #expect(k.key(forName: "spring onions") == "my onion")
        #expect(k.key(forName: "SPRING-ONIONS") == "my onion") // folding and punctuation still apply
        #expect(k.key(forName: "spring onion") == "scallion") // a different raw name
        #expect(k.key(forName: "finely chopped parsley") == "parsley garnish") // before drop words
        // A forced key may point into an existing group.
        let m = try keyer(.keyOverrides, "salad onion tops\tscallion\n")
        #expect(m.key(forName: "salad onion tops") == m.key(forName: "green onions"))
    }

    @Test func forcedKeyWinsOverAUserSynonym() throws {
        let both = try Lexicon.builtIn
            .adding(.synonyms, text: "spring onion\tspring onion\t-\tspring onions\n")
            .adding(.keyOverrides, text: "spring onions\tforced\n")
        #expect(CanonicalKeyer(lexicon: both).key(forName: "spring onions") == "forced")
    }

    @Test func markingAWordIdentityBearing() throws {
        #expect(CanonicalKeyer().key(forName: "sliced mushrooms") == "sliced mushroom") // a built-in keep phrase
        #expect(CanonicalKeyer().key(forName: "sliced peppers") == "pepper")
        let k = try keyer(.keyWords, "sliced\tkeep\n")
        #expect(k.key(forName: "sliced peppers") == "sliced pepper")
        #expect(k.key(forName: "diced peppers") == "pepper")
        // And the other way: a built-in identity word the user drops.
        let d = try keyer(.keyWords, "organic\tdrop\n")
        #expect(d.key(forName: "organic honey") == "honey")
        #expect(CanonicalKeyer().key(forName: "organic honey") == "organic honey")
    }

    @Test func keepPhraseProtectsItsWords() throws {
        let k = try keyer(.keyWords, "diced carrot\tkeep\n")
        #expect(k.key(forName: "frozen diced carrots") == "frozen diced carrot")
        #expect(k.key(forName: "frozen sliced carrots") == "frozen carrot")
        #expect(CanonicalKeyer().key(forName: "frozen diced carrots") == "frozen carrot")
        #expect(CanonicalKeyer().key(forName: "frozen chopped spinach") == "frozen chopped spinach") // built-in phrase
    }

    @Test func userPluralsAndInvariants() throws {
        // A user plural beats a built-in invariant …
        let p = try keyer(.plurals, "oats\toat\n")
        #expect(p.key(forName: "oats") == "oat")
        // … and a user invariant beats a built-in plural.
        let i = try keyer(.invariants, "leaves\n")
        #expect(i.key(forName: "curry leaves") == "curry leaves")
        #expect(CanonicalKeyer().key(forName: "curry leaves") == "curry leaf")
        // Invariant phrases keep all their words.
        let phrase = try keyer(.invariants, "pigs in blankets\n")
        #expect(phrase.key(forName: "pigs in blankets") == "pigs in blankets")
        #expect(CanonicalKeyer().key(forName: "pigs in blankets") == "pig in blanket")
    }

    @Test func userPartWord() throws {
        let k = try keyer(.keyWords, "knuckle\tpart\n")
        #expect(k.key(forName: "knuckle of pork") == "pork knuckle")
        #expect(CanonicalKeyer().key(forName: "knuckle of pork") == "knuckle of pork")
    }

    @Test func readsAUserFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("my-synonyms.tsv").path
        try "# mine\nbrown butter\tbrown butter\t-\tbeurre noisette|noisette butter\n".write(toFile: path, atomically: true, encoding: .utf8)
        let k = CanonicalKeyer(lexicon: try Lexicon.builtIn.adding(fileAt: path))
        #expect(k.key(forName: "beurre noisette") == "brown butter")
    }

    // MARK: - Errors a user can act on

    @Test func nonCanonicalKeyIsRejectedWithTheFormToWrite() throws {
        #expect(throws: DictionaryError.nonCanonicalKey(table: "synonyms.tsv", line: 1, key: "Hot Honeys", canonical: "hot honey")) {
            _ = try Lexicon.builtIn.adding(.synonyms, text: "Hot Honeys\t-\t-\tchili honey\n")
        }
        let message = DictionaryError.nonCanonicalKey(table: "synonyms.tsv", line: 1, key: "Hot Honeys", canonical: "hot honey").description
        #expect(message.contains("write 'hot honey'"))
        // A user key that is a built-in variant takes that variant over (user rows come last).
        let k = CanonicalKeyer(lexicon: try Lexicon.builtIn.adding(.synonyms, text: "courgette\t-\t-\tbaby marrow\n"))
        #expect(k.key(forName: "courgettes") == "courgette")
        #expect(k.key(forName: "baby marrow") == "courgette")
        #expect(k.key(forName: "zucchini") == "zucchini")
    }

    @Test func badRowsAreRejected() {
        #expect(throws: DictionaryError.malformedRow(table: "synonyms.tsv", line: 2, expected: 4, found: 2)) {
            _ = try Lexicon.builtIn.adding(.synonyms, text: "# header\nonly\ttwo\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "key-words.tsv", line: 1, column: "role (drop, keep or part)", value: "maybe")) {
            _ = try Lexicon.builtIn.adding(.keyWords, text: "sliced\tmaybe\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "plurals.tsv", line: 1, column: "plural (one word)", value: "green beans")) {
            _ = try Lexicon.builtIn.adding(.plurals, text: "green beans\tgreen bean\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "key-overrides.tsv", line: 1, column: "key", value: "!!!")) {
            _ = try Lexicon.builtIn.adding(.keyOverrides, text: "x\t!!!\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "key-words.tsv", line: 1, column: "part (one word)", value: "pork leg")) {
            _ = try Lexicon.builtIn.adding(.keyWords, text: "pork leg\tpart\n")
        }
    }

    @Test func unknownFileNameListsTheTables() {
        #expect(throws: DictionaryError.self) {
            _ = try Lexicon.builtIn.adding(fileAt: "/tmp/not-a-table-name.tsv")
        }
        do {
            _ = try Lexicon.builtIn.adding(fileAt: "/tmp/not-a-table-name.tsv")
        } catch {
            #expect("\(error)".contains("synonyms.tsv"))
            #expect("\(error)".contains("key-overrides.tsv"))
        }
    }
}
