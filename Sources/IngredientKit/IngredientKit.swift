// IngredientKit: one import for the whole library. Each stage is its own module; import only
// the stages you need (a list engine imports `IngredientLists`, which brings parsing and keys).
@_exported import IngredientText
@_exported import IngredientLexicon
@_exported import IngredientParsing
@_exported import IngredientSuggestions
@_exported import IngredientLists
@_exported import IngredientImport
