import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientSuggestions
@testable import IngredientLists

/// Merge suggestions inside the shopping list, and the user's answers to them as edits that
/// survive recomputation.
@Suite("shopping-list merge suggestions")
struct ListSuggestionTests {
    let builder = ShoppingListBuilder()

    func weekRecipes(factor: Double = 1) throws -> [ListRecipe] {
        try ListFixtures.week().map { builder.recipe(id: $0.name, title: $0.name, servingsFactor: factor, lines: $0.lines) }
    }

    func pairs(_ list: ShoppingList) -> [String] { list.suggestions.map { "\($0.merge.key) -> \($0.into.key)" } }

    @Test func weekPlanSuggestsKindsAndPartsIntoTheGeneralItem() throws {
        let list = builder.list(for: try weekRecipes())
        let found = Set(pairs(list))
        for expected in ["red onion -> onion", "fresh ginger -> ginger", "broccoli floret -> broccoli", "lettuce leaf -> lettuce"] {
            #expect(found.contains(expected), "\(expected) missing from \(found.sorted())")
        }
        // Only items on the list, at or above the threshold, each pair once, best first.
        let ids = Set(list.items.map(\.id))
        for s in list.suggestions {
            #expect(ids.contains(s.merge.id) && ids.contains(s.into.id))
            #expect(s.confidence >= ListSuggestion.defaultThreshold && s.confidence <= 1)
            #expect(!s.reasons.isEmpty)
        }
        #expect(list.suggestions.map(\.confidence) == list.suggestions.map(\.confidence).sorted(by: >))
        #expect(Set(list.suggestions.map(\.rejection)).count == list.suggestions.count)
        // Each item is offered to join one other item at most.
        #expect(Set(list.suggestions.map(\.merge.id)).count == list.suggestions.count)
        // The merged preview sums what converts: 8 onions + 1 red onion.
        let onion = try #require(list.suggestions.first { $0.merge.key == "red onion" })
        #expect(onion.result.key == "onion")
        #expect(onion.result.quantities.first?.display.text == "9")
        #expect(onion.result.sources.isEmpty)
        #expect(onion.result.quantities.map(\.lineCount).reduce(0, +)
                == (onion.merge.quantities + onion.into.quantities).map(\.lineCount).reduce(0, +))
    }

    @Test func productsAndOtherAislesAreNeverSuggested() {
        let r = builder.recipe(id: "r", lines: ["2 apples", "1 cup apple juice", "1 tsp garlic powder", "2 cloves garlic",
                                                  "6 oysters", "2 tbsp oyster sauce", "1 onion", "1 red onion"])
        let list = builder.list(for: [r], suggestionThreshold: 0)
        let found = Set(list.suggestions.map(\.rejection))
        for (a, b) in [("apple", "apple juice"), ("garlic", "garlic powder"), ("oyster", "oyster sauce")] {
            #expect(!found.contains(MergePair(a, b)), "\(a) / \(b) was offered")
        }
        #expect(pairs(list).contains("red onion -> onion"))
    }

    @Test func versionsAndWordsOfUseAreSuggestedNotMerged() {
        let r = builder.recipe(id: "r", lines: ["1 tsp table salt", "1/2 tsp salt", "1 cup light sour cream",
                                                  "1/2 cup reduced-fat sour cream"])
        let list = builder.list(for: [r])
        // Four items: none of these merge by key.
        #expect(list.items.count == 4)
        let found = Set(list.suggestions.map(\.rejection))
        #expect(found.contains(MergePair("table salt", "salt")), "\(pairs(list))")
        #expect(found.contains(MergePair("light sour cream", "reduced fat sour cream")), "\(pairs(list))")
    }

    @Test func acceptedMergeCombinesItemsAndKeepsSources() throws {
        var edits = ListEdits()
        edits.acceptedMerges["red onion"] = "onion"
        let before = builder.list(for: try weekRecipes())
        let after = builder.list(for: try weekRecipes(), edits: edits)
        #expect(!after.items.contains { $0.key == "red onion" })
        let onion = try #require(after.items.first { $0.key == "onion" })
        let old = try #require(before.items.first { $0.key == "onion" }), red = try #require(before.items.first { $0.key == "red onion" })
        #expect(onion.sources.count == old.sources.count + red.sources.count)
        #expect(onion.sources.contains { $0.line.lowercased().contains("red onion") })
        #expect(onion.quantities.first?.display.text == "9")
        #expect(!pairs(after).contains("red onion -> onion"))
        // Other suggestions stay.
        #expect(pairs(after).contains("fresh ginger -> ginger"))
    }

    @Test func rejectedMergeIsNeverSuggestedAgain() throws {
        var edits = ListEdits()
        edits.rejectedMerges.insert(MergePair("broccoli", "broccoli floret"))
        let list = builder.list(for: try weekRecipes(), edits: edits)
        #expect(!pairs(list).contains("broccoli floret -> broccoli"))
        #expect(pairs(list).contains("red onion -> onion"))
        // Either order names the same rejection.
        #expect(MergePair("broccoli floret", "broccoli") == MergePair("broccoli", "broccoli floret"))
    }

    @Test func decisionsSurviveRecomputeServingsAndOrder() throws {
        var edits = ListEdits()
        edits.acceptedMerges["fresh ginger"] = "ginger"
        edits.rejectedMerges.insert(MergePair("red onion", "onion"))
        let recipes = try weekRecipes()
        let a = builder.list(for: recipes, edits: edits).json()
        let b = builder.list(for: recipes.reversed(), edits: edits).json()
        #expect(a == b)
        let doubled = builder.list(for: try weekRecipes(factor: 2), edits: edits)
        #expect(!doubled.items.contains { $0.key == "fresh ginger" })
        #expect(!pairs(doubled).contains("red onion -> onion"))
        // A recipe added later that brings red onions back keeps the rejection.
        let extra = builder.recipe(id: "zz-extra", lines: ["3 red onions, sliced"])
        let grown = builder.list(for: recipes + [extra], edits: edits)
        #expect(!pairs(grown).contains("red onion -> onion"))
    }

    @Test func mergeChainsAndCyclesResolve() {
        var edits = ListEdits()
        edits.acceptedMerges = ["a": "b", "b": "c", "x": "y", "y": "x"]
        #expect(edits.mergedKey("a") == "c")
        #expect(edits.mergedKey("c") == "c")
        #expect(["x", "y"].contains(edits.mergedKey("x")))
    }

    @Test func editsJSONRoundTrips() throws {
        var edits = ListEdits(keyOverrides: ["courgettes": "zucchini"], categoryOverrides: ["tofu": "produce"],
                              manualItems: ["paper towels"], suppressedItems: ["salt|none"], checkedItems: ["egg|count"])
        edits.acceptedMerges = ["red onion": "onion", "fresh ginger": "ginger"]
        edits.rejectedMerges = [MergePair("broccoli", "broccoli floret")]
        let text = edits.json()
        let back = try ListEdits(json: text)
        #expect(back == edits)
        #expect(back.json() == text)
        #expect(try ListEdits(json: "{}") == ListEdits())
    }

    @Test func badEditsAreTypedErrors() {
        #expect(throws: ListEditsError.self) { try ListEdits(json: "not json at all {") }
        #expect(throws: ListEditsError.invalidMember(name: "rejectedMerges", expected: "an array of [key, key] arrays")) {
            try ListEdits(json: #"{"rejectedMerges": [["only one"]]}"#)
        }
        do {
            _ = try ListEdits(json: #"{"acceptedMerge": {"a": "b"}}"#)
            Issue.record("a misspelt member was accepted")
        } catch {
            #expect(error.description.contains("acceptedMerge"))
        }
    }

    @Test func parentsAndChildrenNeverShareAKey() {
        let keyer = CanonicalKeyer()
        for (a, b) in [("red onion", "onion"), ("smoked paprika", "paprika"), ("semi-skimmed milk", "skimmed milk"),
                       ("rapeseed", "rapeseed oil"), ("grapeseed", "grapeseed oil"), ("canola", "canola oil"),
                       ("sparkling mineral water", "sparkling water")] {
            #expect(keyer.key(forName: a) != keyer.key(forName: b), "\(a) / \(b) merge automatically")
        }
    }

    @Test func noSuggestionsWhenNotAsked() throws {
        let list = builder.list(for: try weekRecipes(), suggestionThreshold: nil)
        #expect(list.suggestions.isEmpty)
        #expect(list.items == builder.list(for: try weekRecipes()).items)
    }
}

