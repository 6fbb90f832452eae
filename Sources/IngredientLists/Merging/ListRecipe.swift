import IngredientParsing

/// A recipe put on a shopping list: who asked (recipe id and title, the plan entry it is
/// cooked for), how much (a servings factor), and its parsed ingredient lines.
///
/// Build one from text with `ShoppingListBuilder.recipe(id:title:planEntryID:servingsFactor:lines:)`,
/// or from lines parsed elsewhere with `init`.
public struct ListRecipe: Hashable, Sendable {
    /// The recipe's id (an `ingest import` source, a database id, a file name).
    public var id: String
    /// The title shown in source tags ("Tacos"); the id when nil.
    public var title: String?
    /// The meal-plan entry this recipe is cooked for ("tue-dinner"), so that the same recipe
    /// twice in a week counts twice and each entry is traceable.
    public var planEntryID: String?
    /// How much of the recipe to buy for: 2 doubles every amount, 0.5 halves it.
    public var servingsFactor: Double
    /// The ingredient lines, parsed. Headers and empty lines are skipped when merging.
    public var lines: [ParsedIngredient]

    /// A recipe with parsed lines. A factor that is not a positive finite number counts as 1.
    public init(id: String, title: String? = nil, planEntryID: String? = nil, servingsFactor: Double = 1,
                lines: [ParsedIngredient]) {
        self.id = id
        self.title = title
        self.planEntryID = planEntryID
        self.servingsFactor = servingsFactor.isFinite && servingsFactor > 0 ? servingsFactor : 1
        self.lines = lines
    }

    /// The recipe with its servings factor multiplied by `factor` (ignored unless positive
    /// and finite).
    public func scaled(by factor: Double) -> ListRecipe {
        var copy = self
        if factor.isFinite, factor > 0 { copy.servingsFactor *= factor }
        return copy
    }

    /// The title, or the id when there is none.
    public var displayTitle: String { title.flatMap { $0.isEmpty ? nil : $0 } ?? id }

    /// The order recipes are merged in: by id, plan entry, servings factor, title, then lines,
    /// so that the order they are given in never changes a list.
    static func precedes(_ a: ListRecipe, _ b: ListRecipe) -> Bool {
        if a.id != b.id { return a.id < b.id }
        if a.planEntryID != b.planEntryID { return (a.planEntryID ?? "") < (b.planEntryID ?? "") }
        if a.servingsFactor != b.servingsFactor { return a.servingsFactor < b.servingsFactor }
        if a.title != b.title { return (a.title ?? "") < (b.title ?? "") }
        for (x, y) in zip(a.lines, b.lines) where x.input != y.input { return x.input < y.input }
        return a.lines.count < b.lines.count
    }
}
