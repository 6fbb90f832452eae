import IngredientText

/// Turns JSON values into recipes: schema.org `Recipe` objects wherever they sit (alone, in
/// lists, in `@graph`, under `mainEntity`), and, when a document has none, the recipe objects
/// of apps and data sets: Mealie, Tandoor, Paprika, RecipeNLG/Recipe1M-style objects and the
/// records `ingest import` writes.
enum JSONRecipeReader {
    /// The recipes in `value`, read as `format` (the format of objects that are not from a
    /// recognized app). Empty when there are none.
    static func records(in value: JSONValue, format: RecipeFormat) -> [RecipeRecord] {
        var found: [JSONValue] = []
        collectSchemaRecipes(value, depth: 0, into: &found)
        if !found.isEmpty {
            var records: [RecipeRecord] = []
            for object in found {
                let record = schemaRecord(object, format: format)
                if !records.contains(record) { records.append(record) }
            }
            return records
        }
        var objects: [JSONValue] = []
        collectAppRecipes(value, depth: 0, into: &objects)
        return objects.map { appRecord($0, format: format) }
    }

    // MARK: schema.org

    /// Whether `@type` names Recipe (`Recipe`, `schema:Recipe`, `http://schema.org/Recipe`, in a list or not).
    static func isRecipeType(_ type: JSONValue?) -> Bool {
        guard let type else { return false }
        for t in type.list {
            guard let s = t.text else { continue }
            let last = s.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? ""
            if last.lowercased() == "recipe" { return true }
        }
        return false
    }

    static func collectSchemaRecipes(_ value: JSONValue, depth: Int, into found: inout [JSONValue]) {
        guard depth < 32 else { return }
        switch value {
        case let .object(members):
            if isRecipeType(value["@type"]) {
                found.append(value)
                return
            }
            for m in members { collectSchemaRecipes(m.value, depth: depth + 1, into: &found) }
        case let .array(items):
            for item in items { collectSchemaRecipes(item, depth: depth + 1, into: &found) }
        default:
            break
        }
    }

    static func schemaRecord(_ object: JSONValue, format: RecipeFormat) -> RecipeRecord {
        var record = RecipeRecord(format: format)
        record.title = title(object.member("name", "headline"))
        record.yield = yieldText(object.member("recipeYield", "yield", "recipeServings"))
        if let ingredients = object.member("recipeIngredient", "ingredients") {
            record.ingredients = ingredientLines(ingredients)
        }
        if let steps = object.member("recipeInstructions", "instructions") {
            record.instructions = instructionSteps(steps, depth: 0)
        }
        return record
    }

    /// The first string of a value or list, as one clean line.
    static func title(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        for v in value.list {
            if let s = v.text.map(TextCleaning.line), !s.isEmpty { return s }
            if let s = v.member("name", "text", "@value")?.text.map(TextCleaning.line), !s.isEmpty { return s }
        }
        return nil
    }

    /// A yield: the first element with a letter in it ("4 servings" over "4"), else the first.
    static func yieldText(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let texts = value.list.compactMap { v in (v.text ?? v.member("value", "name")?.text).map(TextCleaning.line) }.filter { !$0.isEmpty }
        return texts.first { $0.contains { $0.isLetter } } ?? texts.first
    }

    /// Ingredient lines from a string (split at line breaks), a list of strings, or objects
    /// that carry their text (`text`, `name`, `note`).
    static func ingredientLines(_ value: JSONValue, group: String? = nil) -> [RecipeRecord.Ingredient] {
        var result: [RecipeRecord.Ingredient] = []
        var group = group
        let items = value.list
        for item in items {
            switch item {
            case let .string(s):
                // One string holds all the lines; each string of a list is one line, even
                // when a line break got into it.
                let lines = items.count == 1 ? TextCleaning.lines(s) : [TextCleaning.line(s)]
                for line in lines where !line.isEmpty { result.append(.init(group: group, text: line)) }
            case .number:
                if let s = item.text { result.append(.init(group: group, text: s)) }
            case .object:
                if let g = item.member("group")?.text.map(TextCleaning.line), !g.isEmpty { group = g }
                let text = item.member("text", "originalText", "original_text", "display", "note", "name", "@value")?.text
                for line in TextCleaning.lines(text ?? "") { result.append(.init(group: group, text: line)) }
            case .array:
                result += ingredientLines(item, group: group)
            default:
                break
            }
        }
        return result
    }

