import IngredientText

/// Finds the recipes of a web page. In order of trust:
/// 1. schema.org Recipe JSON-LD (`<script type="application/ld+json">`), read leniently;
/// 2. schema.org microdata (`itemprop="recipeIngredient"` / `"ingredients"`);
/// 3. the markup of recipe plugins and site templates: lists and items whose class or id
///    names ingredients (WP Recipe Maker, Tasty Recipes, Mediavine Create, WP Ultimate Recipe,
///    Zip Recipes, EasyRecipe, Cooked, WPZOOM and the many themes that follow the same habit);
/// 4. an "Ingredients" heading (in a dozen languages) followed by a list or lines, or
///    lines shaped like ingredients (mostly amount-led rows);
/// 5. the application state of script frameworks (`AppStateIngredients`).
/// Sub-headers found in the page's ingredient markup become the lines' groups.
enum HTMLExtractor {
    /// The recipes of a page, or why there are none.
    static func records(html: String) -> Result<[RecipeRecord], ImportError> {
        let doc = HTMLDocument(html)
        var warnings: [String] = []
        let depthWarning = "elements nested more than \(HTMLDocument.maxDepth) deep; the deeper ones were read as siblings"
        if doc.depthLimited { warnings.append(depthWarning) }
        var ldRecords: [RecipeRecord] = []
        var blockNumber = 0
        for script in doc.scripts where script.type.contains("ld+json") {
            blockNumber += 1
            let content = String(script.content)
            do {
                let parsed = try LenientJSON.parse(content)
                let found = JSONRecipeReader.records(in: parsed.value, format: .html)
                if !parsed.repairs.isEmpty, !found.isEmpty {
                    warnings.append("JSON-LD block \(blockNumber) is not valid JSON; repaired (\(parsed.repairs.joined(separator: ", ")))")
                }
                ldRecords += found
            } catch {
                if content.contains("Recipe") {
                    warnings.append("JSON-LD block \(blockNumber) is not valid JSON and was skipped: \(error)")
                }
            }
        }
        let markup = MarkupIngredients(doc)
        let withIngredients = ldRecords.filter { !$0.ingredients.isEmpty }
        if !withIngredients.isEmpty {
            var records = withIngredients
            for k in records.indices {
                records[k].warnings = warnings + records[k].warnings
                if k == 0, let found = markup.best {
                    let (useMarkup, note) = choose(found.lines, over: records[k].ingredients, structured: "JSON-LD")
                    if useMarkup { records[k].ingredients = found.lines } else {
                        adoptGroups(from: found.lines, into: &records[k])
                        dropGroupNames(&records[k], markup: found.lines, structured: "JSON-LD")
                    }
                    if let note { records[k].warnings.append(note) }
                }
                if k == 0 { respace(&records[k], doc, structured: "JSON-LD") }
            }
            return .success(records)
        }
        if ldRecords.isEmpty, var several = recipesInContainers(doc, markup), several.count >= 2 {
            if doc.depthLimited { for k in several.indices { several[k].warnings.insert(depthWarning, at: 0) } }
            return .success(several)
        }
        var record = RecipeRecord(format: .html)
        record.warnings = warnings
        let base = ldRecords.first
        if let micro = Microdata.recipe(in: doc), !micro.ingredients.isEmpty {
            record = micro
            record.warnings = warnings
            if let found = markup.best {
                let (useMarkup, note) = choose(found.lines, over: record.ingredients, structured: "microdata")
                if useMarkup { record.ingredients = found.lines } else {
                    adoptGroups(from: found.lines, into: &record)
                    dropGroupNames(&record, markup: found.lines, structured: "microdata")
                }
                if let note { record.warnings.append(note) }
            }
            respace(&record, doc, structured: "microdata")
        } else if let found = markup.best {
            record.ingredients = found.lines
            if let note = found.warning { record.warnings.append(note) }
        } else if let lines = AppStateIngredients.lines(in: doc) {
            record.ingredients = lines
            record.warnings.append("no recipe data and no ingredient list in the page's markup; ingredients taken from the application state its scripts hold")
        } else {
            if !ldRecords.isEmpty {
                var records = ldRecords
                for k in records.indices {
                    records[k].warnings = warnings + records[k].warnings
                }
                return .success(records)
            }
            let detail = blockNumber == 0
                ? "no schema.org Recipe JSON-LD or microdata, no ingredient list markup and no 'Ingredients' heading with a list"
                : "\(blockNumber) JSON-LD block\(blockNumber == 1 ? "" : "s") without a Recipe, no microdata, no ingredient list markup and no 'Ingredients' heading with a list"
            return .failure(.noRecipe(format: .html, detail: detail + (warnings.isEmpty ? "" : "; " + warnings.joined(separator: "; "))))
        }
        if record.title == nil { record.title = base?.title ?? pageTitle(doc) }
        if record.yield == nil { record.yield = base?.yield ?? Microdata.yieldText(in: doc) }
        if record.instructions.isEmpty { record.instructions = base?.instructions ?? [] }
        if record.instructions.isEmpty { record.instructions = markup.instructions() }
        return .success([record])
    }

