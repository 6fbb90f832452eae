import IngredientLexicon
import IngredientParsing
import IngredientSuggestions

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
        // Name pairs, counted by class of confidence without visiting every pair: pairs of one
        // key (confidence 1), pairs of a suggested key pair (its confidence), and the rest (0).
        let n = fixture.names.count
        let derived = ClusterPairCounts(fixture: fixture)
        var keyNames = Array(repeating: [Int](), count: keyList.count)
        var nameKey = Array(repeating: -1, count: n)
        for i in 0..<n { if let k = keyIndex[nameKeys[i]] { nameKey[i] = k; keyNames[k].append(i) } }
        func confidence(_ i: Int, _ j: Int) -> Double {
            let ki = nameKey[i], kj = nameKey[j]
            guard ki >= 0, kj >= 0 else { return 0 }
            return ki == kj ? 1 : conf[DedupeFixture.pairKey(ki, kj)] ?? 0
        }
        func label(_ i: Int, _ j: Int) -> DedupeFixture.Label {
            fixture.pairLabels[DedupeFixture.pairKey(i, j)] ?? derived.label(i, j)
        }
        /// Final labels of a class of pairs.
        struct Tally {
            var same = 0, different = 0, parentChild = 0
            var labeled: Int { same + different + parentChild }
            init(_ c: ClusterPairCounts.Counts = .init()) { same = c.same; different = c.different }
            mutating func add(_ l: DedupeFixture.Label, _ d: Int) {
                switch l {
                case .same: same += d
                case .different: different += d
                case .parentChild: parentChild += d
                case .unlabeled: break
                }
            }
        }
        var all = Tally(derived.within(Array(0..<n)))
        var oneKey = Tally()
        var keyGroupTally = Array(repeating: Tally(), count: keyList.count)
        for (k, names) in keyNames.enumerated() where names.count > 1 {
            keyGroupTally[k] = Tally(derived.within(names))
            oneKey.same += keyGroupTally[k].same
            oneKey.different += keyGroupTally[k].different
        }
        var keyPairTally: [UInt64: Tally] = [:]
        for kp in conf.keys {
            keyPairTally[kp] = Tally(derived.between(keyNames[Int(kp >> 32)], keyNames[Int(kp & 0xFFFF_FFFF)]))
        }
        // Explicit pair rows override what the clusters say.
        for (pk, l) in fixture.pairLabels {
            let i = Int(pk >> 32), j = Int(pk & 0xFFFF_FFFF)
            let d = derived.label(i, j)
            all.add(d, -1); all.add(l, 1)
            let ki = nameKey[i], kj = nameKey[j]
            if ki >= 0, ki == kj {
                oneKey.add(d, -1); oneKey.add(l, 1)
                keyGroupTally[ki].add(d, -1); keyGroupTally[ki].add(l, 1)
            } else if ki >= 0, kj >= 0, conf[DedupeFixture.pairKey(ki, kj)] != nil {
                keyPairTally[DedupeFixture.pairKey(ki, kj)]!.add(d, -1)
                keyPairTally[DedupeFixture.pairKey(ki, kj)]!.add(l, 1)
            }
            if l == .parentChild {
                parentChildPairs += 1
                if confidence(i, j) == 1 { parentChildMerged += 1 }
            }
        }
        var keyPairLabel: [UInt64: DedupeFixture.Label] = [:]
        for (kp, t) in keyPairTally {
            if t.same > 0 { keyPairLabel[kp] = .same } else if t.parentChild > 0 { keyPairLabel[kp] = .parentChild }
            else if t.different > 0 { keyPairLabel[kp] = .different }
        }
        func pairwise(_ t: Double) -> Pairwise {
            var p = Pairwise()
            p.truePairs = all.same
            if t <= 0 {
                p.linked = all.labeled
                p.right = all.same
                return p
            }
            if t <= 1 { p.linked = oneKey.labeled; p.right = oneKey.same }
            for (kp, c) in conf where c >= t {
                p.linked += keyPairTally[kp]!.labeled
                p.right += keyPairTally[kp]!.same
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
        // In key order, so the sums (and the last digits of the means) are the same every run.
        for (kp, c) in conf.sorted(by: { $0.key < $1.key }) {
            let b = min(9, Int(c * 10))
            calibration[b].count += 1
            calibration[b].confidenceSum += c
            if keyPairLabel[kp] == .same { calibration[b].synonyms += 1 }
        }
        // B-cubed over clustered names: automatic, and with suggestions at the threshold joined.
        let clustered = (0..<n).filter { !fixture.clusters[$0].isEmpty && !nameKeys[$0].isEmpty }
        clusteredNames = clustered.count
        var clusterMembers: [Int: [Int]] = [:] // clustered names of each cluster, ascending
        for i in clustered { for c in derived.clusters[i] { clusterMembers[c, default: []].append(i) } }
        func bcubed(_ component: (Int) -> Int) -> BCubed {
            var componentSize: [Int: Int] = [:], inBoth: [Int: Int] = [:] // by component, and component << 32 | cluster
            for i in clustered {
                let k = component(nameKey[i])
                componentSize[k, default: 0] += 1
                for c in derived.clusters[i] { inBoth[k << 32 | c, default: 0] += 1 }
            }
            var result = BCubed()
            var seen = Array(repeating: -1, count: n)
            for i in clustered {
                let k = component(nameKey[i])
                let predicted = componentSize[k]!
                var gold = 0, both = 0
                if derived.clusters[i].count == 1 {
                    let c = derived.clusters[i][0]
                    gold = clusterMembers[c]!.count
                    both = inBoth[k << 32 | c]!
                } else {
                    // Names in several clusters: the union of their clusters.
                    for c in derived.clusters[i] {
                        for x in clusterMembers[c]! where seen[x] != i {
                            seen[x] = i
                            gold += 1
                            if component(nameKey[x]) == k { both += 1 }
                        }
                    }
                }
                result.precision += Double(both) / Double(predicted)
                result.recall += Double(both) / Double(gold)
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
        typealias Pair = (i: Int, j: Int, label: DedupeFixture.Label, confidence: Double)
        func example(_ x: Pair) -> Example {
            var r: [String] = []
            if let ki = keyIndex[nameKeys[x.i]], let kj = keyIndex[nameKeys[x.j]] {
                r = ki == kj ? ["same canonical key"] : reasons[DedupeFixture.pairKey(ki, kj)] ?? ["not a candidate pair"]
            } else { r = ["an empty key"] }
            return Example(a: fixture.names[x.i], b: fixture.names[x.j], keyA: nameKeys[x.i], keyB: nameKeys[x.j],
                           confidence: x.confidence, label: x.label, reasons: r)
        }
        /// The first `limit` pairs (i < j, by i then j) of `names` (ascending) × itself, or of
        /// `names` × `others`, that `keep` accepts.
        func firstPairs(_ names: [Int], _ others: [Int]? = nil, limit: Int, _ keep: (Int, Int) -> Pair?) -> [Pair] {
            var found: [Pair] = []
            if let others {
                var all: [Pair] = []
                for x in names { for y in others { if let p = keep(min(x, y), max(x, y)) { all.append(p) } } }
                return Array(all.sorted { ($0.i, $0.j) < ($1.i, $1.j) }.prefix(limit))
            }
            for (a, i) in names.enumerated() {
                for j in names[(a + 1)...] {
                    if let p = keep(i, j) { found.append(p); if found.count >= limit { return found } }
                }
            }
            return found
        }
        // False links: automatic merges of labeled non-synonyms (in name order), then
        // suggestions (key pairs) that link no synonym pair, parent/child, labeled different
        // and unlabeled alike.
        func falseAutomatic(_ i: Int, _ j: Int) -> Pair? {
            let l = label(i, j)
            return l == .different || l == .parentChild ? (i, j, l, 1) : nil
        }
        var automaticFalse: [Pair] = []
        for (k, names) in keyNames.enumerated() where keyGroupTally[k].different + keyGroupTally[k].parentChild > 0 {
            automaticFalse += firstPairs(names, limit: examples, falseAutomatic)
        }
        for (kp, c) in conf where c == 1 {
            let t = keyPairTally[kp]!
            if t.different + t.parentChild > 0 {
                automaticFalse += firstPairs(keyNames[Int(kp >> 32)], keyNames[Int(kp & 0xFFFF_FFFF)], limit: examples, falseAutomatic)
            }
        }
        var falseLinks = automaticFalse.sorted { ($0.i, $0.j) < ($1.i, $1.j) }.prefix(examples).map(example)
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
        // Missed: synonym pairs below the threshold, lowest confidence first, then by name
        // order. Those of confidence 0 come from shared clusters and explicit rows.
        var misses: [Pair] = []
        if threshold > 0 {
            var zeroSame = all.same - oneKey.same
            for (kp, c) in conf where c > 0 { zeroSame -= keyPairTally[kp]!.same }
            var explicitZero: [Pair] = []
            for (pk, l) in fixture.pairLabels where l == .same {
                let i = Int(pk >> 32), j = Int(pk & 0xFFFF_FFFF)
                if confidence(i, j) == 0 { explicitZero.append((i, j, .same, 0)) }
            }
            // Synonyms by a shared cluster (and no explicit row) of confidence 0, in name order.
            var clusterZero: [Pair] = []
            let wanted = min(examples, zeroSame - explicitZero.count)
            if wanted > 0 {
                var members: [Int: [Int]] = [:] // every name of each cluster, ascending
                for i in 0..<n { for c in derived.clusters[i] { members[c, default: []].append(i) } }
                var mates: [Int] = []
                scan: for i in 0..<n where !derived.clusters[i].isEmpty {
                    mates.removeAll(keepingCapacity: true)
                    for c in derived.clusters[i] {
                        let list = members[c]!
                        // Binary search for the first member after i.
                        var low = 0, high = list.count
                        while low < high { let mid = (low + high) / 2; if list[mid] <= i { low = mid + 1 } else { high = mid } }
                        mates += list[low...]
                    }
                    if derived.clusters[i].count > 1 { mates = Array(Set(mates)).sorted() }
                    for j in mates where fixture.pairLabels[DedupeFixture.pairKey(i, j)] == nil && confidence(i, j) == 0 {
                        clusterZero.append((i, j, .same, 0))
                        if clusterZero.count >= wanted { break scan }
                    }
                }
            }
            misses = (explicitZero + clusterZero).sorted { ($0.i, $0.j) < ($1.i, $1.j) }
            misses = Array(misses.prefix(examples))
            if misses.count < examples {
                var above: [Pair] = []
                for (kp, c) in conf where c > 0 && c < threshold && keyPairTally[kp]!.same > 0 {
                    above += firstPairs(keyNames[Int(kp >> 32)], keyNames[Int(kp & 0xFFFF_FFFF)], limit: examples) { i, j in
                        label(i, j) == .same ? (i, j, .same, c) : nil
                    }
                }
                above.sort { $0.confidence != $1.confidence ? $0.confidence < $1.confidence : ($0.i, $0.j) < ($1.i, $1.j) }
                misses += above.prefix(examples - misses.count)
            }
        }
        missed = misses.map(example)
    }

    /// The sweep row at the headline threshold.
    package var headline: SweepRow { sweep.first { abs($0.threshold - threshold) < 1e-9 }! }
}