    /// Instruction steps from text, HowToStep, HowToSection (its name kept as a step) or ItemList values.
    static func instructionSteps(_ value: JSONValue, depth: Int) -> [String] {
        guard depth < 8 else { return [] }
        var steps: [String] = []
        for item in value.list {
            switch item {
            case let .string(s):
                steps += TextCleaning.lines(s)
            case .object:
                let nested = item.member("itemListElement", "steps", "step")
                if let nested {
                    if let name = item.member("name")?.text.map(TextCleaning.line), !name.isEmpty { steps.append(name) }
                    steps += instructionSteps(nested, depth: depth + 1)
                } else if let text = item.member("text", "description", "name", "instruction")?.text {
                    let line = TextCleaning.line(text)
                    if !line.isEmpty { steps.append(line) }
                }
            case .array:
                steps += instructionSteps(item, depth: depth + 1)
            default:
                break
            }
        }
        return steps
    }

    // MARK: Apps and data sets

    static let ingredientKeys = ["recipe_ingredient", "recipeIngredient", "ingredients", "ingredient", "ingredientLines", "ingredient_lines"]

    /// Whether an object looks like a recipe of some app: it has ingredients, or Tandoor steps.
    static func isAppRecipe(_ value: JSONValue) -> Bool {
        guard value.isObject else { return false }
        for key in ingredientKeys where value[key] != nil { return true }
        if let steps = value["steps"], case let .array(items) = steps, items.contains(where: { $0["ingredients"] != nil }) { return true }
        return false
    }

    static func collectAppRecipes(_ value: JSONValue, depth: Int, into found: inout [JSONValue]) {
        guard depth < 6 else { return }
        if isAppRecipe(value) { found.append(value); return }
        switch value {
        case let .object(members):
            for m in members where !m.value.isObject || depth < 2 { collectAppRecipes(m.value, depth: depth + 1, into: &found) }
        case let .array(items):
            for item in items { collectAppRecipes(item, depth: depth + 1, into: &found) }
        default:
            break
        }
    }

    static func appRecord(_ object: JSONValue, format: RecipeFormat) -> RecipeRecord {
        if object["recipe_ingredient"] != nil || (object["recipeIngredient"].map { $0.list.contains { $0.isObject } } ?? false) {
            return mealieRecord(object)
        }
        if object["steps"].map({ $0.list.contains { $0["ingredients"] != nil } }) ?? false, object.member(ingredientKeys[2]) == nil {
            return tandoorRecord(object)
        }
        var record = RecipeRecord(format: format)
        if case .string = object["ingredients"] ?? .null, object["directions"] != nil || object["uid"] != nil || object["photo_data"] != nil {
            record.format = .paprika
        }
        record.title = title(object.member("title", "name", "recipe_name", "recipeName", "headline"))
        record.yield = yieldText(object.member("yield", "recipeYield", "recipe_yield", "servings", "yields", "serves", "portions", "quantity"))
        for key in ingredientKeys {
            if let v = object.member(key) { record.ingredients = ingredientLines(v); break }
        }
        if let steps = object.member("instructions", "directions", "recipeInstructions", "recipe_instructions", "steps", "method", "preparation") {
            record.instructions = instructionSteps(steps, depth: 0)
        }
        if let warnings = object["warnings"], case let .array(items) = warnings {
            record.warnings = items.compactMap(\.text)
        }
        return record
    }

    /// Mealie: `recipe_ingredient` (or `recipeIngredient`) objects whose raw line is
    /// `originalText` or, with `disable_amount`, `note`; `title` starts a group.
    static func mealieRecord(_ object: JSONValue) -> RecipeRecord {
        var record = RecipeRecord(format: .mealie)
        record.title = title(object.member("name", "title"))
        record.yield = yieldText(object.member("recipe_yield", "recipeYield", "recipeServings", "recipe_servings"))
        var group: String?
        var rebuilt = 0
        for item in (object.member("recipe_ingredient", "recipeIngredient") ?? .array([])).list {
            if case let .string(s) = item {
                record.ingredients += TextCleaning.lines(s).map { .init(group: group, text: $0) }
                continue
            }
            if let t = item.member("title")?.text.map(TextCleaning.line), !t.isEmpty { group = t }
            var text = item.member("originalText", "original_text")?.text
            let disabled = item.member("disable_amount", "disableAmount") == .bool(true)
            if text == nil, disabled || (item.member("food") == nil && item.member("unit") == nil) {
                text = item.member("note", "display")?.text
            }
            if text == nil {
                text = item.member("display")?.text ?? rebuild(amount: item.member("quantity"), unit: item.member("unit"),
                                                             food: item.member("food"), note: item.member("note"))
                rebuilt += 1
            }
            let lines = TextCleaning.lines(text ?? "")
            // Parsed fields state the line's amount and food, unless amounts are switched off.
            let fields = disabled || lines.count != 1 ? nil
                : stated(amount: item.member("quantity"), unit: item.member("unit"), food: item.member("food"))
            for line in lines { record.ingredients.append(.init(group: group, text: line, stated: fields)) }
        }
        if rebuilt > 0 { record.warnings.append("\(rebuilt) ingredient line\(rebuilt == 1 ? "" : "s") rebuilt from Mealie's quantity, unit, food and note fields") }
        for step in (object.member("recipe_instructions", "recipeInstructions") ?? .array([])).list {
            if case let .string(s) = step { record.instructions += TextCleaning.lines(s); continue }
            if let t = step.member("title")?.text.map(TextCleaning.line), !t.isEmpty { record.instructions.append(t) }
            if let t = step.member("text")?.text.map(TextCleaning.line), !t.isEmpty { record.instructions.append(t) }
        }
        return record
    }

