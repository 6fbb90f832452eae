// A week of dinners becomes one shopping list; the engine then asks the user about each merge
// suggestion and applies the answers as edits, which survive every recomputation of the list.
import IngredientLists

let builder = ShoppingListBuilder()
let week = [
    builder.recipe(id: "soup", title: "Onion soup", lines: ["2 onions, sliced", "1 tbsp butter", "500 ml stock"]),
    builder.recipe(id: "salsa", title: "Salsa", lines: ["1 red onion, finely chopped", "2 tomatoes", "1/2 lime"]),
    builder.recipe(id: "stir-fry", title: "Stir-fry", lines: ["1 head broccoli", "200 g broccoli florets", "1 tbsp butter"]),
]

// The list as computed, with its merge suggestions printed under the items.
var edits = ListEdits()
let list = builder.list(for: week, edits: edits)
print(list.text())

// The user accepts every suggestion: each becomes an edit, and the list is computed again.
for suggestion in list.suggestions {
    let (key, into) = suggestion.edit
    edits.acceptedMerges[key] = into
}
print("After accepting \(list.suggestions.count) merge(s):\n")
print(builder.list(for: week, edits: edits).text())