/// The knowledge tables behind the scorer: their reader and the relations they give.
@Suite("food knowledge tables")
struct FoodKnowledgeTests {
    let wordnet = """
    # a small hierarchy: food > vegetable > onion > red onion; vegetable > leek; fruit > lemon, lime
    1\t-\t-
    2\t1\tvegetable
    3\t2\tonion
    4\t3\tred onion|spanish onion
    5\t2\tleek
    6\t1\tfruit
    7\t6\tlemon
    8\t6\tlime
    """

    @Test func relations() throws {
        let k = try FoodKnowledge(wordnet: wordnet, neighbours: "")
        #expect(k.relation(k.synsets(of: "red onion"), k.synsets(of: "spanish onion")) == .sameMeaning)
        #expect(k.relation(k.synsets(of: "red onion"), k.synsets(of: "onion")) == .kindOf)
        #expect(k.relation(k.synsets(of: "vegetable"), k.synsets(of: "red onion")) == .kindOf)
        #expect(k.relation(k.synsets(of: "lemon"), k.synsets(of: "lime")) == .siblings)
        #expect(k.relation(k.synsets(of: "lemon"), k.synsets(of: "leek")) == .unrelated)
        #expect(k.relation(k.synsets(of: "lemon"), k.synsets(of: "tofu")) == .unknown)
    }