    /// Tandoor: ingredients are structured per step (`amount`, `unit.name`, `food.name`,
    /// `note`); the line is `original_text` when the export has it, else rebuilt.
    static func tandoorRecord(_ object: JSONValue) -> RecipeRecord {
        var record = RecipeRecord(format: .tandoor)
        record.title = title(object.member("name"))
        if let servings = object.member("servings")?.text {
            let unit = object.member("servings_text")?.text.map(TextCleaning.line) ?? ""
            record.yield = unit.isEmpty ? servings : servings + " " + unit
        }
        var rebuilt = 0
        var group: String?
        for step in (object["steps"] ?? .array([])).list {
            if let name = step.member("name")?.text.map(TextCleaning.line), !name.isEmpty { group = name }
            for item in (step["ingredients"] ?? .array([])).list {
                if item.member("is_header") == .bool(true) {
                    group = [item.member("note")?.text, item.member("food")?.member("name")?.text]
                        .compactMap { $0.map(TextCleaning.line) }.first { !$0.isEmpty } ?? group
                    continue
                }
                var text = item.member("original_text", "originalText")?.text
                let amount = item.member("no_amount") == .bool(true) ? JSONValue.null : item.member("amount")
                if text == nil {
                    text = rebuild(amount: amount, unit: item.member("unit"), food: item.member("food"), note: item.member("note"))
                    rebuilt += 1
                }
                let fields = stated(amount: amount, unit: item.member("unit"), food: item.member("food"))
                if let line = text.map(TextCleaning.line), !line.isEmpty { record.ingredients.append(.init(group: group, text: line, stated: fields)) }
            }
            if let instruction = step.member("instruction", "text")?.text { record.instructions += TextCleaning.lines(instruction) }
        }
        if rebuilt > 0 { record.warnings.append("\(rebuilt) ingredient line\(rebuilt == 1 ? "" : "s") rebuilt from Tandoor's amount, unit, food and note fields (the export keeps no raw line)") }
        return record
    }

    /// What parsed fields state: the food's name, the amount (a zero or null amount states
    /// that there is none) and the unit's name. Nil without a food name: the app never parsed
    /// the line, so its fields say nothing.
    static func stated(amount: JSONValue?, unit: JSONValue?, food: JSONValue?) -> StatedIngredient? {
        guard let name = (food?.member("name")?.text ?? food?.text).map(TextCleaning.line), !name.isEmpty else { return nil }
        var fields = StatedIngredient(statesQuantity: true, statesUnit: true, name: name)
        if let amount, case let .number(n) = amount, n > 0, n.isFinite { fields.quantity = n }
        else if let amount, case .string = amount {
            // A number in a string ("1.5") is a quantity; other text is left to the parser.
            if let s = amount.text, let n = Double(s), n > 0, n.isFinite { fields.quantity = n } else if amount.text?.isEmpty == false { fields.statesQuantity = false }
        }
        let unitName = (unit?.member("name", "abbreviation")?.text ?? unit?.text).map(TextCleaning.line)
        fields.unit = unitName?.isEmpty == false ? unitName : nil
        return fields
    }

    /// "1.5 cup flour, sifted" from structured fields; a zero amount is left out.
    static func rebuild(amount: JSONValue?, unit: JSONValue?, food: JSONValue?, note: JSONValue?) -> String {
        var parts: [String] = []
        if let amount, case let .number(n) = amount, n != 0, let s = amount.text { parts.append(s) }
        else if let s = amount?.text, case .string = amount!, !s.isEmpty { parts.append(s) }
        for v in [unit, food] {
            if let name = (v?.member("name")?.text ?? v?.text).map(TextCleaning.line), !name.isEmpty { parts.append(name) }
        }
        var line = parts.joined(separator: " ")
        if let n = note?.text.map(TextCleaning.line), !n.isEmpty { line += line.isEmpty ? n : ", " + n }
        return line
    }
}
