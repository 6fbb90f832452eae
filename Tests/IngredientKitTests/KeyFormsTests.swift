import Testing
@testable import IngredientSuggestions

/// The pair scorer's batch of keys (`KeyForms`) is built on its own fast paths: a word's facts in
/// one look-up, an ASCII key split on its bytes, WordNet's hypernyms walked with marks kept
/// between keys. Each must give what the plain way gives.
struct KeyFormsTests {
    @Test func aWordsFactsAreWhatEachTableSays() {
        let words = SuggestionWords.builtIn
        var all = Set(words.kinds.keys).union(words.identity).union(words.alike.keys).union(words.reducedFatPairWords)
        all.formUnion(["onion", "zzz", ""])
        for word in all {
            let facts = words.facts(of: word)
            #expect(facts.kind == (words.kinds[word] ?? .none), "\(word)")
            #expect(facts.identity == words.identity.contains(word), "\(word)")
            #expect(facts.alike == (words.alike[word] ?? -1), "\(word)")
            #expect(facts.inReducedFatPair == words.reducedFatPairWords.contains(word), "\(word)")
        }
    }

    @Test func aKeysWordsAreItsWordsBetweenSpaces() {
        let keys = ["red onion", "  red   onion  ", "onion", "", " ", "a b c d", "jalapeño pepper",
                    "red red pepper flake", (1...40).map { "w\($0)" }.joined(separator: " "),
                    "cafe\u{301} au lait", "e\u{301} \u{301}x"]
        var forms = KeyForms(tables: SuggestionWords.builtIn)
        for key in keys {
            let index = forms.add(key)
            let words = forms.forms[index].words.map { forms.text[Int($0)] }
            #expect(words == key.split(separator: " ").prefix(32).map(String.init), "\(key)")
            let set = forms.forms[index].set
            #expect(set == Array(Set(set)).sorted() && Set(set) == Set(forms.forms[index].words), "\(key)")
        }
    }

    @Test func hypernymsWalkedWithMarksAreThePlainWalks() {
        let knowledge = FoodKnowledge.builtIn
        var scratch = FoodKnowledge.AncestorMarks()
        // Every synset row alone, then rows in twos and threes, with one scratch throughout.
        let rows = (0..<Int32(knowledge.parents.count))
        for row in rows {
            #expect(knowledge.ancestors([row], scratch: &scratch) == knowledge.ancestors([row]))
        }
        for row in rows where row % 7 == 0 {
            let some = [row, (row * 31 + 5) % Int32(knowledge.parents.count), (row * 17 + 3) % Int32(knowledge.parents.count)]
            #expect(knowledge.ancestors(some, scratch: &scratch) == knowledge.ancestors(some))
            #expect(knowledge.ancestors(Array(some.prefix(2)), scratch: &scratch) == knowledge.ancestors(Array(some.prefix(2))))
        }
        #expect(knowledge.ancestors([], scratch: &scratch).isEmpty)
        // A stamp that has run out starts the marks again.
        scratch.stamp = UInt32.max
        let onion = knowledge.synsets(of: "onion")
        #expect(!onion.isEmpty)
        #expect(knowledge.ancestors(onion, scratch: &scratch) == knowledge.ancestors(onion))
    }
}