    @Test func neighbours() throws {
        let k = try FoodKnowledge(wordnet: "", neighbours: "onion\tred onion=0.852\nred onion\nsalt\n")
        #expect(k.similarity(k.vocabularyRow(of: "onion"), k.vocabularyRow(of: "red onion")) == 0.852)
        #expect(k.similarity(k.vocabularyRow(of: "red onion"), k.vocabularyRow(of: "onion")) == 0.852)
        #expect(k.similarity(k.vocabularyRow(of: "onion"), k.vocabularyRow(of: "salt")) == 0)
        #expect(k.similarity(k.vocabularyRow(of: "onion"), k.vocabularyRow(of: "pepper")) == nil)
        // Similarities in other decimal forms read as the text says; CRLF lines and comments too.
        let odd = try FoodKnowledge(wordnet: "# synsets\r\n1\t-\tleek|allium\r\n", neighbours: "onion\tleek=0.5\tchive=0.8525\r\nleek\r\nchive\n")
        #expect(odd.similarity(odd.vocabularyRow(of: "onion"), odd.vocabularyRow(of: "leek")) == 0.5)
        #expect(odd.similarity(odd.vocabularyRow(of: "onion"), odd.vocabularyRow(of: "chive")) == Float("0.8525"))
        #expect(odd.synsets(of: "allium") == [0] && odd.synsets(of: "leek") == [0])
    }

    @Test func malformedRowsAreReported() {
        #expect(throws: SuggestionError.self) { try FoodKnowledge(wordnet: "1\t-\n", neighbours: "") }
        #expect(throws: SuggestionError.self) { try FoodKnowledge(wordnet: "", neighbours: "onion\tleek=1.5\n") }
        #expect(throws: SuggestionError.self) { try FoodKnowledge(wordnet: "", neighbours: "onion\tleek\n") }
        #expect(throws: SuggestionError.self) { try FoodKnowledge(wordnet: "1\t-\tleek\n1\t-\tonion\n", neighbours: "") }
        #expect(throws: SuggestionError.self) { try FoodKnowledge(wordnet: "", neighbours: "onion\tleek=1.0\nonion\n") }
    }

