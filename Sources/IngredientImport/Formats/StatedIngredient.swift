import IngredientLexicon
import IngredientParsing

/// What a structured source states outright about one ingredient line: Cooklang's
/// `@name{quantity%unit}`, the `amount`/`unit`/`food` fields of Mealie and Tandoor exports.
///
/// Stated fields are authoritative: `RecipeRecord.parsed(with:)` puts them into the line's
/// parse in place of what the parser read from the text, mapping the unit through the units
/// table (a unit the table does not know is kept as written). The parser fills only what the
/// source leaves out (preparation, comment, size, a quantity written as words).
public struct StatedIngredient: Hashable, Sendable {
    /// Whether the source states the quantity; when it does, `quantity` nil means "no quantity"
    /// (`@1000 island dressing{}`), not "unknown".
    public var statesQuantity: Bool
    /// The stated quantity (the low end of a range).
    public var quantity: Double?
    /// The high end of a stated range, or nil.
    public var quantityMax: Double?
    /// Whether the source states the unit; when it does, `unit` nil means "no unit".
    public var statesUnit: Bool
    /// The stated unit as written ("g", "items", "k").
    public var unit: String?
    /// The stated name ("chilli", "1000 island dressing"), or nil when the source gives none.
    public var name: String?

    /// Stated fields; each left unstated by default.
    public init(statesQuantity: Bool = false, quantity: Double? = nil, quantityMax: Double? = nil,
                statesUnit: Bool = false, unit: String? = nil, name: String? = nil) {
        self.statesQuantity = statesQuantity
        self.quantity = quantity
        self.quantityMax = quantityMax
        self.statesUnit = statesUnit
        self.unit = unit
        self.name = name
    }

    /// Whether quantity, unit and name are all stated: nothing of them is left to the parser.
    public var isComplete: Bool { statesQuantity && statesUnit && name != nil }

    /// `parsed` with the stated fields put in: the amount's quantity and unit, the name and
    /// its key. A size word the parser took out of a stated name is dropped (it is part of
    /// the name); when quantity, unit and name are all stated the confidence is 1.
    func applied(to parsed: ParsedIngredient, lexicon: Lexicon) -> ParsedIngredient {
        guard parsed.kind == .ingredient else { return parsed }
        var result = parsed
        if statesQuantity || statesUnit {
            var amount = parsed.amount ?? Amount(quantity: nil, unit: nil)
            if statesQuantity {
                amount.quantity = quantity
                amount.quantityMax = quantity == nil ? nil : (quantityMax ?? quantity)
                amount.isMultiplier = false
            }
            if statesUnit {
                if let unit, !unit.isEmpty {
                    if let known = lexicon.unit(alias: unit) {
                        amount.unit = known.id
                        amount.isKnownUnit = true
                    } else {
                        amount.unit = unit
                        amount.isKnownUnit = false
                    }
                } else {
                    amount.unit = nil
                    amount.isKnownUnit = true
                }
            }
            result.amount = amount.quantity == nil && amount.unit == nil ? nil : amount
            // Amounts that added to the parser's primary amount ("1 lb 2 oz") went with it;
            // without a stated amount, none of the parser's amounts is kept in its place.
            if result.amount == nil { result.alternates = [] } else { result.alternates.removeAll { $0.isComposite } }
        }
        if let name, !name.isEmpty {
            result.name = name
            let key = lexicon.keyTables.key(forText: name, foldsDiacritics: true)
            result.key = key.isEmpty ? nil : key
            if let size = result.size, name.lowercased().contains(size.lowercased()) { result.size = nil }
        }
        if isComplete { result.confidence = 1 }
        return result
    }
}
