/// Which pairs of shopping-list items may be offered as a merge at all, before any score:
/// never a product made from the other ("apple" / "apple juice", "garlic" / "garlic powder":
/// an added word of kind `form` in `suggest/words.tsv`), and never two items the category
/// table puts in different aisles ("oyster" / "oyster sauce"). What remains — synonyms,
/// kinds of one thing ("red onion" / "onion", "fresh ginger" / "ginger") and parts you get by
/// buying the whole (kind `part`: "lettuce leaf" / "lettuce", "lemon zest" / "lemon") — is
/// scored by the list model (`suggest/list-weights.tsv`).
package enum ListMergeRule {
    /// Whether a pair with these features may be suggested on a list.
    package static func allows(_ features: PairFeatures, _ detail: PairFeatures.Detail) -> Bool {
        !detail.addsProduct && features.values[PairFeatures.Index.aisleConflict] == 0
    }
}
