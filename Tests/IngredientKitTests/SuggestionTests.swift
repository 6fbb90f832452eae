import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientSuggestions
@testable import IngredientEvaluation

@Suite("pair scorer and merge suggestions")
struct SuggestionTests {
    @Test func boundedEditDistanceIsTheDistanceUpToTheLimit() {
        // The whole Levenshtein table as the reference; pseudo-random words of a small
        // alphabet (so that close words are common), every limit from 0 to 3.
        func reference(_ a: [UInt8], _ b: [UInt8]) -> Int { // both non-empty
            var row = Array(0...b.count)
            for i in 1...a.count {
                var next = [i] + Array(repeating: 0, count: b.count)
                for j in 1...b.count {
                    next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                row = next
            }
            return row[b.count]
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0..<3000 {
            let a = (0..<(1 + random(12))).map { _ in UInt8(ascii: "a") + UInt8(random(3)) }
            var b = a
            for _ in 0..<random(4) {
                switch random(3) {
                case 0 where !b.isEmpty: b.remove(at: random(b.count))
                case 1: b.insert(UInt8(ascii: "a") + UInt8(random(3)), at: random(b.count + 1))
                default: if !b.isEmpty { b[random(b.count)] = UInt8(ascii: "a") + UInt8(random(3)) }
                }
            }
            guard !b.isEmpty else { continue }
            let d = reference(a, b)
            for limit in 0...3 {
                #expect(PairFeatures.boundedEditDistance(a, b, limit: limit) == min(d, limit + 1), "\(a) \(b) \(limit)")
            }
        }
    }

    let keyer = CanonicalKeyer()
    let scorer = PairScorer()

    func score(_ a: String, _ b: String) -> PairScore {
        scorer.score(keyer.key(forName: a), keyer.key(forName: b))
    }

    @Test func classWordContainmentScoresAboveKindsAndProducts() {
        let kinds = [("red onion", "onion"), ("apple", "apple juice"), ("cream", "cream cheese")].map { score($0.0, $0.1).confidence }
        var scored = 0
        for (a, b) in [("tamari", "tamari sauce"), ("nori", "nori seaweed"), ("ponzu", "ponzu sauce"), ("wakame", "wakame seaweed")] {
            // Pairs the synonym table already merges need no scorer.
            guard keyer.key(forName: a) != keyer.key(forName: b) else { continue }
            scored += 1
            let s = score(a, b)
            #expect(s.confidence >= 0.4, "\(a) / \(b): \(s)")
            #expect(kinds.allSatisfy { $0 < s.confidence }, "\(a) / \(b): \(s) vs \(kinds)")
            #expect(s.reasons.first?.contains("class word") == true, "\(s.reasons)")
        }
        #expect(scored >= 2)
    }

    @Test func kindsAndProductsScoreLow() {
        for (a, b) in [("red onion", "onion"), ("apple", "apple juice"), ("smoked paprika", "paprika"), ("garlic", "garlic powder")] {
            let s = score(a, b)
            #expect(s.confidence < 0.5, "\(a) / \(b): \(s)")
            #expect(!s.reasons.isEmpty)
        }
        #expect(score("red onion", "onion").reasons.contains { $0.contains("identity word") })
        #expect(score("apple", "apple juice").reasons.contains { $0.contains("another product") })
    }

    @Test func identityConflictScoresBelowSameHead() {
        let conflict = score("red onion", "white onion"), plain = score("seasoning blend", "seasoning mix")
        #expect(conflict.confidence < plain.confidence)
        #expect(conflict.reasons.contains { $0.contains("identity words differ") })
        #expect(plain.reasons.contains { $0.contains("alike words") })
    }

    @Test func equalAndEmptyKeys() {
        #expect(scorer.score("onion", "onion").confidence == 1)
        #expect(scorer.score("", "onion").confidence == 0)
        // Any strings, however odd, give a score in 0…1 and never trap.
        for (a, b) in [("\u{0}", "x y z"), (String(repeating: "a ", count: 200), "a"), ("é", "e")] {
            let c = scorer.score(a, b).confidence
            #expect((0...1).contains(c))
        }
    }

    @Test func suggestionsAreOrderedAndDeterministic() {
        let keys = ["tamari", "onion", "tamari sauce", "red onion", "cashew", "cashew nut", "apple", "apple juice", "", "onion"]
        let suggester = MergeSuggester(minimumConfidence: 0)
        let a = suggester.suggestions(forKeys: keys), b = suggester.suggestions(forKeys: keys)
        #expect(a == b)
        #expect(!a.isEmpty)
        for (x, y) in zip(a, a.dropFirst()) {
            #expect(x.confidence > y.confidence || (x.confidence == y.confidence && (x.first, x.second) < (y.first, y.second)))
        }
        for s in a {
            #expect(s.first < s.second)
            #expect(s.keys == [keys[s.first], keys[s.second]])
            #expect(!s.keys.contains("") && s.second != 9) // empty keys and repeats are never paired
            #expect(!s.reasons.isEmpty)
        }
        let kept = MergeSuggester(minimumConfidence: 0.5).suggestions(forKeys: keys)
        #expect(kept.allSatisfy { $0.confidence >= 0.5 })
        #expect(a.first.map { Set($0.keys) } == ["tamari", "tamari sauce"] || a.first.map { Set($0.keys) } == ["cashew", "cashew nut"])
    }

    @Test func blockingDoesNotCompareAllPairs() {
        // 3,000 keys built from 60 × 50 words: every key shares a word with 108 others.
        let first = (0..<60).map { "w\($0)a" }, second = (0..<50).map { "w\($0)b" }
        var forms = KeyForms(tables: .builtIn)
        for a in first { for b in second { forms.add(a + " " + b) } }
        let n = forms.forms.count
        let pairs = MergeSuggester.candidates(forms, MergeSuggester.Blocking())
        #expect(pairs.count < 20 * n, "\(pairs.count) candidate pairs for \(n) keys")
        // A rare shared word still makes candidates.
        forms.add("zzrare one")
        forms.add("zzrare two")
        let more = MergeSuggester.candidates(forms, MergeSuggester.Blocking())
        #expect(more.contains(UInt64(n) << 32 | UInt64(n + 1)))
    }

    @Test func weightsFilesAreChecked() throws {
        #expect(throws: SuggestionError.self) { try PairScorer(weightsText: "weight\tbias\tx\n") }
        #expect(throws: SuggestionError.self) { try PairScorer(weightsText: "weight\tbias\t1\n") }
        #expect(throws: SuggestionError.self) { try PairScorer(weightsText: "calibration\t2\t0.5\n") }
        // The built-in file round-trips through its writer.
        let text = try #require(IngredientSuggestions.EmbeddedDictionaries.files["suggest/weights.tsv"])
        let model = try ScorerModel(text: text)
        let again = try ScorerModel(text: model.text(header: []))
        #expect(again.weights == model.weights)
        #expect(again.knots.map(\.raw) == model.knots.map(\.raw))
        // Calibration is monotone.
        let grid = stride(from: 0.0, through: 1.0, by: 0.01).map(model.calibrated)
        #expect(zip(grid, grid.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func fixtureFormats() {
        var f = DedupeFixture()
        f.add(text: "group\tname\ng1\tonion\ng1\tonions\ng2\tleek\nbad row\n", file: "c.tsv")
        f.add(text: "a\tb\tmaybe\nx\ty\tdifferent\n", file: "p.tsv")
        f.add(text: "child\tparent\nred onion\tonion\n", file: "pc.tsv")
        let i = { (s: String) in f.names.firstIndex(of: s)! }
        #expect(f.label(i("onion"), i("onions")) == .same)
        #expect(f.label(i("onion"), i("leek")) == .different)
        #expect(f.label(i("x"), i("y")) == .different)
        #expect(f.label(i("red onion"), i("onion")) == .parentChild)
        #expect(f.label(i("red onion"), i("leek")) == .unlabeled)
        #expect(f.skipped.count == 2)
        #expect(f.skipped[0].hasPrefix("c.tsv:5"))
    }

    @Test func ownFixturesEvaluation() throws {
        var f = DedupeFixture()
        for file in ["Corpora/dedupe/groups.tsv", "Corpora/dedupe/pairs.tsv"] {
            f.add(text: try String(contentsOfFile: Repo.path(file), encoding: .utf8), file: file)
        }
        #expect(f.skipped.isEmpty, "\(f.skipped)")
        #expect(f.names.count >= 300)
        let e = DedupeEvaluation(fixture: f, keyer: keyer, scorer: scorer)
        #expect(e.automatic.precision >= 0.99)
        let h = e.headline
        // Suggestions add recall. The model is fitted for real recipe names (name-pair weighted,
        // calibrated on the shared names), so on these hard cases it adds less than there.
        #expect(h.pairwise.recall > e.automatic.recall + 0.02, "suggestions add recall")
        #expect(h.pairwise.precision >= 0.95)
        #expect(h.synonym * 2 > h.suggestions, "most suggestions at the default threshold link synonyms")
        // Sweep rows are monotone in threshold.
        for (a, b) in zip(e.sweep, e.sweep.dropFirst()) { #expect(a.suggestions >= b.suggestions) }
        #expect(e.bcubedSuggested.recall >= e.bcubedAutomatic.recall)
    }

    @Test func trainingIsDeterministic() throws {
        var f = DedupeFixture()
        f.add(text: try String(contentsOfFile: Repo.path("Corpora/dedupe/groups.tsv"), encoding: .utf8), file: "groups")
        f.add(text: try String(contentsOfFile: Repo.path("Corpora/dedupe/pairs.tsv"), encoding: .utf8), file: "pairs")
        let a = ScorerTraining(fixture: f, keyer: keyer, folds: 3, iterations: 20)
        let b = ScorerTraining(fixture: f, keyer: keyer, folds: 3, iterations: 20)
        #expect(a.weightsText(sources: ["x"]) == b.weightsText(sources: ["x"]))
        #expect(a.positives > 0 && a.examples > a.positives)
        _ = try ScorerModel(text: a.weightsText(sources: ["x"]))
    }
}

@Suite("merge suggestions: odd input")
struct SuggestionRobustnessTests {
    @Test func oddKeysNeverTrap() {
        let long = String(repeating: "abcdefgh", count: 20_000)
        let keys = ["", " ", "  ", "a", "a a", long, long + "x", "\u{FFFD}", "é é", String(repeating: "w ", count: 100), "onion", "onion"]
        let all = MergeSuggester(minimumConfidence: 0).suggestions(forKeys: keys)
        for s in all {
            #expect((0...1).contains(s.confidence))
            #expect(!keys[s.first].isEmpty && !keys[s.second].isEmpty)
        }
        // Only the first of repeated keys is paired.
        #expect(!all.contains { $0.first == 11 || $0.second == 11 })
        #expect(MergeSuggester().suggestions(forKeys: []).isEmpty)
    }
}