    /// Whether the page's visible list replaces the structured one (`structured` names it in
    /// the warning), and the warning that reports the choice. By completeness first: a page
    /// list that lacks an amount the structured list shows for the same line never wins.
    /// Otherwise the lists are weighed by `preferMarkup`.
    static func choose(_ markup: [RecipeRecord.Ingredient], over structured: [RecipeRecord.Ingredient],
                       structured name: String) -> (Bool, String?) {
        if ListCompleteness.markupLeadsWithAmounts(markup: markup, structured: structured) {
            return (true, "ingredient lines taken from the page's list: the same lines as its \(name), which writes the amounts after the names")
        }
        if ListCompleteness.markupAddsConvertedAmounts(markup: markup, structured: structured) {
            return (true, "ingredient lines taken from the page's list: the lines of its \(name) with the converted amounts the page adds after their amounts")
        }
        if ListCompleteness.markupReplacesProgramAmounts(markup: markup, structured: structured) {
            return (true, "ingredient lines taken from the page's list: the same lines as its \(name), which writes some amounts as a program converts them (\"18.20 gm\")")
        }
        switch ListCompleteness.compare(markup: markup, structured: structured) {
        case .markupLosesAmounts:
            return (false, "ingredient lines taken from the \(name): the page's list lacks amounts it shows")
        case .same where ListCompleteness.artifacts(in: structured) * 3 >= structured.count && ListCompleteness.artifacts(in: markup) == 0:
            return (true, "ingredient lines taken from the page's list: the same amounts as its \(name), which writes them as a program does (\"1.0\", \"cup(s)\")")
        case .markupFuller, .same, .unrelated:
            guard preferMarkup(markup, over: structured) else { return (false, nil) }
            return (true, "ingredient lines taken from the page's list, which is fuller than its \(name)")
        }
    }

    /// Spaces structured lines that run together what the page shows apart: a line without
    /// a single space ("30克牛奶", as scripts written without spaces between words give it)
    /// whose text is the cells of one of the page's rows run together in some order (a row
    /// `<td>牛奶</td><td>30克</td>`) gets a space between those parts, in its own order
    /// ("30克 牛奶"). The record's warnings say how many lines were spaced.
    static func respace(_ record: inout RecipeRecord, _ doc: HTMLDocument, structured name: String) {
        guard record.ingredients.contains(where: { $0.text.count >= 2 && !$0.text.contains(" ") }) else { return }
        var rows: [String: [String]] = [:]
        for k in doc.nodes.indices where doc.nodes[k].tag == "tr" || doc.nodes[k].tag == "li" || doc.nodes[k].tag == "dd" {
            let cells = doc.nodes[k].children.filter { !doc.nodes[$0].tag.isEmpty && doc.isVisible($0) }
            guard cells.count == 2 || cells.count == 3 else { continue }
            // Only the cells: text loose between them would be dropped.
            guard doc.nodes[k].children.allSatisfy({ !doc.nodes[$0].tag.isEmpty || TextCleaning.line(String(doc.nodes[$0].text)).isEmpty }) else { continue }
            let parts = cells.map { doc.text(of: $0) }
            guard parts.allSatisfy({ !$0.isEmpty }) else { continue }
            // The first row that gives a text keeps it.
            for order in permutations(parts) where rows[order.joined()] == nil { rows[order.joined()] = order }
        }
        var spaced = 0
        for k in record.ingredients.indices {
            let text = record.ingredients[k].text
            guard !text.contains(" "), let parts = rows[text] else { continue }
            record.ingredients[k].text = parts.joined(separator: " ")
            spaced += 1
        }
        if spaced > 0 {
            record.warnings.append("\(spaced) \(name) line\(spaced == 1 ? "" : "s") spaced where the page's rows set their parts apart")
        }
    }