    @Test func builtInTablesKnowFoods() {
        let k = FoodKnowledge.builtIn
        #expect(!k.synsets(of: "onion").isEmpty)
        #expect(k.relation(k.synsets(of: "red onion"), k.synsets(of: "onion")) == .kindOf)
        #expect(k.vocabularyRow(of: "onion") >= 0)
    }

    @Test func derivedIng() {
        #expect(PairFeatures.isDerivedIng("coloring", from: "color"))
        #expect(PairFeatures.isDerivedIng("baking", from: "bake"))
        #expect(PairFeatures.isDerivedIng("stuffing", from: "stuff"))
        #expect(PairFeatures.isDerivedIng("chopping", from: "chop"))
        #expect(!PairFeatures.isDerivedIng("king", from: "k"))
        #expect(!PairFeatures.isDerivedIng("ring", from: "r"))
        #expect(!PairFeatures.isDerivedIng("onion", from: "on"))
        // Each rule's near misses: another ending, another stem, a doubled letter that is not
        // the stem's last, a stem too short.
        #expect(!PairFeatures.isDerivedIng("colorint", from: "color"))
        #expect(!PairFeatures.isDerivedIng("colouring", from: "color"))
        #expect(!PairFeatures.isDerivedIng("bakeing", from: "bak"))
        #expect(PairFeatures.isDerivedIng("making", from: "make"))
        #expect(!PairFeatures.isDerivedIng("chomping", from: "chop"))
        #expect(PairFeatures.isDerivedIng("choping", from: "chope"))
        #expect(!PairFeatures.isDerivedIng("ading", from: "ad"))
        #expect(!PairFeatures.isDerivedIng("", from: "color"))
        #expect(PairFeatures.isDerivedIng("crèmeing", from: "crème"))
    }

    /// Features of two names as the scorer computes them (keyed first).
    func features(_ a: String, _ b: String) -> (PairFeatures, PairFeatures.Detail) {
        let keyer = CanonicalKeyer()
        return Self.keyFeatures(keyer.key(forName: a), keyer.key(forName: b))
    }

    /// Features of two keys as the scorer computes them, with the built-in knowledge tables
    /// or a test's own.
    static func keyFeatures(_ a: String, _ b: String, knowledge: FoodKnowledge = .builtIn) -> (PairFeatures, PairFeatures.Detail) {
        var forms = KeyForms(tables: .builtIn, knowledge: knowledge)
        let i = forms.add(a), j = forms.add(b)
        var detail = PairFeatures.Detail()
        return (PairFeatures.compute(forms, i, j, detail: &detail), detail)
    }

    @Test func reducedFatVersionsOfOneFood() {
        let fat = PairFeatures.Index.fatVariants
        for (a, b) in [("skim milk", "low-fat milk"), ("light sour cream", "fat-free sour cream"), ("nonfat yogurt", "reduced fat yogurt")] {
            #expect(features(a, b).0.values[fat] == 1, "\(a) / \(b)")
        }
        // Only markers differ, on both sides: a marker beside another word ("skim" before
        // "mozzarella") does not make that word a marker; a plain product is a kind, not a version.
        for (a, b) in [("skim milk", "part skim mozzarella"), ("low-fat yogurt", "Greek yogurt"), ("skim milk", "milk"),
                       ("light soy sauce", "dark soy sauce"), ("duck fat", "goose fat"), ("low sodium soy sauce", "light soy sauce")] {
            #expect(features(a, b).0.values[fat] == 0, "\(a) / \(b)")
        }
        let s = PairScorer().score(CanonicalKeyer().key(forName: "skim milk"), CanonicalKeyer().key(forName: "low-fat milk"))
        #expect(s.reasons.contains { $0.contains("lighter versions") }, "\(s.reasons)")
    }

