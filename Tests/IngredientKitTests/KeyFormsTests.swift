import Testing
@testable import IngredientSuggestions

/// The pair scorer's batch of keys (`KeyForms`) is built on its own fast paths: a word's facts in
/// one look-up, an ASCII key split on its bytes, several words' letter pairs merged. Each must
/// give what the plain way gives.
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

    @Test func theLetterPairMeasureOfSeveralWordsIsThePlainOne() {
        var forms = KeyForms(tables: SuggestionWords.builtIn)
        for key in ["smoked sweet paprika", "sweet smoked paprika powder", "aa ab ba bb", "ab", "a", "zz zz zy",
                    "red pepper flake", "crushed red pepper", "peri peri", "piri piri"] { forms.add(key) }
        // The plain way: every word's letter pairs together, sorted, counted in common.
        func plain(_ a: [Int32], _ b: [Int32]) -> Double {
            let pa = a.flatMap { forms.bigrams[Int($0)] }.sorted(), pb = b.flatMap { forms.bigrams[Int($0)] }.sorted()
            guard !pa.isEmpty, !pb.isEmpty else { return 0 }
            var x = 0, y = 0, common = 0
            while x < pa.count && y < pb.count {
                if pa[x] == pb[y] { common += 1; x += 1; y += 1 } else if pa[x] < pb[y] { x += 1 } else { y += 1 }
            }
            return 2 * Double(common) / Double(pa.count + pb.count)
        }
        let words = (0..<Int32(forms.text.count)).map { $0 }
        for (i, a) in words.enumerated() {
            for b in words[i...] {
                let sides: [([Int32], [Int32])] = [([a], [b]), ([a, b], [b]), (words.filter { $0 != a }, [a, b]), (words, words.reversed())]
                for (x, y) in sides {
                    #expect(PairFeatures.dice(forms, WordList(x), WordList(y)) == plain(x, y), "\(x) \(y)")
                }
            }
        }
    }
}
