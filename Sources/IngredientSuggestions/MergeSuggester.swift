/// Finds, among many distinct canonical keys, the pairs that may be the same thing to buy,
/// scored by a `PairScorer`, without comparing all pairs.
///
/// Blocking: two keys are compared only when they share a word that at most
/// `Blocking.rareWordLimit` keys have; or one key is the other with one word more; or they
/// have the same words in another order, the same letters without spaces, or the same words
/// once alike words are equated; or they sit within `Blocking.window` places of each other
/// when all keys are sorted by their letters without spaces, forwards or backwards (close
/// spellings, "cod" / "codfish"; a key with neutral words of use also stands where its other
/// words sort, "for color" beside "coloring"); or WordNet puts them in one synset, or the embedding
/// neighbour table lists them together (`FoodKnowledge`). So the work grows about linearly
/// with the number of keys.
///
/// ```swift
/// let suggester = MergeSuggester(minimumConfidence: 0.5)
/// for s in suggester.suggestions(forKeys: ["tamari", "tamari sauce", "onion", "red onion"]) {
///     print(s.keys, s.confidence, s.reasons)
/// }
/// ```
public struct MergeSuggester: Sendable {
    /// Limits of the blocking step.
    public struct Blocking: Hashable, Sendable {
        /// A word shared by more keys than this does not on its own make keys candidates.
        public var rareWordLimit: Int
        /// How many neighbours in letter order each key is compared with, each way.
        public var window: Int

        /// Limits with the defaults 32 and 3.
        public init(rareWordLimit: Int = 32, window: Int = 3) {
            self.rareWordLimit = rareWordLimit
            self.window = window
        }
    }

    /// The default for `minimumConfidence` (and for `ingest dedupe --min-confidence`): a
    /// suggestion is kept when it is at least as likely right as wrong.
    public static let defaultMinimumConfidence = 0.5

    /// The scorer.
    public let scorer: PairScorer
    /// Suggestions below this confidence are left out.
    public let minimumConfidence: Double
    /// The blocking limits.
    public let blocking: Blocking

    /// A suggester with `scorer` that keeps suggestions of at least `minimumConfidence`.
    public init(scorer: PairScorer = PairScorer(), minimumConfidence: Double = MergeSuggester.defaultMinimumConfidence,
                blocking: Blocking = Blocking()) {
        self.scorer = scorer
        self.minimumConfidence = minimumConfidence
        self.blocking = blocking
    }

    /// Suggestions among `keys` (canonical keys; empty keys and repeats of an earlier key
    /// are never paired), highest confidence first; equal confidences in the order of the
    /// first key's index, then the second's.
    public func suggestions(forKeys keys: [String]) -> [MergeSuggestion] {
        var forms = KeyForms(tables: scorer.words)
        for key in keys { forms.add(key) }
        var result: [MergeSuggestion] = []
        for pair in Self.candidates(forms, blocking) {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            let confidence = scorer.confidence(forms, i, j)
            guard confidence >= minimumConfidence else { continue }
            let score = scorer.score(forms, i, j)
            result.append(MergeSuggestion(first: i, second: j, keys: [keys[i], keys[j]], confidence: score.confidence, reasons: score.reasons))
        }
        result.sort { a, b in
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            return a.first != b.first ? a.first < b.first : a.second < b.second
        }
        return result
    }