    @Test func neutralWordsOfUse() {
        let neutral = PairFeatures.Index.neutralWords
        for (a, b) in [("table salt", "salt"), ("table salt", "cooking salt"), ("cooking oil", "oil")] {
            #expect(features(a, b).0.values[neutral] == 1, "\(a) / \(b)")
            #expect(features(a, b).0.values[PairFeatures.Index.addsModifier] == 0, "\(a) / \(b)")
        }
        for (a, b) in [("sea salt", "table salt"), ("red onion", "onion"), ("salt", "salt")] {
            #expect(features(a, b).0.values[neutral] == 0, "\(a) / \(b)")
        }
    }

    @Test func purposeWordIsNeutral() {
        // "for color" (a name cut down to its purpose phrase) adds only a word of use to "color".
        let f = features("for color", "color").0
        #expect(f.values[PairFeatures.Index.neutralWords] == 1)
        #expect(f.values[PairFeatures.Index.addsModifier] == 0)
        let s = PairScorer().score(CanonicalKeyer().key(forName: "for color"), CanonicalKeyer().key(forName: "color"))
        #expect(s.reasons.contains { $0.contains("how it is used") }, "\(s.reasons)")
    }

    @Test func neutralWordsAsideForDerivedWordsAndBlocking() throws {
        // "for color" / "coloring": "-ing" once the word of use is set aside.
        #expect(features("for color", "coloring").0.values[PairFeatures.Index.derivedIng] == 1)
        #expect(features("tint color", "coloring").0.values[PairFeatures.Index.derivedIng] == 0)
        // Blocking: "for color" also stands where "color" sorts, next to "coloring", though
        // more than three keys lie between them forwards and backwards.
        var forms = KeyForms(tables: .builtIn, knowledge: try FoodKnowledge(wordnet: "", neighbours: ""))
        let keys = ["coloring", "corn", "cream", "dill", "fennel", "for color", "tint color"]
        for k in keys { forms.add(k) }
        let pairs = Set(MergeSuggester.candidates(forms, MergeSuggester.Blocking()))
        func pair(_ a: String, _ b: String) -> UInt64 {
            let i = UInt64(keys.firstIndex(of: a)!), j = UInt64(keys.firstIndex(of: b)!)
            return min(i, j) << 32 | max(i, j)
        }
        #expect(pairs.contains(pair("coloring", "for color")))
        #expect(!pairs.contains(pair("coloring", "tint color")))
    }

    @Test func wordNetSynonymsNamedAlike() throws {
        // A small table of our own: two names of one bean, two of one orange, a broad synset.
        let knowledge = try FoodKnowledge(wordnet: """
            1\t-\tfood
            2\t1\tnavy bean|white bean
            3\t1\tbitter orange|seville orange
            4\t1\toregano|marjoram
            5\t1\tlicorice|liquorice
            6\t1\tblack pepper|white pepper
            7\t1\tginger|fresh ginger
            """, neighbours: "")
        func named(_ a: String, _ b: String) -> (same: Double, named: Double) {
            let f = Self.keyFeatures(a, b, knowledge: knowledge).0
            return (f.values[PairFeatures.Index.knowledgeSame], f.values[PairFeatures.Index.knowledgeSameNamed])
        }
        // One synset, and the same head noun or a close spelling.
        #expect(named("navy bean", "white bean") == (1, 1))
        #expect(named("seville orange", "bitter orange") == (1, 1))
        #expect(named("licorice", "liquorice") == (1, 1))
        // One synset only: no word or spelling in common, identity words against each other,
        // or one name inside the other (adds-class, adds-identity and the rest speak for those).
        #expect(named("oregano", "marjoram") == (1, 0))
        #expect(named("black pepper", "white pepper") == (1, 0))
        #expect(named("ginger", "fresh ginger") == (1, 0))
        #expect(named("navy bean", "pinto bean") == (0, 0))
    }

