import IngredientLexicon
import IngredientSuggestions
import IngredientText

extension ShoppingListBuilder {
    /// The merge suggestions among `items` (the visible items of one list): pairs of
    /// recognized items that the suggester's blocking brings together, that `ListMergeRule`
    /// allows, that the user has not rejected, and whose list-merge confidence reaches
    /// `threshold`. An item is offered to join at most one other item, its best; suggestions
    /// come best first, then by the items' ids. Each carries the merged item, made from both
    /// items' entries as an accepted merge would make it. With `jobs` above 1, pairs are
    /// scored and merged items made on that many threads; the suggestions are the same.
    func suggestions(among items: [ListItem], records byKey: KeyRecordTable, table: SourceTable, pantry: [String: OnHand],
                     edits: ListEdits, locale: DisplayLocale, threshold: Double, jobs: Int = 1) -> [ListSuggestion] {
        // The candidates as positions in `items` (not a second array of items).
        let positions = items.indices.filter { !items[$0].flags.contains(.unrecognized) && !items[$0].flags.contains(.suppressed) }
        guard positions.count > 1 else { return [] }
        @Sendable func candidate(_ k: Int) -> ListItem { items[positions[k]] }
        // Fields read in place: a whole item copied per pair cost more than scoring it.
        @Sendable func id(_ k: Int32) -> String { items[positions[Int(k)]].id }
        @Sendable func key(_ k: Int) -> String { items[positions[k]].key }
        @Sendable func lineCount(_ k: Int) -> Int { items[positions[k]].storedSources.count }
        // The list's own aisle tables (a user's categories included), not a second copy of
        // the built-in ones.
        var keyForms = KeyForms(tables: scorer.words, aisles: tables)
        for p in positions { keyForms.add(items[p].key) }
        let forms = keyForms
        /// A pair that passed, before its features are made again for its reasons and its
        /// merged item is made (features are kept for the winners only).
        struct Offer: Sendable {
            var merge: Int32, into: Int32
            var confidence: Double
        }
        @Sendable func precedes(_ l: Offer, _ r: Offer) -> Bool {
            if l.confidence != r.confidence { return l.confidence > r.confidence }
            let lm = id(l.merge), rm = id(r.merge)
            if lm != rm { return lm.utf8.lexicographicallyPrecedes(rm.utf8) }
            return id(l.into).utf8.lexicographicallyPrecedes(id(r.into).utf8)
        }
        let scorer = self.scorer
        let pairs = MergeSuggester.candidates(forms, MergeSuggester.Blocking())
        /// The offers of `pairs[range]` that pass, each item's best only (memory by items, not
        /// by the pairs that pass). `precedes` is a total order, so the best of the bests is
        /// the best whatever the ranges.
        @Sendable func offers(_ range: Range<Int>) -> [Int32: Offer] {
            var best: [Int32: Offer] = [:]
            for pair in pairs[range] {
                let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
                guard edits.rejectedMerges.isEmpty || !edits.rejectedMerges.contains(MergePair(key(i), key(j))),
                      let scored = scorer.listConfidence(forms, i, j), scored.confidence >= threshold else { continue }
                // The more specific name joins the more general one: the longer of two names one
                // contains, the kind of a kind-of pair; otherwise the item with fewer lines.
                let aJoinsB: Bool
                if scored.detail.containment {
                    aJoinsB = !scored.detail.bLonger
                } else if scored.detail.relation == .kindOf {
                    aJoinsB = scored.detail.firstIsKind
                } else if lineCount(i) != lineCount(j) {
                    aJoinsB = lineCount(i) < lineCount(j)
                } else {
                    aJoinsB = key(j).utf8.lexicographicallyPrecedes(key(i).utf8)
                }
                let offer = Offer(merge: Int32(aJoinsB ? i : j), into: Int32(aJoinsB ? j : i), confidence: scored.confidence)
                if let current = best[offer.merge], !precedes(offer, current) { continue }
                best[offer.merge] = offer
            }
            return best
        }
        var best = [Offer?](repeating: nil, count: positions.count)
        func take(_ found: [Int32: Offer]) {
            for (merge, offer) in found {
                if let current = best[Int(merge)], !precedes(offer, current) { continue }
                best[Int(merge)] = offer
            }
        }
        OrderedWorkPool.forEachChunk(count: pairs.count, chunk: 4096, threads: jobs, offers, deliver: take)
        let winners = best.compactMap { $0 }.sorted(by: precedes)
        let builder = self
        /// The suggestions of `winners[range]`, in that order.
        @Sendable func suggestions(_ range: Range<Int>) -> [ListSuggestion] {
            var made: [ListSuggestion] = []
            for offer in winners[range] {
                let merge = candidate(Int(offer.merge)), into = candidate(Int(offer.into))
                var merged = builder.makeItem(key: into.key, records: byKey[into.key] ?? [], more: byKey[merge.key] ?? [],
                                              table: table, pantry: pantry[into.key], edits: edits, locale: locale,
                                              known: (into.name, into.aisle))
                // A merge that adds no notes shares the item's notes rather than a copy of them.
                if merged.notes == into.notes { merged.notes = into.notes }
                // Reasons speak of the pair in the order the features were computed in.
                let (i, j) = offer.merge < offer.into ? (Int(offer.merge), Int(offer.into)) : (Int(offer.into), Int(offer.merge))
                // The same features as when the pair was scored (a pure function of the two keys).
                guard let scored = scorer.listConfidence(forms, i, j) else { continue }
                made.append(ListSuggestion(merge: merge, into: into, result: merged, confidence: offer.confidence,
                                           reasons: PairFeatures.reasons(scored.features, scored.detail, forms, i, j)))
            }
            return made
        }
        var result: [ListSuggestion] = []
        result.reserveCapacity(winners.count)
        OrderedWorkPool.forEachChunk(count: winners.count, chunk: 64, threads: jobs, suggestions) {
            result.append(contentsOf: $0)
        }
        return result
    }
}