    /// The orders of two or three parts.
    static func permutations(_ parts: [String]) -> [[String]] {
        guard parts.count == 3 else { return [parts, parts.reversed()] }
        let (a, b, c) = (parts[0], parts[1], parts[2])
        return [[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]
    }

    /// Gives the JSON-LD lines the groups of the same lines in the page's markup, when the
    /// markup lists the same lines (compared without case, spacing and punctuation).
    static func adoptGroups(from markup: [RecipeRecord.Ingredient], into record: inout RecipeRecord) {
        guard markup.contains(where: { $0.group != nil }), record.ingredients.allSatisfy({ $0.group == nil }) else { return }
        var groups: [String: [String?]] = [:]
        for line in markup { groups[comparable(line.text), default: []].append(line.group) }
        var matched = 0
        var assigned = record.ingredients
        for k in assigned.indices {
            let key = comparable(assigned[k].text)
            if var list = groups[key], !list.isEmpty {
                assigned[k].group = list.removeFirst()
                groups[key] = list
                matched += 1
            }
        }
        if matched * 10 >= record.ingredients.count * 8 {
            // Lines that did not match follow the group of the line before them.
            var current: String?
            for k in assigned.indices {
                if let g = assigned[k].group { current = g } else { assigned[k].group = current }
            }
            record.ingredients = assigned
        }
    }

    /// Reads as group names the structured lines that are the page's sub-headers ("Yoghurt
    /// dressing" between the lines, where the page's list shows it as the title of the lines
    /// after it), when without them the structured list is the page's list line for line
    /// (compared without case, spacing and punctuation): they are dropped, the lines take
    /// the page's groups, and the warnings say so.
    static func dropGroupNames(_ record: inout RecipeRecord, markup: [RecipeRecord.Ingredient], structured name: String) {
        let groups = Set(markup.compactMap(\.group).map(comparable))
        guard !groups.isEmpty else { return }
        let lineTexts = Set(markup.map { comparable($0.text) })
        let kept = record.ingredients.filter { line in
            let c = comparable(line.text)
            return !groups.contains(c) || lineTexts.contains(c)
        }
        guard kept.count < record.ingredients.count, kept.count == markup.count,
              zip(kept, markup).allSatisfy({ comparable($0.text) == comparable($1.text) }) else { return }
        let dropped = record.ingredients.count - kept.count
        record.ingredients = zip(kept, markup).map { line, page in
            var line = line
            line.group = page.group
            return line
        }
        record.warnings.append("\(dropped) \(name) line\(dropped == 1 ? "" : "s") read as group name\(dropped == 1 ? "" : "s"), as the page's list shows \(dropped == 1 ? "it" : "them")")
    }

    /// Whether the page's visible list says more than its JSON-LD: the JSON-LD stops
    /// early (its lines are the list's first ones) or lost lines (each of its lines is one of
    /// the list's, which holds more), its lines run several lines together, lack the amounts the list
    /// shows for the same ingredients, or are the list's group names.
    static func preferMarkup(_ markup: [RecipeRecord.Ingredient], over ld: [RecipeRecord.Ingredient]) -> Bool {
        let m = markup.map { comparable($0.text) }.filter { !$0.isEmpty }
        let l = ld.map { comparable($0.text) }.filter { !$0.isEmpty }
        guard m.count >= 2, !l.isEmpty else { return false }
        if m == l {
            // The same lines; the page sets amounts and names apart where the JSON-LD runs
            // them together ("150克鸡胸肉", "400g"): its spacing reads better.
            func spaces(_ lines: [RecipeRecord.Ingredient]) -> Int { lines.reduce(0) { $0 + $1.text.filter { $0 == " " }.count } }
            return spaces(markup) > spaces(ld)
        }
        // The JSON-LD lists the list's group names instead of its lines.
        let groups = Set(markup.compactMap(\.group).map(comparable))
        if groups.count >= 2, l.filter({ groups.contains($0) }).count * 10 >= l.count * 8 { return true }
        // A list whose lines are amounts and names apart is no better than the JSON-LD.
        let amountsOnly = markup.filter { line in
            line.text.first?.isNumber == true && line.text.split(separator: " ").count <= 2
        }.count
        guard amountsOnly * 5 < markup.count else { return false }
        // Merged: the JSON-LD holds fewer, longer lines that contain the list's lines.
        // Same words in fewer lines: the JSON-LD cut lines apart (at their commas).
        if m.count < l.count, m.joined() == l.joined(), markup.allSatisfy({ MarkupIngredients.isPlausibleLine($0.text) }) { return true }
        // Cut short: the JSON-LD lines are the first lines of the list.
        if m.count > l.count, m.count <= l.count * 3, Array(m.prefix(l.count)) == l,
           markup.suffix(m.count - l.count).filter({ MarkupIngredients.isAmountLed($0.text) && $0.text.split(separator: " ").count <= 12 }).count * 10
               >= (m.count - l.count) * 7 {
            return true
        }
        // Lines lost: every JSON-LD line is one of the list's lines, and the list holds at least
        // two more, mostly short amount-led ones (the JSON-LD kept one group, or stopped before
        // the end) that are not the JSON-LD's ingredients again with other amounts (a table of
        // amounts for other servings).
        if m.count >= l.count + 2 {
            var pool: [String: Int] = [:]
            for line in m { pool[line, default: 0] += 1 }
            let contained = l.allSatisfy { line in
                guard let n = pool[line], n > 0 else { return false }
                pool[line] = n - 1
                return true
            }
            let structured = Set(l)
            let extras = markup.filter { !structured.contains(comparable($0.text)) }
            func letters(_ s: String) -> String { String(comparable(s).filter(\.isLetter)) }
            let names = Set(ld.map { letters($0.text) })
            let again = extras.filter { names.contains(letters($0.text)) }.count
            let lineLike = extras.filter { MarkupIngredients.isAmountLed($0.text) && $0.text.split(separator: " ").count <= 12 }.count
            if contained, extras.allSatisfy({ MarkupIngredients.isPlausibleLine($0.text) }), lineLike * 2 >= extras.count, again * 4 < extras.count {
                return true
            }
        }
        let averageM = m.reduce(0) { $0 + $1.count } / m.count, averageL = l.reduce(0) { $0 + $1.count } / l.count
        if m.count >= l.count + 2, l.count * 2 <= m.count, averageL * 10 >= averageM * 18 {
            let joined = l.joined()
            let inside = m.filter { joined.contains($0) }.count
            if inside * 10 >= m.count * 8 { return true }
        }
        // Bare: the JSON-LD lines are names without amounts, and the list's lines hold
        // each of them with its amount.
        if m.count >= l.count, m.count <= l.count + 2 {
            var covered = 0, bare = 0, prefixed = 0
            for line in l {
                guard let full = m.first(where: { $0 != line && $0.contains(line) }) else { continue }
                covered += 1
                if !line.contains(where: \.isNumber), full.contains(where: \.isNumber) { bare += 1 }
                if m.contains(where: { $0 != line && $0.hasSuffix(line) }) { prefixed += 1 }
            }
            // The list puts an amount ("1 Stück", "etwas") in front of each JSON-LD name, or
            // holds each name with amounts where the JSON-LD has none.
            if prefixed * 10 >= l.count * 8 || (covered * 10 >= l.count * 8 && bare * 2 >= l.count) { return true }
        }
        return false
    }

    /// Lowercase letters and digits only, for comparing lines across sources.
    static func comparable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ($0.value >= 0x30 && $0.value <= 0x39) }))
    }

    /// Class names of an element that holds one whole recipe (app exports that list several
    /// recipes on one page, the hRecipe microformat).
    static let recipeContainerClasses: Set<Substring> = ["recipe", "hrecipe", "h-recipe"]
    /// Class names and ids of a recipe's title inside its container.
    static let titleNames: Set<Substring> = ["name", "title", "fn", "p-name", "recipe-title", "recipe-name"]

    /// One record per recipe container, for pages that hold several recipes in markup.
    static func recipesInContainers(_ doc: HTMLDocument, _ markup: MarkupIngredients) -> [RecipeRecord]? {
        var containers: [Int] = []
        for k in doc.nodes.indices where doc.classes(of: k).contains(where: recipeContainerClasses.contains) {
            if let last = containers.last, doc.contains(last, k) { continue }
            containers.append(k)
        }
        guard containers.count >= 2 else { return nil }
        var records: [RecipeRecord] = []
        for k in containers {
            guard let found = markup.bestCandidate(in: (k + 1)..<(doc.subtreeEnd[k] + 1)) else { continue }
            var record = RecipeRecord(format: .html, ingredients: found.lines)
            for d in doc.descendants(of: k) {
                let id = doc.attribute("id", of: d).map { Substring($0.lowercased()) }
                if id.map(titleNames.contains) == true || doc.classes(of: d).contains(where: titleNames.contains)
                    || ["h1", "h2", "h3"].contains(doc.nodes[d].tag) {
                    let t = doc.text(of: d)
                    if !t.isEmpty { record.title = t; break }
                }
            }
            record.instructions = doc.descendants(of: k).filter { d in
                doc.nodes[d].tag == "li" && (doc.classes(of: d).contains { $0.contains("instruction") || $0.contains("step") || $0.contains("direction") })
            }.map { doc.text(of: $0) }
            records.append(record)
        }
        return records
    }

    /// The page's title: `og:title`, else the first `<h1>`, else `<title>`.
    static func pageTitle(_ doc: HTMLDocument) -> String? {
        for k in doc.nodes.indices where doc.nodes[k].tag == "meta" {
            if doc.attribute("property", of: k) == "og:title", let c = doc.attribute("content", of: k) {
                let t = TextCleaning.line(c)
                if !t.isEmpty { return t }
            }
        }
        for tag in ["h1", "title"] as [Substring] {
            for k in doc.nodes.indices where doc.nodes[k].tag == tag {
                let t = tag == "title" ? TextCleaning.line(doc.nodes[k].children.map { String(doc.nodes[$0].text) }.joined()) : doc.text(of: k)
                if !t.isEmpty { return t }
            }
        }
        return nil
    }
}