    @Test func addedHeadsWordNetKnows() throws {
        // A small table of our own: wine above port, bread above sourdough, plant parts.
        let knowledge = try FoodKnowledge(wordnet: """
            1\t-\tfood
            2\t1\twine
            3\t2\tport
            4\t1\tbread
            5\t4\tsourdough
            6\t1\twheat
            7\t1\tlettuce
            8\t1\tleaf
            """, neighbours: "")
        func values(_ a: String, _ b: String) -> (hypernym: Double, other: Double) {
            let f = Self.keyFeatures(a, b, knowledge: knowledge).0
            return (f.values[PairFeatures.Index.addsHypernym], f.values[PairFeatures.Index.addsOtherFood])
        }
        // The added head names the class of the shorter food: the same thing, restated.
        #expect(values("port", "port wine") == (1, 0))
        #expect(values("port wine", "port") == (1, 0))
        // The added head is another food the shorter one is not a kind of: a new product.
        #expect(values("wheat", "wheat sourdough") == (0, 1))
        // A part ("leaf", kind `part`) is neither; nor is a head or a food WordNet does not know.
        #expect(values("lettuce", "lettuce leaf") == (0, 0))
        #expect(values("port", "port glass") == (0, 0))
        #expect(values("tamari", "tamari wine") == (0, 0))
    }

    @Test func reorderedWordsKeepOrChangeTheHead() {
        let reordered = PairFeatures.Index.reordered, headChange = PairFeatures.Index.reorderedHead
        let same = features("pink himalayan salt", "himalayan pink salt").0
        #expect(same.values[reordered] == 1 && same.values[headChange] == 0)
        let other = features("milk chocolate", "chocolate milk").0
        #expect(other.values[reordered] == 0 && other.values[headChange] == 1)
        // A word said twice is no other order ("red red pepper flake", as keys read before key spec version 2).
        var forms = KeyForms(tables: .builtIn)
        let i = forms.add("red pepper flake"), j = forms.add("red red pepper flake")
        var detail = PairFeatures.Detail()
        let twice = PairFeatures.compute(forms, i, j, detail: &detail)
        #expect(twice.values[reordered] == 0 && twice.values[headChange] == 0)
    }

    @Test func classWordHeadIsNoIdentityWord() {
        // "orange" is a color (an identity word) and a class word: as the added head noun of
        // "mandarin orange" it names the class, so the pair is no kind-of pair by identity.
        let head = features("mandarin", "mandarin orange").0
        #expect(head.values[PairFeatures.Index.addsIdentity] == 0 && head.values[PairFeatures.Index.addsClass] == 1)
        // Before the shared words it is still a color ("orange pepper" / "pepper"), and a color
        // that is no class word stays identity as a head too ("egg" / "egg white").
        #expect(features("orange pepper", "pepper").0.values[PairFeatures.Index.addsIdentity] == 1)
        #expect(features("egg", "egg white").0.values[PairFeatures.Index.addsIdentity] == 1)
    }

    @Test func differingNumbersAreNoSpelling() {
        let edit = PairFeatures.Index.editOne
        #expect(features("sherry vinegar", "sherri vinegar").0.values[edit] == 1)
        #expect(features("oven at 350 degree", "oven at 450 degree").0.values[edit] == 0)
    }

    @Test func wordKindRowsAreChecked() throws {
        let words = try SuggestionWords(words: "low fat\treduced-fat\nlean\treduced-fat\ntable\tneutral\n", alike: "", keyWords: "")
        #expect(words.reducedFatPairs == ["low fat"])
        #expect(words.kinds["lean"] == .reducedFat && words.kinds["table"] == .neutral)
        // Two words are a row only for reduced-fat markers; unknown kinds are refused.
        #expect(throws: SuggestionError.self) { try SuggestionWords(words: "apple juice\tform\n", alike: "", keyWords: "") }
        #expect(throws: SuggestionError.self) { try SuggestionWords(words: "lean\tlighter\n", alike: "", keyWords: "") }
    }
}
