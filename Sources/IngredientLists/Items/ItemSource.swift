/// One line that asked for a shopping-list item: which recipe and plan entry, the line as
/// written, its own (scaled) amount and its notes.
public struct ItemSource: Hashable, Sendable {
    /// The recipe's id; nil for an item the user added (`ListEdits.manualItems`).
    public var recipeID: String?
    /// The recipe's title (or id) for source tags; nil for a manual item.
    public var recipeTitle: String?
    /// The plan entry the recipe is cooked for.
    public var planEntryID: String?
    /// The line's position in its recipe (or in the manual items), from 0.
    public var lineIndex: Int
    /// The line as written.
    public var line: String
    /// The recipe's servings factor the amount is scaled by.
    public var servingsFactor: Double
    /// The line's amount after scaling, in its family's base unit; nil when the line has no
    /// quantity ("salt to taste").
    public var measure: Measure?
    /// `measure` as shown.
    public var amount: DisplayAmount?
    /// The line's size word ("large").
    public var size: String?
    /// The line's preparation ("finely chopped").
    public var preparation: String?
    /// The line's comment ("divided").
    public var comment: String?
    /// What the line's ingredient is for ("for serving").
    public var purpose: String?
    /// Whether the line marks the ingredient optional.
    public var isOptional: Bool

    /// Whether the user added this line by hand.
    public var isManual: Bool { recipeID == nil }
}
