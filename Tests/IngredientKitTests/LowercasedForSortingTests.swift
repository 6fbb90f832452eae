import Testing
@testable import IngredientLists

/// The lowercase form items are sorted by: the same as `lowercased()` on ASCII and other text.
@Suite struct LowercasedForSortingTests {
    @Test(arguments: ["", "Red onion", "red onion", "SALT", "Jalapeño peppers", "Ærøskøbing cheese", "İstanbul",
                      "Straße", "2% Milk", "Crème FRAÎCHE", "ΣΟΦΙΑ", "a-Z[`@{"])
    func matchesLowercased(_ text: String) {
        let lowered = text.lowercasedForSorting
        #expect(lowered == text.lowercased())
        #expect(Array(lowered.utf8) == Array(text.lowercased().utf8))
    }
}
