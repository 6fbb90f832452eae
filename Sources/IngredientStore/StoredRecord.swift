import IngredientKit

/// An import record as the values of its database rows, made where the record is made (on
/// an import worker thread) so the one thread that writes the database only binds and
/// steps: the JSON columns are written, keys and enum names looked up, ahead of time.
/// `RecipeStore.add(_:source:)` stores it under the source the importer numbered.
public struct StoredRecord: Sendable {
    /// A recipe's columns (everything but `source`, `file` and `id`).
    struct Recipe: Sendable {
        var format: String
        var title: String?
        var yield: String?
        var instructions: String
        var warnings: String
        var lines: [Line]
    }

    /// An `ingredient_lines` row's columns (everything but `id` and `recipe_id`).
    struct Line: Sendable {
        var group: String?
        var text: String
        var kind: String
        var quantity: Double?
        var quantityMax: Double?
        var unit: String?
        var size: String?
        var name: String?
        var preparation: String?
        var comment: String?
        var purpose: String?
        var optional: Bool
        var alternates: String
        var section: String?
        var confidence: Double
        var key: String?
    }

    enum Content: Sendable {
        case recipe(Recipe)
        case failure(error: String)
    }

    let content: Content

    /// The rows of `record` (its `source` is not read: the store is given it).
    public init(_ record: ImportRecord) {
        switch record {
        case let .failure(_, error):
            content = .failure(error: error.description)
        case let .recipe(r):
            var lines: [Line] = []
            lines.reserveCapacity(r.ingredients.count)
            for line in r.ingredients {
                let p = line.parsed
                lines.append(Line(
                    group: line.group, text: line.text, kind: p?.kind.rawValue ?? "ingredient",
                    quantity: p?.quantity, quantityMax: p?.quantityMax, unit: p?.unit, size: p?.size, name: p?.name,
                    preparation: p?.preparation, comment: p?.comment, purpose: p?.purpose, optional: p?.isOptional ?? false,
                    alternates: Self.alternates(p?.alternates ?? []), section: p?.section, confidence: p?.confidence ?? 0,
                    key: RecipeStore.storedKey(p)))
            }
            content = .recipe(Recipe(format: r.format.rawValue, title: r.title, yield: r.yield,
                                     instructions: Self.jsonArray(r.instructions), warnings: Self.jsonArray(r.warnings), lines: lines))
        }
    }

    /// The `alternates` column: a JSON array of `{quantity, quantityMax, unit}`.
    static func alternates(_ list: [Amount]) -> String {
        if list.isEmpty { return "[]" }
        var out: [UInt8] = [0x5B]
        for (k, a) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            out += #"{"quantity":"#.utf8
            number(a.quantity, &out)
            out += #","quantityMax":"#.utf8
            number(a.quantityMax, &out)
            out += #","unit":"#.utf8
            if let u = a.unit { JSONLine.appendString(u, to: &out) } else { out += "null".utf8 }
            out.append(0x7D)
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }

    static func number(_ value: Double?, _ out: inout [UInt8]) {
        if let value { JSONLine.appendNumber(value, to: &out) } else { out += "null".utf8 }
    }

    /// A JSON array of strings.
    static func jsonArray(_ list: [String]) -> String {
        if list.isEmpty { return "[]" }
        var out: [UInt8] = [0x5B]
        for (k, s) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            JSONLine.appendString(s, to: &out)
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }
}
