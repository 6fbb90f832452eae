extension ShoppingListBuilder {
    /// The merge suggestions among `items` (the visible items of one list): pairs of
    /// recognized items that the suggester's blocking brings together, that `ListMergeRule`
    /// allows, that the user has not rejected, and whose list-merge confidence reaches
    /// `threshold`; best first, then by the items' ids. Each carries the merged item, made
    /// from both items' entries as an accepted merge would make it.
    func suggestions(among items: [ListItem], entries byKey: [String: [Entry]], pantry: [String: OnHand],
                     edits: ListEdits, locale: DisplayLocale, threshold: Double) -> [ListSuggestion] {
        let candidates = items.filter { !$0.flags.contains(.unrecognized) && !$0.flags.contains(.suppressed) }
        guard candidates.count > 1 else { return [] }
        var forms = KeyForms(tables: scorer.words)
        for item in candidates { forms.add(item.key) }
        var result: [ListSuggestion] = []
        for pair in MergeSuggester.candidates(forms, MergeSuggester.Blocking()) {
            let i = Int(pair >> 32), j = Int(pair & 0xFFFF_FFFF)
            let a = candidates[i], b = candidates[j]
            guard !edits.rejectedMerges.contains(MergePair(a.key, b.key)),
                  let scored = scorer.listConfidence(forms, i, j), scored.confidence >= threshold else { continue }
            // The more specific name joins the more general one: the longer of two names one
            // contains, the kind of a kind-of pair; otherwise the item with fewer lines.
            let aJoinsB: Bool
            if scored.detail.containment {
                aJoinsB = !scored.detail.bLonger
            } else if scored.detail.relation == .kindOf {
                aJoinsB = scored.detail.firstIsKind
            } else if a.sources.count != b.sources.count {
                aJoinsB = a.sources.count < b.sources.count
            } else {
                aJoinsB = b.key.utf8.lexicographicallyPrecedes(a.key.utf8)
            }
            let (merge, into) = aJoinsB ? (a, b) : (b, a)
            let merged = makeItem(key: into.key, entries: byKey[into.key] ?? [], more: byKey[merge.key] ?? [],
                                  pantry: pantry[into.key], edits: edits, locale: locale, keepsSources: false)
            result.append(ListSuggestion(merge: merge, into: into, result: merged, confidence: scored.confidence,
                                         reasons: PairFeatures.reasons(scored.features, scored.detail, forms, i, j)))
        }
        result.sort { l, r in
            if l.confidence != r.confidence { return l.confidence > r.confidence }
            if l.merge.id != r.merge.id { return l.merge.id.utf8.lexicographicallyPrecedes(r.merge.id.utf8) }
            return l.into.id.utf8.lexicographicallyPrecedes(r.into.id.utf8)
        }
        return result
    }
}
