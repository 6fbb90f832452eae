/// The recipe formats `RecipeImporter` reads, as named in records and by `--format`.
public enum RecipeFormat: String, Hashable, Sendable, CaseIterable {
    /// A web page: schema.org Recipe JSON-LD, microdata, recipe-plugin markup or an
    /// "Ingredients" heading with a list.
    case html
    /// A JSON document: schema.org Recipe (alone, in a list or `@graph`), or a recipe object
    /// of a known app (Mealie, Tandoor, Paprika, Nextcloud) or data set (RecipeNLG, Recipe1M).
    case json
    /// JSON Lines: one JSON recipe object (as for `json`) per line.
    case jsonl
    /// CSV with a header row and an ingredients column (RecipeNLG, My Recipe Box, Plan to Eat).
    case csv
    /// MealMaster text: `MMMMM`/`-----` framed recipes, one- and two-column ingredients.
    case mealmaster
    /// MasterCook text export (`.mxp`) or XML (`.mx2`).
    case mastercook
    /// Cooklang (`.cook`): ingredients marked inline as `@name{quantity%unit}`.
    case cooklang
    /// Paprika recipe (`.paprikarecipe`, a gzip-compressed JSON object).
    case paprika
    /// Mealie recipe JSON (`recipe_ingredient` with raw `note` lines).
    case mealie
    /// Krecipes XML (`.kreml`).
    case krecipes
    /// Tandoor recipe JSON (structured ingredients per step; lines are rebuilt).
    case tandoor
    /// Plain text: a title, an ingredient block (with or without a heading), directions.
    case text

    /// Formats a user can force with `--format`.
    public static let forcible: [RecipeFormat] = [.html, .json, .jsonl, .csv, .mealmaster, .mastercook, .cooklang, .paprika, .text]
}
