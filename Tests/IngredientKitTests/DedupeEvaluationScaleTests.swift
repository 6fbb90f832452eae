import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientSuggestions
@testable import IngredientEvaluation
@testable import IngredientTagger

/// `DedupeEvaluation` counts pairs by cluster and key sizes; these tests hold it to a
/// pair-by-pair reference and to a time bound a pair-by-pair count would blow.
@Suite("dedupe evaluation at scale")
struct DedupeEvaluationScaleTests {
    let keyer = CanonicalKeyer(lexicon: .builtIn)

    /// The figures of the evaluation, visiting every name pair (the former algorithm).
    struct Reference {
        var sweep: [(t: Double, truePairs: Int, linked: Int, right: Int, synonym: Int, parentChild: Int, different: Int, unlabeled: Int)] = []
        var parentChildPairs = 0, parentChildMerged = 0
        var bcubed: [Double] = []
        var missed: [String] = []
        var falseAutomatic: [String] = []

        init(_ fixture: DedupeFixture, keyer: CanonicalKeyer, threshold: Double, examples: Int) {
            let nameKeys = fixture.names.map { keyer.key(forName: $0) }
            var keyIndex: [String: Int] = [:], keyList: [String] = []
            for k in nameKeys where !k.isEmpty && keyIndex[k] == nil { keyIndex[k] = keyList.count; keyList.append(k) }
            var conf: [UInt64: Double] = [:]
            for s in MergeSuggester(scorer: PairScorer(), minimumConfidence: 0).suggestions(forKeys: keyList) {
                conf[DedupeFixture.pairKey(s.first, s.second)] = s.confidence
            }
            let n = fixture.names.count
            var keyPairLabel: [UInt64: DedupeFixture.Label] = [:]
            var labeled: [(i: Int, j: Int, label: DedupeFixture.Label, c: Double)] = []
            func rank(_ l: DedupeFixture.Label) -> Int { l == .same ? 3 : l == .parentChild ? 2 : l == .different ? 1 : 0 }
            for i in 0..<n {
                for j in (i + 1)..<max(n, i + 1) {
                    let l = fixture.label(i, j)
                    var c = 0.0
                    if let ki = keyIndex[nameKeys[i]], let kj = keyIndex[nameKeys[j]] {
                        if ki == kj { c = 1 } else {
                            let kp = DedupeFixture.pairKey(ki, kj)
                            c = conf[kp] ?? 0
                            if conf[kp] != nil, rank(l) > rank(keyPairLabel[kp] ?? .unlabeled) { keyPairLabel[kp] = l }
                        }
                    }
                    if l == .parentChild { parentChildPairs += 1; if c == 1 { parentChildMerged += 1 } }
                    if l != .unlabeled { labeled.append((i, j, l, c)) }
                }
            }
            for t in Set(DedupeEvaluation.thresholds + [threshold]).sorted() {
                var row = (t: t, truePairs: 0, linked: 0, right: 0, synonym: 0, parentChild: 0, different: 0, unlabeled: 0)
                for x in labeled {
                    if x.label == .same { row.truePairs += 1 }
                    if x.c >= t { row.linked += 1; if x.label == .same { row.right += 1 } }
                }
                for (kp, c) in conf where c >= t {
                    switch keyPairLabel[kp] ?? .unlabeled {
                    case .same: row.synonym += 1
                    case .parentChild: row.parentChild += 1
                    case .different: row.different += 1
                    case .unlabeled: row.unlabeled += 1
                    }
                }
                sweep.append(row)
            }
            let clustered = (0..<n).filter { !fixture.clusters[$0].isEmpty && !nameKeys[$0].isEmpty }
            func bcubedOf(_ component: (Int) -> Int) -> [Double] {
                var byComponent: [Int: [Int]] = [:]
                for i in clustered { byComponent[component(keyIndex[nameKeys[i]]!), default: []].append(i) }
                var p = 0.0, r = 0.0
                for i in clustered {
                    let predicted = byComponent[component(keyIndex[nameKeys[i]]!)]!
                    let gold = clustered.filter { fixture.clusters[$0].contains(where: fixture.clusters[i].contains) }
                    let both = predicted.filter { fixture.clusters[$0].contains(where: fixture.clusters[i].contains) }.count
                    p += Double(both) / Double(predicted.count)
                    r += Double(both) / Double(gold.count)
                }
                return clustered.isEmpty ? [0, 0] : [p / Double(clustered.count), r / Double(clustered.count)]
            }
            var parent = Array(0..<keyList.count)
            func find(_ x: Int) -> Int { var x = x; while parent[x] != x { x = parent[x] }; return x }
            for (kp, c) in conf where c >= threshold {
                let a = find(Int(kp >> 32)), b = find(Int(kp & 0xFFFF_FFFF))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
            bcubed = bcubedOf { $0 } + bcubedOf { find($0) }
            falseAutomatic = labeled.filter { $0.label != .same && $0.c == 1 }.prefix(examples).map { "\(fixture.names[$0.i])~\(fixture.names[$0.j])" }
            missed = labeled.filter { $0.label == .same && $0.c < threshold }
                .sorted { $0.c != $1.c ? $0.c < $1.c : ($0.i, $0.j) < ($1.i, $1.j) }
                .prefix(examples).map { "\(fixture.names[$0.i])~\(fixture.names[$0.j])@\($0.c)" }
        }
    }

