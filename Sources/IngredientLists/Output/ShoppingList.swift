import IngredientLexicon

/// A merged shopping list: items in store-layout order, the items the user removed, and the
/// recipes it was made from. Made by
/// `ShoppingListBuilder.list(for:pantry:edits:locale:suggestionThreshold:)`; the same inputs
/// give the same list, in any order of recipes, and the same bytes from `json()` and `text()`.
public struct ShoppingList: Hashable, Sendable {
    /// A recipe on the list, as summarized in the output.
    public struct RecipeSummary: Hashable, Sendable {
        /// The recipe's id.
        public var id: String
        /// Its title (or id).
        public var title: String
        /// The plan entry it is cooked for.
        public var planEntryID: String?
        /// The servings factor its amounts were scaled by.
        public var servingsFactor: Double
        /// Its main protein.
        public var protein: Protein
        /// How many ingredient lines it gave the list (headers and blank lines not counted).
        public var ingredientLines: Int
    }

    /// The English of the names.
    public var locale: DisplayLocale
    /// The aisles in store-layout order (all of them, used or not).
    public var aisles: [Aisle]
    /// The recipes, sorted by id, plan entry and factor.
    public var recipes: [RecipeSummary]
    /// The items to buy, by aisle (store order), then name, then id. Items the pantry covers
    /// are here too, flagged `in pantry`.
    public var items: [ListItem]
    /// Automatic items the user removed (`ListEdits.suppressedItems`), in the same order.
    public var hiddenItems: [ListItem]
    /// Lines that were section headers or blank, and so not items.
    public var skippedLines: Int
    /// Merges the list offers between its items, best first (`ListSuggestion`).
    public var suggestions: [ListSuggestion] = []
}
