import Testing
@testable import IngredientLists
import IngredientText

/// An item's name as the text list writes it: the fast path on the bytes gives what
/// capitalizing the name and escaping its control characters gives.
@Suite struct ListTextCapitalizationTests {
    @Test(arguments: ["", "red onion", "Red onion", "2% milk", "e\u{301}clair", "éclair", "ßpecial", "olive oil\u{1B}[2J",
                      "tab\there", "\u{85}next", "île flottante", "x", "(optional) thing", "i\u{307}stanbul"])
    func matchesCapitalizedAndEscaped(_ name: String) {
        var fast: [UInt8] = []
        ShoppingList.appendCapitalized(name, to: &fast)
        var plain: [UInt8] = []
        ControlEscaping.append(ShoppingList.capitalized(name), to: &plain)
        #expect(fast == plain)
    }
}
