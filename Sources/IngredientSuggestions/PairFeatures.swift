/// The features of a pair of canonical keys, in the order of `PairFeatures.names`. Every
/// feature is a number in 0…1 with a food meaning; `PairScorer` weighs them.
package struct PairFeatures {
    /// Feature names, as written in `suggest/weights.tsv`.
    static let names = [
        "bias", "adds-class", "adds-identity", "adds-form", "adds-modifier", "adds-head", "contains-one-word",
        "reordered", "spaceless", "alike", "identity-conflict", "differing-similar",
        "prefix", "edit-one", "edit-two", "word-overlap", "short-is-generic",
        "knowledge-same", "knowledge-kind-of", "knowledge-siblings", "knowledge-unrelated",
        "embedding-similar", "embedding-far", "derived-ing", "same-aisle", "aisle-conflict",
        "fat-variants", "neutral-words", "adds-hypernym", "adds-other-food", "reordered-head",
        "knowledge-same-named",
    ]
    package static let count = 32

    /// Feature values; slots from `count` on stay 0.
    package var values = SIMD32<Double>()

    enum Index {
        static let bias = 0, addsClass = 1, addsIdentity = 2, addsForm = 3, addsModifier = 4, addsHead = 5
        static let containsOneWord = 6, reordered = 7, spaceless = 8, alike = 9, identityConflict = 10
        static let differingSimilar = 11, prefix = 12, editOne = 13, editTwo = 14, wordOverlap = 15, shortIsGeneric = 16
        static let knowledgeSame = 17, knowledgeKindOf = 18, knowledgeSiblings = 19, knowledgeUnrelated = 20
        static let embeddingSimilar = 21, embeddingFar = 22, derivedIng = 23, sameAisle = 24, aisleConflict = 25
        static let fatVariants = 26, neutralWords = 27, addsHypernym = 28, addsOtherFood = 29, reorderedHead = 30
        static let knowledgeSameNamed = 31
    }

    /// What the features found, for reasons.
    package struct Detail {
        /// Words only in the first key and only in the second.
        var onlyA = WordList()
        var onlyB = WordList()
        /// Whether one key's words contain the other's, and which is longer (true: b).
        package var containment = false
        package var bLonger = false
        var editDistance = 0
        /// Whether an added word makes another product (kind `form`, not `part`).
        var addsProduct = false
        /// How WordNet relates the keys, and for a kind-of pair whether the first is the kind.
        package var relation = FoodKnowledge.Relation.unknown
        package var firstIsKind = false

        /// A detail with nothing found yet.
        package init() {}
        /// The embedding similarity when the neighbour table lists the pair.
        var similarity: Float = 0
        /// The word with "-ing" and the word it is made from, as word numbers.
        var derived: (base: Int32, derived: Int32)? = nil
    }

    /// The features of keys `i` and `j` of `forms`.
    package static func compute(_ forms: KeyForms, _ i: Int, _ j: Int, detail: inout Detail) -> PairFeatures {
        let a = forms.forms[i], b = forms.forms[j]
        var f = PairFeatures()
        f.values[Index.bias] = 1
        // Set differences of the ascending word sets.
        var onlyA = WordList(), onlyB = WordList()
        var shared = 0
        var x = 0, y = 0
        while x < a.set.count || y < b.set.count {
            if y == b.set.count || (x < a.set.count && a.set[x] < b.set[y]) { onlyA.append(a.set[x]); x += 1 }
            else if x == a.set.count || b.set[y] < a.set[x] { onlyB.append(b.set[y]); y += 1 }
            else { shared += 1; x += 1; y += 1 }
        }
        detail.onlyA = onlyA
        detail.onlyB = onlyB
        let union = shared + onlyA.count + onlyB.count
        f.values[Index.wordOverlap] = union == 0 ? 0 : Double(shared) / Double(union)

        if onlyA.isEmpty && onlyB.isEmpty {
            // The same words in another order: modifiers swapped ("pink himalayan salt") keep
            // the head noun; a new head makes another food ("milk chocolate" / "chocolate milk").
            // A word said twice ("red red pepper flake") is no other order.
            if a.words.count == b.words.count {
                f.values[a.words.last == b.words.last ? Index.reordered : Index.reorderedHead] = 1
            }
        } else if onlyA.isEmpty || onlyB.isEmpty {
            // One key's words contain the other's.
            detail.containment = true
            detail.bLonger = onlyA.isEmpty
            let extra = onlyA.isEmpty ? onlyB : onlyA
            let (shorter, longer) = onlyA.isEmpty ? (a, b) : (b, a)
            // Extra words after the last shared word change the head ("tamari sauce", "apple
            // juice"); extra words before it modify it ("red onion", "gala apple").
            let lastShared = longer.words.lastIndex { shorter.set.contains($0) } ?? -1
            var classHead = true, anyHead = false
            for (position, w) in longer.words.enumerated() where extra.contains(w) {
                let kind = forms.kind[Int(w)]
                // A class word as the new head names the class, not a quality, even when it is
                // also a color ("mandarin orange", "clementine orange").
                let isIdentity = forms.identity[Int(w)] && !(position > lastShared && kind == .classWord)
                if isIdentity { f.values[Index.addsIdentity] = 1 }
                if kind.isForm { f.values[Index.addsForm] = 1 }
                if kind == .form { detail.addsProduct = true }
                if position > lastShared {
                    anyHead = true
                    if kind != .classWord { classHead = false }
                } else {
                    classHead = false
                    if !isIdentity && !kind.isForm && kind != .neutral { f.values[Index.addsModifier] = 1 }
                }
            }
            if anyHead && classHead { f.values[Index.addsClass] = 1 }
            else if anyHead && f.values[Index.addsForm] == 0 { f.values[Index.addsHead] = 1 }
            if shorter.set.count == 1 { f.values[Index.containsOneWord] = 1 }
            // What WordNet says of the added head: the class the shorter food belongs to
            // ("nori seaweed", "port wine", "arrowroot starch": names of one food), or another
            // food it is not a kind of ("coconut flavoring", "wheat sourdough": a new product).
            // A part of the food ("lettuce leaf", "broccoli floret") is neither.
            let head = longer.words[(lastShared + 1)...]
            if anyHead, !shorter.synsets.isEmpty, !head.contains(where: { forms.kind[Int($0)] == .part }) {
                let headSynsets = head.count == 1
                    ? forms.wordSynsets[Int(head[head.startIndex])]
                    : forms.knowledge.synsets(of: head.map { forms.text[Int($0)] }.joined(separator: " "))
                if !headSynsets.isEmpty {
                    if headSynsets.contains(where: shorter.synsets.contains) || FoodKnowledge.meets(headSynsets, shorter.above) {
                        f.values[Index.addsHypernym] = 1
                    } else {
                        f.values[Index.addsOtherFood] = 1
                    }
                }
            }
        } else {
            // Both sides have words of their own.
            let identityA = onlyA.contains { forms.identity[Int($0)] }
            let identityB = onlyB.contains { forms.identity[Int($0)] }
            if identityA && identityB { f.values[Index.identityConflict] = 1 }
            if alikeEqual(forms, onlyA, onlyB) { f.values[Index.alike] = 1 }
            f.values[Index.differingSimilar] = dice(forms, onlyA, onlyB)
        }
        // Word kinds that say the differing words leave the food as it is: only words of use
        // ("table salt" / "salt", "table salt" / "cooking salt"), or, on both sides, only
        // reduced-fat markers ("skim milk" / "low fat milk").
        func neutral(_ w: Int32) -> Bool { forms.kind[Int(w)] == .neutral }
        if !(onlyA.isEmpty && onlyB.isEmpty), onlyA.allSatisfy(neutral), onlyB.allSatisfy(neutral) {
            f.values[Index.neutralWords] = 1
        }
        if !onlyA.isEmpty, !onlyB.isEmpty,
           onlyA.allSatisfy({ isReducedFat($0, in: a.words, forms) }), onlyB.allSatisfy({ isReducedFat($0, in: b.words, forms) }) {
            f.values[Index.fatVariants] = 1
        }
        // The shorter name is one generic word of suggest/words.tsv ("cream", "egg", "sauce"):
        // adding to it usually makes a compound of two things ("cream cheese", "egg pasta").
        let short = a.words.count < b.words.count || (a.words.count == b.words.count && a.spaceless.count <= b.spaceless.count) ? a : b
        if short.set.count == 1, forms.kind[Int(short.set[0])] != .none { f.values[Index.shortIsGeneric] = 1 }
        if a.spaceless == b.spaceless, !(onlyA.isEmpty && onlyB.isEmpty) {
            f.values[Index.spaceless] = 1
        } else if !detail.containment {
            let (s, l) = a.spaceless.count <= b.spaceless.count ? (a.spaceless, b.spaceless) : (b.spaceless, a.spaceless)
            // A short ending added to a word of 3 letters or more: "cod" / "codfish", "color" / "coloring".
            if s.count >= 3, s.count < l.count, l.count - s.count <= 4, l.starts(with: s) {
                f.values[Index.prefix] = 1
            }
            // Close spellings of names long enough for a typo to mean little.
            // Numbers that differ ("350 degree" / "450 degree") are not spellings.
            let shortest = min(a.spaceless.count, b.spaceless.count)
            let digits = onlyA.contains { forms.hasDigit[Int($0)] } || onlyB.contains { forms.hasDigit[Int($0)] }
            if shortest >= 5, !digits {
                let d = boundedEditDistance(a.spaceless, b.spaceless, limit: 2)
                detail.editDistance = d
                if d == 1 { f.values[Index.editOne] = 1 }
                if d == 2, shortest >= 7 { f.values[Index.editTwo] = 1 }
            }
        }
        // What the knowledge tables say (FoodKnowledge).
        let knowledge = forms.knowledge
        detail.relation = knowledge.relation(a.synsets, above: a.above, b.synsets, above: b.above)
        switch detail.relation {
        case .unknown: break
        case .sameMeaning:
            f.values[Index.knowledgeSame] = 1
            // WordNet's synonyms are broad ("oregano" / "marjoram", "cheddar" / "american
            // cheese"); two names of one synset that also share their head noun ("navy bean" /
            // "white bean", "seville orange" / "bitter orange") or their spelling ("licorice" /
            // "liquorice", "cod" / "codfish"), with no identity words against each other, are
            // two names of one thing far more often.
            if !detail.containment, f.values[Index.identityConflict] == 0,
               a.words.last == b.words.last
                || f.values[Index.editOne] + f.values[Index.editTwo] + f.values[Index.prefix] + f.values[Index.spaceless] > 0 {
                f.values[Index.knowledgeSameNamed] = 1
            }
        case .kindOf:
            f.values[Index.knowledgeKindOf] = 1
            detail.firstIsKind = FoodKnowledge.meets(b.synsets, a.above)
        case .siblings: f.values[Index.knowledgeSiblings] = 1
        case .unrelated: f.values[Index.knowledgeUnrelated] = 1
        }
        if let similarity = knowledge.similarity(a.vocabularyRow, b.vocabularyRow) {
            if similarity > 0 {
                detail.similarity = similarity
                f.values[Index.embeddingSimilar] = Double(max(0, min(1, (similarity - 0.5) / 0.5)))
            } else {
                f.values[Index.embeddingFar] = 1
            }
        }
        // One differing word is the other with "-ing": "color" / "coloring", "stuff" / "stuffing";
        // neutral words of use aside ("for color" / "coloring").
        func derivedIng(_ onlyA: WordList, _ onlyB: WordList) -> (base: Int32, derived: Int32)? {
            guard onlyA.count == 1, onlyB.count == 1 else { return nil }
            if isDerivedIng(forms.text[Int(onlyB[0])], from: forms.text[Int(onlyA[0])]) { return (onlyA[0], onlyB[0]) }
            if isDerivedIng(forms.text[Int(onlyA[0])], from: forms.text[Int(onlyB[0])]) { return (onlyB[0], onlyA[0]) }
            return nil
        }
        detail.derived = derivedIng(onlyA, onlyB)
        if detail.derived == nil, onlyA.contains(where: neutral) || onlyB.contains(where: neutral) {
            detail.derived = derivedIng(WordList(onlyA.lazy.filter { !neutral($0) }), WordList(onlyB.lazy.filter { !neutral($0) }))
        }
        if detail.derived != nil { f.values[Index.derivedIng] = 1 }
        // The aisles the category table gives them.
        if let same = forms.sameAisle(i, j) {
            f.values[same ? Index.sameAisle : Index.aisleConflict] = 1
        }
        return f
    }

    /// `x` (0…1) with two decimals: "0.83".
    package static func twoDecimals(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }

    /// Whether `word` is `base` with the suffix "-ing": "coloring" from "color", "baking" from
    /// "bake", "stuffing" from "stuff", "chopping" from "chop".
    static func isDerivedIng(_ word: String, from base: String) -> Bool {
        // On the bytes in place (no array of either word: this runs for many pairs).
        var word = word, base = base
        return word.withUTF8 { w in
            base.withUTF8 { b in
                guard b.count >= 3, w.count == b.count + 3 || w.count == b.count + 2 || w.count == b.count + 4,
                      w[w.count - 3] == UInt8(ascii: "i"), w[w.count - 2] == UInt8(ascii: "n"),
                      w[w.count - 1] == UInt8(ascii: "g") else { return false }
                let stem = UnsafeBufferPointer(rebasing: w[..<(w.count - 3)])
                if stem.elementsEqual(b) { return true }
                if b[b.count - 1] == UInt8(ascii: "e"), stem.elementsEqual(UnsafeBufferPointer(rebasing: b[..<(b.count - 1)])) { return true }
                if stem.count == b.count + 1, UnsafeBufferPointer(rebasing: stem[..<b.count]).elementsEqual(b),
                   stem[stem.count - 1] == b[b.count - 1] { return true }
                return false
            }
        }
    }

    /// Whether `word` marks a lighter version in a key with `words`: a `reduced-fat` word
    /// ("skim", "light"), or a word of a two-word `reduced-fat` row where the key has that
    /// row's words side by side ("fat" in "low fat", "fat free").
    static func isReducedFat(_ word: Int32, in words: [Int32], _ forms: KeyForms) -> Bool {
        if forms.kind[Int(word)] == .reducedFat { return true }
        guard forms.inReducedFatPair[Int(word)], let i = words.firstIndex(of: word) else { return false }
        let pairs = forms.tables.reducedFatPairs, text = forms.text[Int(word)]
        return (i > 0 && pairs.contains(forms.text[Int(words[i - 1])] + " " + text))
            || (i + 1 < words.count && pairs.contains(text + " " + forms.text[Int(words[i + 1])]))
    }

    /// Whether the differing words are pairwise in the same alike groups.
    static func alikeEqual(_ forms: KeyForms, _ onlyA: WordList, _ onlyB: WordList) -> Bool {
        guard onlyA.count == onlyB.count else { return false }
        // Most pairs fail at once: a word in no alike group.
        if onlyA.contains(where: { forms.alike[Int($0)] == -1 }) || onlyB.contains(where: { forms.alike[Int($0)] == -1 }) { return false }
        if onlyA.count == 1 { return forms.alike[Int(onlyA[0])] == forms.alike[Int(onlyB[0])] }
        let ga = onlyA.map { forms.alike[Int($0)] }.sorted(), gb = onlyB.map { forms.alike[Int($0)] }.sorted()
        return ga == gb
    }

    /// The Dice coefficient of the letter pairs of the differing words (each side's words
    /// joined in word-number order).
    static func dice(_ forms: KeyForms, _ onlyA: WordList, _ onlyB: WordList) -> Double {
        // Each word's sorted bigrams are made once per batch (`KeyForms.bigrams`); a side of
        // several words has its words' bigrams merged into scratch space on the stack, so a
        // pair allocates nothing.
        var countA = 0, countB = 0
        for w in onlyA { countA += forms.bigrams[Int(w)].count }
        for w in onlyB { countB += forms.bigrams[Int(w)].count }
        guard countA > 0, countB > 0 else { return 0 }
        let common = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: countA + countB) { scratch -> Int in
            func fill(_ words: WordList, at start: Int) -> UnsafeMutableBufferPointer<UInt16> {
                // Each word's bigrams are sorted already: each next word's are merged into the
                // sorted run so far from the back (the run grows in place; nothing is moved twice).
                var end = start
                for w in words {
                    let next = forms.bigrams[Int(w)]
                    var x = end - 1, y = next.count - 1, to = end + next.count - 1
                    while y >= 0 {
                        if x >= start && scratch[x] > next[y] { scratch[to] = scratch[x]; x -= 1 } else { scratch[to] = next[y]; y -= 1 }
                        to -= 1
                    }
                    end += next.count
                }
                return UnsafeMutableBufferPointer(rebasing: scratch[start..<end])
            }
            let ba = fill(onlyA, at: 0), bb = fill(onlyB, at: countA)
            var x = 0, y = 0, common = 0
            while x < ba.count && y < bb.count {
                if ba[x] == bb[y] { common += 1; x += 1; y += 1 } else if ba[x] < bb[y] { x += 1 } else { y += 1 }
            }
            return common
        }
        return 2 * Double(common) / Double(countA + countB)
    }

    /// The Levenshtein distance of `a` and `b`, or `limit + 1` when it exceeds `limit`.
    static func boundedEditDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        let big = limit + 1
        // Two rows of the table, in scratch space on the stack. Only the band of cells within
        // `limit` of the diagonal can hold a distance up to `limit`; every value is capped at
        // `big`, and the cells just outside the band are set to it, so the band is all a row
        // computes (about 2 × limit + 1 cells instead of the whole row).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...b.count])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 1)...])
            for j in 0...b.count { previous[j] = min(j, big) }
            for i in 1...a.count {
                let low = max(1, i - limit), high = min(b.count, i + limit)
                current[0] = min(i, big)
                if low > 1 { current[low - 1] = big }
                var rowMin = low == 1 ? current[0] : big
                if low <= high {
                    for j in low...high {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, big)
                        current[j] = value
                        rowMin = min(rowMin, value)
                    }
                }
                if high < b.count { current[high + 1] = big }
                if rowMin > limit { return big }
                swap(&previous, &current)
            }
            return min(previous[b.count], big)
        }
    }

    /// Human-readable reasons for the features that fired, most telling first.
    package static func reasons(_ f: PairFeatures, _ d: Detail, _ forms: KeyForms, _ i: Int, _ j: Int) -> [String] {
        let a = forms.keys[i], b = forms.keys[j]
        func words<C: Collection<Int32>>(_ ids: C) -> String { ids.map { "“" + forms.text[Int($0)] + "”" }.joined(separator: ", ") }
        var r: [String] = []
        let v = f.values
        if d.containment {
            let (short, long) = d.bLonger ? (a, b) : (b, a)
            let extra = d.bLonger ? d.onlyB : d.onlyA
            if v[Index.addsClass] == 1 {
                r.append("“\(long)” is “\(short)” plus the class word \(words(extra))")
            } else {
                r.append("“\(long)” is “\(short)” plus \(words(extra))")
                if v[Index.addsIdentity] == 1 {
                    r.append("identity word \(words(extra.filter { forms.identity[Int($0)] })): probably a kind of “\(short)”")
                }
                if v[Index.addsForm] == 1 {
                    let products = extra.filter { forms.kind[Int($0)] == .form }, parts = extra.filter { forms.kind[Int($0)] == .part }
                    if !products.isEmpty { r.append("\(words(products)) makes another product") }
                    if !parts.isEmpty { r.append("\(words(parts)): a part of “\(short)”") }
                }
                if v[Index.addsHead] == 1 { r.append("the added word changes the head noun: a part or product of “\(short)”") }
                if v[Index.addsModifier] == 1, v[Index.addsIdentity] == 0 { r.append("the added word qualifies “\(short)”: perhaps a kind of it") }
            }
        }
        if v[Index.addsHypernym] + v[Index.addsOtherFood] > 0, let last = (d.bLonger ? forms.forms[j] : forms.forms[i]).words.last {
            let short = d.bLonger ? a : b, head = forms.text[Int(last)]
            r.append(v[Index.addsHypernym] == 1
                ? "WordNet: “\(short)” is a kind of “\(head)”, so the added head restates it"
                : "WordNet: “\(short)” is not a kind of “\(head)”")
        }
        if v[Index.reordered] == 1 { r.append("same words in another order") }
        if v[Index.reorderedHead] == 1 { r.append("same words in another order, with another head noun") }
        if v[Index.spaceless] == 1 { r.append("same letters once spaces are ignored") }
        if v[Index.alike] == 1 { r.append("\(words(d.onlyA)) and \(words(d.onlyB)) are alike words (suggest/alike.tsv)") }
        if v[Index.identityConflict] == 1 {
            r.append("identity words differ: \(words(d.onlyA.filter { forms.identity[Int($0)] })) vs \(words(d.onlyB.filter { forms.identity[Int($0)] }))")
        }
        if !d.containment, v[Index.identityConflict] == 0, let head = forms.forms[i].words.last, head == forms.forms[j].words.last, v[Index.reordered] == 0 {
            r.append("same head noun “\(forms.text[Int(head)])”")
        }
        if v[Index.prefix] > 0 { r.append("one name is the other with a short ending (“\(a)” / “\(b)”)") }
        if v[Index.editOne] + v[Index.editTwo] > 0 { r.append("spelled alike: \(d.editDistance) letter\(d.editDistance == 1 ? "" : "s") apart") }
        if !d.containment, v[Index.differingSimilar] >= 0.5, v[Index.editOne] + v[Index.editTwo] == 0 {
            r.append("differing words look alike: \(words(d.onlyA)) / \(words(d.onlyB))")
        }
        switch d.relation {
        case .sameMeaning: r.append("WordNet lists “\(a)” and “\(b)” as names of one food")
        case .kindOf: r.append(d.firstIsKind ? "WordNet: “\(a)” is a kind of “\(b)”" : "WordNet: “\(b)” is a kind of “\(a)”")
        case .siblings: r.append("WordNet: two kinds of one thing")
        case .unrelated: r.append("WordNet: different foods")
        case .unknown: break
        }
        if d.similarity > 0 { r.append("close in meaning (embedding similarity \(twoDecimals(Double(d.similarity))))") }
        if let derived = d.derived { r.append("“\(forms.text[Int(derived.derived)])” is “\(forms.text[Int(derived.base)])” with -ing") }
        if v[Index.neutralWords] == 1 { r.append("the differing words say how it is used, not what it is: \(words(Array(d.onlyA) + Array(d.onlyB)))") }
        if v[Index.fatVariants] == 1 { r.append("lighter versions of one food: \(words(d.onlyA)) / \(words(d.onlyB))") }
        if v[Index.aisleConflict] == 1 { r.append("shopped in different aisles") }
        if v[Index.shortIsGeneric] == 1 { r.append("the shorter name is a generic food word: the longer may be a compound of it") }
        if v[Index.wordOverlap] == 0, v[Index.spaceless] == 0 { r.append("no word in common") }
        return r
    }
}
