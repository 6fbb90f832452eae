/// A recipe to put on a shopping list whose ingredient lines are still text: what
/// `ShoppingListAccumulator.add(contentsOf:)` takes, so that it can parse many recipes on
/// several threads (`ShoppingListAccumulator.jobs`).
public struct ListRecipeText: Hashable, Sendable {
    /// The recipe's id (an `ingest import` source, a database id, a file name).
    public var id: String
    /// The title shown in source tags; the id when nil.
    public var title: String?
    /// The meal-plan entry this recipe is cooked for.
    public var planEntryID: String?
    /// How much of the recipe to buy for (a factor that is not a positive finite number counts as 1).
    public var servingsFactor: Double
    /// The ingredient lines as written.
    public var lines: [String]

    /// A recipe of ingredient lines as text.
    public init(id: String, title: String? = nil, planEntryID: String? = nil, servingsFactor: Double = 1,
                lines: [String]) {
        self.id = id
        self.title = title
        self.planEntryID = planEntryID
        self.servingsFactor = servingsFactor
        self.lines = lines
    }
}
