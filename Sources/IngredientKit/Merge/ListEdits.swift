/// What the user did to a list, kept apart from the recipes so that recomputing the list
/// (a recipe added, servings changed) never undoes it: name and category overrides, items
/// added by hand, automatic items removed, items checked off.
///
/// Items are named by their stable `ListItem.id`. Edits that name items no longer on the
/// list are kept and apply again when the item comes back.
public struct ListEdits: Hashable, Sendable, Codable {
    /// Raw ingredient names (as parsed, compared in lowercase) and the key they should get:
    /// `["courgettes": "zucchini"]`.
    public var keyOverrides: [String: String]
    /// Keys and the aisle id they belong in, above the category table: `["tofu": "produce"]`.
    public var categoryOverrides: [String: String]
    /// Lines the user added by hand ("2 lb apples", "paper towels"); they merge with recipe
    /// lines of the same key and are always on the list.
    public var manualItems: [String]
    /// Ids of automatic items the user removed. They are listed apart (`hiddenItems`), not
    /// dropped, and an item with a manual line is never hidden.
    public var suppressedItems: Set<String>
    /// Ids of items the user checked off.
    public var checkedItems: Set<String>

    /// Edits (none by default).
    public init(keyOverrides: [String: String] = [:], categoryOverrides: [String: String] = [:],
                manualItems: [String] = [], suppressedItems: Set<String> = [], checkedItems: Set<String> = []) {
        self.keyOverrides = keyOverrides
        self.categoryOverrides = categoryOverrides
        self.manualItems = manualItems
        self.suppressedItems = suppressedItems
        self.checkedItems = checkedItems
    }
}
