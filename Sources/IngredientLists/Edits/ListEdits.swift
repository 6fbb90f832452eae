/// What the user did to a list, kept apart from the recipes so that recomputing the list
/// (a recipe added, servings changed) never undoes it: name and category overrides, items
/// added by hand, automatic items removed, items checked off, merge suggestions accepted or
/// rejected.
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
    /// Merges the user accepted: an item key → the key of the item it joins
    /// (`["red onion": "onion"]`). Every line of the first key then belongs to the second's
    /// item, its source kept; chains are followed ("a" → "b" → "c"), a cycle stops where it
    /// would repeat a key.
    public var acceptedMerges: [String: String]
    /// Merge suggestions the user rejected: these pairs of keys are never suggested again.
    public var rejectedMerges: Set<MergePair>

    /// Edits (none by default).
    public init(keyOverrides: [String: String] = [:], categoryOverrides: [String: String] = [:],
                manualItems: [String] = [], suppressedItems: Set<String> = [], checkedItems: Set<String> = [],
                acceptedMerges: [String: String] = [:], rejectedMerges: Set<MergePair> = []) {
        self.keyOverrides = keyOverrides
        self.categoryOverrides = categoryOverrides
        self.manualItems = manualItems
        self.suppressedItems = suppressedItems
        self.checkedItems = checkedItems
        self.acceptedMerges = acceptedMerges
        self.rejectedMerges = rejectedMerges
    }

    /// The key `key`'s lines are listed under once accepted merges are applied.
    public func mergedKey(_ key: String) -> String {
        guard !acceptedMerges.isEmpty else { return key }
        var current = key, seen: Set<String> = [key]
        while let next = acceptedMerges[current], !next.isEmpty, seen.insert(next).inserted { current = next }
        return current
    }

    enum CodingKeys: String, CodingKey {
        case keyOverrides, categoryOverrides, manualItems, suppressedItems, checkedItems, acceptedMerges, rejectedMerges
    }

    /// Decodes edits; every member may be missing (edits written before a member existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keyOverrides = try c.decodeIfPresent([String: String].self, forKey: .keyOverrides) ?? [:]
        categoryOverrides = try c.decodeIfPresent([String: String].self, forKey: .categoryOverrides) ?? [:]
        manualItems = try c.decodeIfPresent([String].self, forKey: .manualItems) ?? []
        suppressedItems = try c.decodeIfPresent(Set<String>.self, forKey: .suppressedItems) ?? []
        checkedItems = try c.decodeIfPresent(Set<String>.self, forKey: .checkedItems) ?? []
        acceptedMerges = try c.decodeIfPresent([String: String].self, forKey: .acceptedMerges) ?? [:]
        rejectedMerges = try c.decodeIfPresent(Set<MergePair>.self, forKey: .rejectedMerges) ?? []
    }
}