    func expectSame(_ f: DedupeFixture, threshold: Double, examples: Int = 15) {
        let e = DedupeEvaluation(fixture: f, keyer: keyer, scorer: PairScorer(), threshold: threshold, examples: examples)
        let r = Reference(f, keyer: keyer, threshold: threshold, examples: examples)
        #expect(e.sweep.count == r.sweep.count)
        for (a, b) in zip(e.sweep, r.sweep) {
            #expect(a.threshold == b.t)
            let got: [Int] = [a.pairwise.truePairs, a.pairwise.linked, a.pairwise.right, a.synonym, a.parentChild, a.different, a.unlabeled]
            let want: [Int] = [b.truePairs, b.linked, b.right, b.synonym, b.parentChild, b.different, b.unlabeled]
            #expect(got == want, "threshold \(b.t)")
        }
        #expect(e.parentChildPairs == r.parentChildPairs)
        #expect(e.parentChildMerged == r.parentChildMerged)
        let bc = [e.bcubedAutomatic.precision, e.bcubedAutomatic.recall, e.bcubedSuggested.precision, e.bcubedSuggested.recall]
        #expect(zip(bc, r.bcubed).allSatisfy { abs($0 - $1) < 1e-12 }, "\(bc) vs \(r.bcubed)")
        #expect(e.missed.map { "\($0.a)~\($0.b)@\($0.confidence)" } == r.missed)
        let automaticFalse = e.worstFalse.filter { $0.reasons == ["same canonical key"] }.map { "\($0.a)~\($0.b)" }
        #expect(automaticFalse == Array(r.falseAutomatic.prefix(automaticFalse.count)))
        #expect(automaticFalse.count == min(examples, r.falseAutomatic.count))
    }

    @Test func ownFixturesMatchThePairByPairCount() throws {
        var f = DedupeFixture()
        for file in ["Corpora/dedupe/groups.tsv", "Corpora/dedupe/pairs.tsv"] {
            f.add(text: try String(contentsOfFile: Repo.path(file), encoding: .utf8), file: file)
        }
        for t in [0.5, 0.0, 1.0, 0.35] { expectSame(f, threshold: t) }
    }

    @Test func oddFixturesMatchThePairByPairCount() {
        // Names in several clusters and files, explicit rows that override clusters, names
        // of one key, names with an empty key, parent/child rows.
        var f = DedupeFixture()
        f.add(text: """
            g1\tonion
            g1\tonions
            g1\tyellow onion
            g2\tleek
            g2\tleeks
            g3\tonion
            g3\tshallot
            g4\t!!!
            g4\tscallion
            g4\tgreen onion
            g5\tsugar
            g5\tcaster sugar
            g6\tsugar
            """, file: "a.tsv")
        f.add(text: """
            g1\tonions
            g1\tred onion
            g2\tbrown sugar
            g2\tsugar, brown
            g2\t???
            g3\tleeks
            """, file: "b#x.tsv")
        f.add(text: "a\tb\tlabel\nonion\tonions\tdifferent\nleek\tshallot\tsame\n!!!\t???\tsame\nsugar\tcaster sugar\tdifferent\n", file: "p.tsv")
        f.add(text: "child\tparent\nred onion\tonion\nyellow onion\tonions\ncaster sugar\tsugar\n", file: "pc.tsv")
        for t in [0.5, 0.0, 1.0, 0.2, 0.9] {
            expectSame(f, threshold: t, examples: 3)
            expectSame(f, threshold: t, examples: 40)
        }
    }

    @Test func manyNamesAreNotQuadratic() {
        // 20,000 names in clusters of 4 in one file and 20,000 in one cluster of another:
        // about 400 million labeled pairs (2 × 10⁸ same, 2 × 10⁸ different), counted from
        // cluster and file sizes. Visiting them took minutes.
        func fixture(_ many: Int, _ one: Int) -> DedupeFixture {
            var lines = "", big = ""
            for k in 0..<many { lines += "c\(k / 4)\titem\(k) spice\n" }
            for k in 0..<one { big += "one\tthing\(k)\n" }
            var f = DedupeFixture()
            f.add(text: lines, file: "many.tsv")
            f.add(text: big, file: "one.tsv")
            return f
        }
        let f = fixture(20_000, 20_000)
        let start = ContinuousClock.now
        let counts = ClusterPairCounts(fixture: f).within(Array(0..<f.names.count))
        let elapsed = ContinuousClock.now - start
        #expect(counts.same == 5_000 * 6 + 20_000 * 19_999 / 2)
        #expect(counts.different == 20_000 * 19_999 / 2 - 5_000 * 6)
        #expect(elapsed < .seconds(5), "\(elapsed)")
        // The whole evaluation, on fewer names (its suggestions score every key pair candidate).
        let small = fixture(2_000, 2_000)
        let e = DedupeEvaluation(fixture: small, keyer: keyer, scorer: PairScorer())
        #expect(e.names == 4_000)
        #expect(e.headline.pairwise.truePairs == 500 * 6 + 2_000 * 1_999 / 2)
    }
}
