import IngredientLexicon
import IngredientSuggestions

extension ShoppingListBuilder {
    /// The merge suggestions among `items` (the visible items of one list): pairs of
    /// recognized items that the suggester's blocking brings together, that `ListMergeRule`
    /// allows, that the user has not rejected, and whose list-merge confidence reaches
    /// `threshold`. An item is offered to join at most one other item, its best; suggestions
    /// come best first, then by the items' ids. Each carries the merged item, made from both
    /// items' entries as an accepted merge would make it.
    func suggestions(among items: [ListItem], records byKey: [String: [UInt32]], table: SourceTable, pantry: [String: OnHand],
                     edits: ListEdits, locale: DisplayLocale, threshold: Double) -> [ListSuggestion] {
        // The candidates as positions in `items` (not a second array of items).
        let positions = items.indices.filter { !items[$0].flags.contains(.unrecognized) && !items[$0].flags.contains(.suppressed) }
        guard positions.count > 1 else { return [] }
        func candidate(_ k: Int) -> ListItem { items[positions[k]] }
        // Fields read in place: a whole item copied per pair cost more than scoring it.
        func id(_ k: Int32) -> String { items[positions[Int(k)]].id }
        func key(_ k: Int) -> String { items[positions[k]].key }
        func lineCount(_ k: Int) -> Int { items[positions[k]].storedSources.count }
        var forms = KeyForms(tables: scorer.words)
        for p in positions { forms.add(items[p].key) }
        /// A pair that passed, before its features are made again for its reasons and its
        /// merged item is made (features are kept for the winners only).
        struct Offer {
            var merge: Int32, into: Int32
            var confidence: Double
        }
        func precedes(_ l: Offer, _ r: Offer) -> Bool {
            if l.confidence != r.confidence { return l.confidence > r.confidence }
            let lm = id(l.merge), rm = id(r.merge)
            if lm != rm { return lm.utf8.lexicographicallyPrecedes(rm.utf8) }
            return id(l.into).utf8.lexicographicallyPrecedes(id(r.into).utf8)
        }
        // Each item's best offer only (memory by items, not by the pairs that pass).
        var best = [Offer?](repeating: nil, count: positions.count)
        for pair in MergeSuggester.candidates(forms, MergeSuggester.Blocking()) {
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
            if let current = best[Int(offer.merge)], !precedes(offer, current) { continue }
            best[Int(offer.merge)] = offer
        }
        let offers = best.compactMap { $0 }.sorted(by: precedes)
        var result: [ListSuggestion] = []
        for offer in offers {
            let merge = candidate(Int(offer.merge)), into = candidate(Int(offer.into))
            var merged = makeItem(key: into.key, records: byKey[into.key] ?? [], more: byKey[merge.key] ?? [],
                                  table: table, pantry: pantry[into.key], edits: edits, locale: locale,
                                  known: (into.name, into.aisle))
            // A merge that adds no notes shares the item's notes rather than a copy of them.
            if merged.notes == into.notes { merged.notes = into.notes }
            // Reasons speak of the pair in the order the features were computed in.
            let (i, j) = offer.merge < offer.into ? (Int(offer.merge), Int(offer.into)) : (Int(offer.into), Int(offer.merge))
            // The same features as when the pair was scored (a pure function of the two keys).
            guard let scored = scorer.listConfidence(forms, i, j) else { continue }
            result.append(ListSuggestion(merge: merge, into: into, result: merged, confidence: offer.confidence,
                                         reasons: PairFeatures.reasons(scored.features, scored.detail, forms, i, j)))
        }
        return result
    }
}
