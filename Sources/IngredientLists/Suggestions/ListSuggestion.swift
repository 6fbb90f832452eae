/// A merge the shopping list offers: two items that one purchase may serve ("Red onion" and
/// "Onion"), the item they would make, how likely the merge is wanted, and why. The user
/// answers with `ListEdits.acceptedMerges` or `ListEdits.rejectedMerges`.
public struct ListSuggestion: Hashable, Sendable {
    /// The suggestions of a list are kept from this confidence up, unless the caller sets
    /// another threshold (`ShoppingListBuilder.list(…suggestionThreshold:)`).
    public static let defaultThreshold = 0.5

    /// The item that would join the other (the more specific or the smaller one).
    public var merge: ListItem
    /// The item it would join, whose key the merged item keeps.
    public var into: ListItem
    /// The merged item as the list would show it — both items' lines under `into`'s key,
    /// amounts summed where units convert and kept side by side where they do not — with its
    /// id, name, aisle, quantities, flags and notes. Its `sources` are left empty: they are
    /// `into.sources` followed by `merge.sources` (not copied into every suggestion, which on
    /// a large list would copy a popular item's lines once per suggestion).
    public var result: ListItem
    /// How likely one item can be bought for both (the same thing, or one a kind of the
    /// other), calibrated on labeled pairs (`suggest/list-weights.tsv`).
    public var confidence: Double
    /// Short reasons, most telling first.
    public var reasons: [String]

    /// The accepted merge as an edit: `edits.acceptedMerges[pair.key] = pair.into`.
    public var edit: (key: String, into: String) { (merge.key, into.key) }
    /// The rejected merge as an edit: `edits.rejectedMerges.insert(rejection)`.
    public var rejection: MergePair { MergePair(merge.key, into.key) }
}
