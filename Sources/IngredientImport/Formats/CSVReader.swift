import IngredientText

/// Reads CSV exports with a header row, one recipe per row: RecipeNLG (`ingredients` cells
/// holding JSON arrays), My Recipe Box and Plan to Eat (line-break-joined cells, Plan to
/// Eat's `, Heading` lines as groups). The delimiter (comma, semicolon or tab) is taken from
/// the header row; quoted fields may hold delimiters, quotes (`""`) and line breaks.
enum CSVReader {
    static let ingredientColumns = ["ingredients", "ingredient", "recipeingredient", "recipe_ingredient", "recipe ingredients",
                                    "ingredient_lines", "ingredientlines", "ingredients_list", "zutaten"]
    static let titleColumns = ["title", "name", "recipe", "recipe_name", "recipe name", "recipename"]
    static let instructionColumns = ["directions", "instructions", "method", "steps", "recipeinstructions", "preparation", "recipe_instructions"]
    static let yieldColumns = ["yield", "yields", "servings", "serves", "recipeyield", "portions", "quantity"]

    /// The rows of `text`, split into fields.
    static func rows(_ text: String, delimiter: Character) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = text.makeIterator()
        var pending: Character? = nil
        var atFieldStart = true
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = chars.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
                continue
            }
            if c == "\"", atFieldStart { quoted = true; atFieldStart = false; continue }
            if c == delimiter { row.append(field); field = ""; atFieldStart = true; continue }
            if c == "\n" || c == "\r" || c == "\r\n" {
                row.append(field)
                field = ""
                atFieldStart = true
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
                continue
            }
            field.append(c)
            atFieldStart = false
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// The delimiter of a header line: the most frequent of comma, semicolon and tab.
    static func delimiter(of header: Substring) -> Character {
        let counts: [(Character, Int)] = [(",", header.filter { $0 == "," }.count), (";", header.filter { $0 == ";" }.count), ("\t", header.filter { $0 == "\t" }.count)]
        return counts.max { $0.1 < $1.1 }.map { $0.1 > 0 ? $0.0 : "," } ?? ","
    }

    /// Each data row's recipe, or the reason it could not be read.
    static func records(_ text: String, format: RecipeFormat = .csv) -> Result<[Result<RecipeRecord, ImportError>], ImportError> {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        let all = rows(text, delimiter: delimiter(of: firstLine))
        guard let header = all.first else { return .failure(.empty) }
        let names = header.map { TextCleaning.collapsingSpaces($0).lowercased() }
        func column(_ candidates: [String]) -> Int? {
            for c in candidates { if let k = names.firstIndex(of: c) { return k } }
            return nil
        }
        guard let ingredients = column(ingredientColumns) else {
            return .failure(.noIngredientColumn(columns: header.map { TextCleaning.collapsingSpaces($0) }))
        }
        let title = column(titleColumns), instructions = column(instructionColumns), yield = column(yieldColumns)
        var results: [Result<RecipeRecord, ImportError>] = []
        for row in all.dropFirst() {
            if row.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { continue }
            var record = RecipeRecord(format: format)
            if row.count != header.count { record.warnings.append("row has \(row.count) fields, the header \(header.count)") }
            func cell(_ k: Int?) -> String? { k.flatMap { $0 < row.count ? row[$0] : nil } }
            record.title = cell(title).map(TextCleaning.line).flatMap { $0.isEmpty ? nil : $0 }
            record.yield = cell(yield).map(TextCleaning.line).flatMap { $0.isEmpty ? nil : $0 }
            var group: String?
            for line in listCell(cell(ingredients) ?? "") {
                if line.hasPrefix(",") {
                    let g = TextCleaning.collapsingSpaces(String(line.dropFirst()))
                    group = g.isEmpty ? nil : g
                    continue
                }
                record.ingredients.append(.init(group: group, text: line))
            }
            record.instructions = listCell(cell(instructions) ?? "")
            if record.ingredients.isEmpty, record.title == nil {
                results.append(.failure(.noRecipe(format: format, detail: "a row with neither title nor ingredients")))
                continue
            }
            if record.ingredients.isEmpty { record.warnings.append("the ingredients cell is empty") }
            results.append(.success(record))
        }
        return .success(results)
    }

    /// A list cell: a JSON array of strings, or lines.
    static func listCell(_ cell: String) -> [String] {
        let trimmed = cell.drop { $0.isWhitespace }
        if trimmed.hasPrefix("["), let parsed = try? LenientJSON.parse(String(trimmed)), case .array = parsed.value {
            return parsed.value.list.compactMap(\.text).flatMap(TextCleaning.lines)
        }
        return TextCleaning.lines(cell)
    }
}
