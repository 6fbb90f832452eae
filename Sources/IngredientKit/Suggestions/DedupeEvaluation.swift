/// Scores automatic merges (equal canonical keys) and merge suggestions on a `DedupeFixture`:
/// pairwise precision, recall and F1 over labeled name pairs, a threshold sweep, B-cubed on
/// clusters, suggestion counts by what they link, a calibration table, and the worst errors.
/// Unlabeled name pairs (no cluster or pair row relates them) are left out of pairwise
/// figures and counted on their own in the suggestion breakdown.
package struct DedupeEvaluation: Sendable {
    /// Pairwise counts over labeled name pairs.
    package struct Pairwise: Sendable {
        package var truePairs = 0, linked = 0, right = 0
        package var precision: Double { linked == 0 ? 1 : Double(right) / Double(linked) }
        package var recall: Double { truePairs == 0 ? 0 : Double(right) / Double(truePairs) }
        package var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    }

    /// One row of the threshold sweep: merges plus suggestions of at least `threshold`.
    package struct SweepRow: Sendable {
        package var threshold: Double
        package var pairwise: Pairwise
        /// Suggestions (key pairs) at or above the threshold, by what they link.
        package var suggestions = 0, synonym = 0, parentChild = 0, different = 0, unlabeled = 0
        /// Suggestions linking neither synonyms nor parent/child (labeled different or unlabeled).
        package var unrelated: Int { different + unlabeled }
        package var suggestionPrecision: Double { suggestions == 0 ? 1 : Double(synonym) / Double(suggestions) }
    }

    /// One calibration bin of suggestions: confidence in `lower..<lower+0.1`.
    package struct Bin: Sendable {
        package var lower: Double
        package var count = 0, synonyms = 0
        package var confidenceSum = 0.0
        package var meanConfidence: Double { count == 0 ? 0 : confidenceSum / Double(count) }
        package var observed: Double { count == 0 ? 0 : Double(synonyms) / Double(count) }
    }

    /// B-cubed precision and recall over clustered names.
    package struct BCubed: Sendable {
        package var precision = 0.0, recall = 0.0
        package var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    }

    /// A name pair with its score and label, for the error lists.
    package struct Example: Sendable {
        package var a: String, b: String, keyA: String, keyB: String
        package var confidence: Double
        package var label: DedupeFixture.Label
        package var reasons: [String]
    }

    package var names = 0, clusteredNames = 0, keys = 0
    package var automatic = Pairwise()
    package var parentChildPairs = 0, parentChildMerged = 0
    package var sweep: [SweepRow] = []
    package var calibration: [Bin] = []
    package var bcubedAutomatic = BCubed(), bcubedSuggested = BCubed()
    package var worstFalse: [Example] = []
    package var missed: [Example] = []
    /// The threshold of `bcubedSuggested` and of the headline figures.
    package var threshold: Double

    /// Thresholds of the sweep.
    package static let thresholds: [Double] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]

    /// Evaluates `suggester` (its minimum confidence is ignored: every candidate is scored)
    /// with keys from `keyer` on `fixture`; `threshold` is the headline threshold.
    package init(fixture: DedupeFixture, keyer: CanonicalKeyer, scorer: PairScorer, threshold: Double = 0.5, examples: Int = 25) {
        self.threshold = threshold
        let nameKeys = fixture.names.map { keyer.key(forName: $0) }
        var keyIndex: [String: Int] = [:], keyList: [String] = []
        for k in nameKeys where !k.isEmpty && keyIndex[k] == nil { keyIndex[k] = keyList.count; keyList.append(k) }
        names = fixture.names.count
        keys = keyList.count
        let suggester = MergeSuggester(scorer: scorer, minimumConfidence: 0)
        var conf: [UInt64: Double] = [:], reasons: [UInt64: [String]] = [:]
        for s in suggester.suggestions(forKeys: keyList) {
            let k = DedupeFixture.pairKey(s.first, s.second)
            conf[k] = s.confidence
            reasons[k] = s.reasons
        }
        // Name pairs.
        let n = fixture.names.count
        var keyPairLabel: [UInt64: DedupeFixture.Label] = [:]
        var labeled: [(i: Int, j: Int, label: DedupeFixture.Label, confidence: Double)] = []
        func rank(_ l: DedupeFixture.Label) -> Int { l == .same ? 3 : l == .parentChild ? 2 : l == .different ? 1 : 0 }
        for i in 0..<n {
            for j in (i + 1)..<n {
                let l = fixture.label(i, j)
                let ki = keyIndex[nameKeys[i]], kj = keyIndex[nameKeys[j]]
                var c = 0.0
                if let ki, let kj {
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
        func pairwise(_ t: Double) -> Pairwise {
            var p = Pairwise()
            for x in labeled {
                let linked = x.confidence >= t
                if x.label == .same { p.truePairs += 1 }
                if linked { p.linked += 1; if x.label == .same { p.right += 1 } }
            }
            return p
        }
        automatic = pairwise(1)
        for t in Set(Self.thresholds + [threshold]).sorted() {
            var row = SweepRow(threshold: t, pairwise: pairwise(t))
            for (kp, c) in conf where c >= t {
                row.suggestions += 1
                switch keyPairLabel[kp] ?? .unlabeled {
                case .same: row.synonym += 1
                case .parentChild: row.parentChild += 1
                case .different: row.different += 1
                case .unlabeled: row.unlabeled += 1
                }
            }
            sweep.append(row)
        }
        calibration = (0..<10).map { Bin(lower: Double($0) / 10) }
        for (kp, c) in conf {
            let b = min(9, Int(c * 10))
            calibration[b].count += 1
            calibration[b].confidenceSum += c
            if keyPairLabel[kp] == .same { calibration[b].synonyms += 1 }
        }
        // B-cubed over clustered names: automatic, and with suggestions at the threshold joined.
        let clustered = (0..<n).filter { !fixture.clusters[$0].isEmpty && !nameKeys[$0].isEmpty }
        clusteredNames = clustered.count
        func bcubed(_ component: (Int) -> Int) -> BCubed {
            var byComponent: [Int: [Int]] = [:]
            for i in clustered { byComponent[component(keyIndex[nameKeys[i]]!), default: []].append(i) }
            var result = BCubed()
            for i in clustered {
                let predicted = byComponent[component(keyIndex[nameKeys[i]]!)]!
                let gold = clustered.filter { fixture.clusters[$0].contains(where: fixture.clusters[i].contains) }
                let both = predicted.filter { fixture.clusters[$0].contains(where: fixture.clusters[i].contains) }.count
                result.precision += Double(both) / Double(predicted.count)
                result.recall += Double(both) / Double(gold.count)
            }
            if !clustered.isEmpty {
                result.precision /= Double(clustered.count)
                result.recall /= Double(clustered.count)
            }
            return result
        }
        bcubedAutomatic = bcubed { $0 }
        var parent = Array(0..<keyList.count)
        func find(_ x: Int) -> Int { var x = x; while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }; return x }
        for (kp, c) in conf where c >= threshold {
            let a = find(Int(kp >> 32)), b = find(Int(kp & 0xFFFF_FFFF))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        let roots = (0..<keyList.count).map { find($0) }
        bcubedSuggested = bcubed { roots[$0] }
        // Worst false links and missed synonym pairs.
        func example(_ x: (i: Int, j: Int, label: DedupeFixture.Label, confidence: Double)) -> Example {
            var r: [String] = []
            if let ki = keyIndex[nameKeys[x.i]], let kj = keyIndex[nameKeys[x.j]] {
                r = ki == kj ? ["same canonical key"] : reasons[DedupeFixture.pairKey(ki, kj)] ?? ["not a candidate pair"]
            } else { r = ["an empty key"] }
            return Example(a: fixture.names[x.i], b: fixture.names[x.j], keyA: nameKeys[x.i], keyB: nameKeys[x.j],
                           confidence: x.confidence, label: x.label, reasons: r)
        }
        // False links: automatic merges of labeled non-synonyms, then suggestions (key pairs)
        // that link no synonym pair, parent/child, labeled different and unlabeled alike.
        var falseLinks = labeled.filter { $0.label != .same && $0.confidence == 1 }.map(example)
        var keyName: [Int: String] = [:]
        for (i, k) in nameKeys.enumerated() { if let ki = keyIndex[k], keyName[ki] == nil { keyName[ki] = fixture.names[i] } }
        let wrongSuggestions = conf.filter { $0.value >= 0.1 && keyPairLabel[$0.key] != .same }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (kp, c) in wrongSuggestions.prefix(examples) {
            let a = Int(kp >> 32), b = Int(kp & 0xFFFF_FFFF)
            falseLinks.append(Example(a: keyName[a] ?? keyList[a], b: keyName[b] ?? keyList[b], keyA: keyList[a], keyB: keyList[b],
                                      confidence: c, label: keyPairLabel[kp] ?? .unlabeled, reasons: reasons[kp] ?? []))
        }
        worstFalse = Array(falseLinks.prefix(examples))
        let misses = labeled.filter { $0.label == .same && $0.confidence < threshold }
            .sorted { $0.confidence != $1.confidence ? $0.confidence < $1.confidence : ($0.i, $0.j) < ($1.i, $1.j) }
        missed = misses.prefix(examples).map(example)
    }

    /// The sweep row at the headline threshold.
    package var headline: SweepRow { sweep.first { abs($0.threshold - threshold) < 1e-9 }! }
}