    /// Candidate pairs (`i << 32 | j`, `i < j`, ascending) of the keys of `forms`: distinct,
    /// non-empty keys only.
    package static func candidates(_ forms: KeyForms, _ blocking: Blocking) -> [UInt64] {
        let n = forms.forms.count
        // The first index of each distinct non-empty key; later repeats are left out.
        // Tables sized for every key at once (growing them cost more than their look-ups;
        // their order never shows: the pairs are sorted at the end).
        var firstOfKey = [String: Int](minimumCapacity: n)
        var live = [Bool](repeating: false, count: n)
        for i in 0..<n where !forms.keys[i].isEmpty && firstOfKey[forms.keys[i]] == nil {
            firstOfKey[forms.keys[i]] = i
            // A key of identity words alone ("fresh", "red", "ground black": a line cut short
            // before its food) names no food, so it is never suggested, unless WordNet knows
            // it as one ("orange").
            let f = forms.forms[i]
            if f.synsets.isEmpty, f.set.allSatisfy({ forms.identity[Int($0)] }) { continue }
            live[i] = true
        }
        var pairs: [UInt64] = []
        func add(_ i: Int, _ j: Int) {
            guard i != j, live[i], live[j] else { return }
            pairs.append(i < j ? UInt64(i) << 32 | UInt64(j) : UInt64(j) << 32 | UInt64(i))
        }
        // Keys sharing a rare word.
        var postings = [[Int32]](repeating: [], count: forms.text.count)
        for i in 0..<n where live[i] { for w in forms.forms[i].set { postings[Int(w)].append(Int32(i)) } }
        for list in postings where list.count > 1 && list.count <= blocking.rareWordLimit {
            for x in 0..<list.count { for y in (x + 1)..<list.count { add(Int(list[x]), Int(list[y])) } }
        }
        // Same word set, one word more, alike words equated, same letters without spaces.
        // Keys WordNet puts in one synset are grouped the same way.
        var bySet = [[Int32]: [Int32]](minimumCapacity: n), byAlike: [[Int32]: [Int32]] = [:]
        var bySpaceless = [[UInt8]: [Int32]](minimumCapacity: n)
        var bySynset: [Int32: [Int32]] = [:] // (few keys have synsets: sized as it fills)
        for i in 0..<n where live[i] {
            let f = forms.forms[i]
            bySet[f.set, default: []].append(Int32(i))
            for s in f.synsets { bySynset[s, default: []].append(Int32(i)) }
            bySpaceless[f.spaceless, default: []].append(Int32(i))
            if f.set.contains(where: { forms.alike[Int($0)] >= 0 }) {
                byAlike[alikeSet(forms, f.set), default: []].append(Int32(i))
            }
        }
        for groups in [Array(bySet.values), Array(byAlike.values), Array(bySpaceless.values), Array(bySynset.values)] {
            for list in groups where list.count > 1 {
                let capped = list.prefix(blocking.rareWordLimit)
                for x in capped.indices { for y in capped.indices where y > x { add(Int(capped[x]), Int(capped[y])) } }
            }
        }
        for i in 0..<n where live[i] {
            let set = forms.forms[i].set
            guard set.count >= 2 else { continue }
            for drop in set.indices {
                var smaller = set
                smaller.remove(at: drop)
                if let list = bySet[smaller] { for j in list.prefix(blocking.rareWordLimit) { add(i, Int(j)) } }
            }
        }
        // Keys the neighbour table lists together.
        var byRow: [Int32: Int32] = [:] // (as many as the neighbour table's rows at most)
        for i in 0..<n where live[i] {
            let row = forms.forms[i].vocabularyRow
            if row >= 0, byRow[row] == nil { byRow[row] = Int32(i) }
        }
        for (row, i) in byRow {
            for neighbour in forms.knowledge.neighbours[Int(row)] {
                if let j = byRow[neighbour.row] { add(Int(i), Int(j)) }
            }
        }
        // Neighbours in letter order, forwards and backwards.
        if blocking.window > 0 {
            let order = (0..<n).filter { live[$0] }
            // Each key's letters backwards, made once (not at every comparison of the sort).
            var backwards = [[UInt8]](repeating: [], count: n)
            for i in order { backwards[i] = forms.forms[i].spaceless.reversed() }
            let forward = order.sorted { forms.forms[$0].spaceless.lexicographicallyPrecedes(forms.forms[$1].spaceless) }
            let backward = order.sorted { backwards[$0].lexicographicallyPrecedes(backwards[$1]) }
            for sorted in [forward, backward] {
                for x in sorted.indices {
                    for y in (x + 1)..<min(sorted.count, x + 1 + blocking.window) { add(sorted[x], sorted[y]) }
                }
            }
            // A key with neutral words of use ("for color", "cooking salt") also stands, without
            // them, where its other words sort ("color": next to "coloring"), forwards and
            // backwards; the keys around that place are compared with it.
            for i in order {
                let words = forms.forms[i].words
                guard words.contains(where: { forms.kind[Int($0)] == .neutral }) else { continue }
                var core: [UInt8] = []
                for w in words where forms.kind[Int(w)] != .neutral { core.append(contentsOf: forms.text[Int(w)].utf8) }
                guard !core.isEmpty else { continue }
                for (sorted, reversed) in [(forward, false), (backward, true)] {
                    let probe = reversed ? Array(core.reversed()) : core
                    var lo = 0, hi = sorted.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        let key = reversed ? backwards[sorted[mid]] : forms.forms[sorted[mid]].spaceless
                        if key.lexicographicallyPrecedes(probe) { lo = mid + 1 } else { hi = mid }
                    }
                    for y in max(0, lo - blocking.window)..<min(sorted.count, lo + blocking.window) { add(i, sorted[y]) }
                }
            }
        }
        pairs.sortAndDropRepeats()
        return pairs
    }

    /// A word set with alike words replaced by their group (as negative numbers), ascending.
    static func alikeSet(_ forms: KeyForms, _ set: [Int32]) -> [Int32] {
        Array(Set(set.map { forms.alike[Int($0)] >= 0 ? -2 - forms.alike[Int($0)] : $0 })).sorted()
    }
}
