import IngredientText

/// Ingredient lists that a page keeps only in its application state: the JSON that a
/// script framework (Next.js, Nuxt and the like) writes into `<script>` elements, sometimes
/// as the text of a JavaScript string. Read only when the page has no recipe data and no
/// ingredient list in its markup.
///
/// A list is an array of at least three objects, most of which state a name and an amount:
/// a string member whose key names it (`name`, `title`, `ingredient`, …), a number member
/// whose key names a quantity (`quantity`, `amount`, `qty`, …, as in
/// `displayIngredientQuantity`) and, when present, a unit (a string, or an object with a
/// name, under a key that names a unit or measure). Each becomes the line
/// "quantity unit name", as a cook would write it.
enum AppStateIngredients {
    /// The lines of the first such list in the page's scripts, or nil.
    static func lines(in doc: HTMLDocument) -> [RecipeRecord.Ingredient]? {
        for script in doc.scripts where !script.type.contains("ld+json") {
            var text = Array(script.content.utf8)
            guard text.count >= 40 else { continue }
            if text.contains(0x5C) { text = unescaped(text) }
            if let lines = firstList(in: text) { return lines.map { .init(group: nil, text: $0) } }
        }
        return nil
    }

    /// Keys, lowercased, that name a quantity when they contain one of these
    /// (`Dictionaries/import/app-state.tsv`, kind `quantity`).
    static let quantityKeys = keys("quantity")
    /// Keys, lowercased, that name a unit when they contain one of these (kind `unit`).
    static let unitKeys = keys("unit")
    /// Keys, lowercased, that name the ingredient itself, best first (kind `name`).
    static let nameKeys = keys("name")

    private static func keys(_ kind: String) -> [String] {
        ImportWordTable.rows("import/app-state.tsv").filter { $0.kind == kind }.map(\.phrase)
    }

    /// The first array in `text` that reads as an ingredient list.
    static func firstList(in text: [UInt8]) -> [String]? {
        var k = 0
        while k + 1 < text.count {
            defer { k += 1 }
            guard text[k] == 0x5B, text[k + 1] == 0x7B else { continue } // "[{"
            // Only arrays whose first object names a quantity are worth a parse.
            let window = String(decoding: text[k..<min(text.count, k + 600)], as: UTF8.self).lowercased()
            guard quantityKeys.contains(where: { window.contains($0) }) else { continue }
            guard let end = matchingBracket(in: text, from: k) else { continue }
            let slice = text[k...end]
            guard let parsed = try? slice.withUnsafeBufferPointer({ buffer throws(JSONError) in try LenientJSON.parse(buffer) }),
                  parsed.repairs.isEmpty, case let .array(items) = parsed.value else { continue }
            let lines = items.compactMap(line(of:))
            let withAmounts = lines.filter(\.hasAmount).count
            if withAmounts >= 3, lines.count * 3 >= items.count * 2, withAmounts * 2 >= lines.count { return lines.map(\.text) }
        }
        return nil
    }

    /// "quantity unit name" for an object that states a name and an amount, the name alone
    /// for one that states no amount (salt, pepper), or nil.
    static func line(of item: JSONValue) -> (text: String, hasAmount: Bool)? {
        guard case let .object(members) = item else { return nil }
        var name: String?, quantity: Double?, unit: String?
        for key in nameKeys {
            if let m = members.first(where: { $0.key.lowercased() == key }), case let .string(s) = m.value, !s.isEmpty { name = s; break }
        }
        for m in members {
            let key = m.key.lowercased()
            if quantity == nil, quantityKeys.contains(where: { key.contains($0) }), case let .number(n) = m.value { quantity = n }
            if unit == nil, unitKeys.contains(where: { key.contains($0) }) {
                switch m.value {
                case let .string(s) where !s.isEmpty: unit = s
                case .object: unit = nameKeys.lazy.compactMap { m.value[$0]?.text }.first { !$0.isEmpty }
                default: break
                }
            }
        }
        guard let name else { return nil }
        guard let quantity, quantity > 0, quantity < 100_000 else { return (name, false) }
        var out: [UInt8] = []
        JSONBytes.appendNumber(quantity, to: &out)
        let amount = String(decoding: out, as: UTF8.self)
        return ([amount, unit, name].compactMap { $0 }.joined(separator: " "), true)
    }

    /// The index of the `]` that closes the array opening at `start`, skipping strings; nil
    /// when the array does not close within 256 KiB.
    static func matchingBracket(in text: [UInt8], from start: Int) -> Int? {
        var depth = 0, inString = false, escaped = false
        var k = start
        let limit = min(text.count, start + 262_144)
        while k < limit {
            let b = text[k]
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x5B || b == 0x7B {
                depth += 1
            } else if b == 0x5D || b == 0x7D {
                depth -= 1
                if depth == 0 { return b == 0x5D ? k : nil }
            }
            k += 1
        }
        return nil
    }

    /// Script text with one level of JavaScript string escapes undone (`\"` → `"`,
    /// `\\` → `\`, `\/` → `/`), so that JSON written inside a string literal reads as JSON.
    /// Other escapes (`\n`, `\u00e9`) are kept as they are, which JSON reads the same.
    static func unescaped(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var k = 0
        while k < text.count {
            let b = text[k]
            if b == 0x5C, k + 1 < text.count, text[k + 1] == 0x22 || text[k + 1] == 0x2F {
                out.append(text[k + 1])
                k += 2
            } else if b == 0x5C, k + 1 < text.count, text[k + 1] == 0x5C {
                // "\\\"" is an escaped backslash before an escaped quote: one level down it is
                // the JSON escape "\"".
                out.append(0x5C)
                k += 2
            } else {
                out.append(b)
                k += 1
            }
        }
        return out
    }
}