/// schema.org microdata: a Recipe `itemscope` and its `itemprop`s, or loose
/// `itemprop="recipeIngredient"` elements on pages without a scope.
enum Microdata {
    static func recipe(in doc: HTMLDocument) -> RecipeRecord? {
        var scope: Int?
        for k in doc.nodes.indices where doc.hasAttribute("itemscope", k) {
            if let type = doc.attribute("itemtype", of: k), type.lowercased().hasSuffix("/recipe") || type.lowercased().hasSuffix("recipe") {
                scope = k
                break
            }
        }
        let candidates = scope.map { doc.descendants(of: $0) } ?? Array(doc.nodes.indices)
        var record = RecipeRecord(format: .html)
        var found = false
        for k in candidates {
            guard let prop = doc.attribute("itemprop", of: k)?.lowercased() else { continue }
            if let scope, owner(of: k, in: doc) != scope { continue }
            let props = prop.split(separator: " ")
            if props.contains("recipeingredient") || props.contains("ingredients") {
                // A property element holds one line (its parts may be blocks), or a whole list.
                let inside = doc.descendants(of: k)
                let items = inside.filter { doc.nodes[$0].tag == "li" }
                let breaks = inside.contains { doc.nodes[$0].tag == "br" || doc.nodes[$0].tag == "p" }
                let value = doc.attribute("content", of: k).map { [TextCleaning.line($0)] }
                    ?? (!items.isEmpty ? items.map { doc.text(of: $0) } : breaks ? doc.lines(of: k) : [doc.text(of: k)])
                for line in value where !line.isEmpty { record.ingredients.append(.init(group: nil, text: line)) }
                found = true
            } else if props.contains("name"), record.title == nil {
                let t = doc.attribute("content", of: k).map(TextCleaning.line) ?? doc.text(of: k)
                if !t.isEmpty { record.title = t }
            } else if props.contains("recipeyield") || props.contains("yield"), record.yield == nil {
                let t = doc.attribute("content", of: k).map(TextCleaning.line) ?? doc.text(of: k)
                if !t.isEmpty { record.yield = t }
            } else if props.contains("recipeinstructions") {
                record.instructions += doc.lines(of: k)
            }
        }
        guard found else { return nil }
        // The whole list marked twice (a desktop and a mobile layout) is read once, whatever
        // repeats inside it ("Juice of 1 lime" for the meat and for the salsa).
        record.ingredients = MarkupIngredients.withoutRepeat(record.ingredients)
        // Nested ingredient properties (a list element and its items both marked) repeat lines.
        if record.ingredients.count > 1 {
            var seen: [String] = []
            var unique: [RecipeRecord.Ingredient] = []
            for line in record.ingredients where !seen.contains(line.text) || line.text.count < 3 {
                seen.append(line.text)
                unique.append(line)
            }
            if unique.count < record.ingredients.count, record.ingredients.count % unique.count == 0 { record.ingredients = unique }
        }
        return record
    }

    /// The nearest `itemscope` ancestor of node `k` (not `k` itself).
    static func owner(of k: Int, in doc: HTMLDocument) -> Int? {
        var p = doc.nodes[k].parent
        while p >= 0 {
            if doc.hasAttribute("itemscope", p) { return p }
            p = doc.nodes[p].parent
        }
        return nil
    }

    static func yieldText(in doc: HTMLDocument) -> String? {
        for k in doc.nodes.indices {
            guard let prop = doc.attribute("itemprop", of: k)?.lowercased(), prop == "recipeyield" else { continue }
            let t = doc.attribute("content", of: k).map(TextCleaning.line) ?? doc.text(of: k)
            if !t.isEmpty { return t }
        }
        return nil
    }
}
