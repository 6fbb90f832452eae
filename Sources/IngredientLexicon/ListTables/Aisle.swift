/// A store aisle a shopping-list item is shopped in, from `aisles.tsv`.
public struct Aisle: Hashable, Sendable {
    /// The aisle id (`produce`, `meat-seafood`, `other`).
    public let id: String
    /// The heading shown for it ("Meat & seafood").
    public let title: String
    /// Its place in the store layout, 0 first; lists are printed in this order.
    public let order: Int

    /// The aisle items go to when no table row names one.
    public static let otherID = "other"
}
