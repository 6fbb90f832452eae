import IngredientLexicon

/// The unit of an amount as assembly reads it, before any String is made: plain values, so
/// that amounts are copied and dropped without reference counting.
enum UnitReference: Equatable, Sendable {
    /// A count ("2 eggs"): no unit.
    case none
    /// A row of the lexicon's units table.
    case known(Int32)
    /// Unit words the units table does not know: their bytes in the line, whose text in
    /// lowercase is the unit.
    case unknown(start: Int32, end: Int32)

    /// The unit's text: the table's id, or the words in lowercase; nil for a count.
    func text(units: UnsafeBufferPointer<UnitDefinition>, line: UnsafeBufferPointer<UInt8>) -> String? {
        switch self {
        case .none: nil
        case .known(let row): units[Int(row)].id
        case .unknown(let start, let end):
            String(decoding: UnsafeBufferPointer(rebasing: line[Int(start)..<Int(end)]), as: UTF8.self).lowercased()
        }
    }

    /// Whether two units are the same unit (the same table id, or the same words in lowercase).
    func isSame(as other: UnitReference, units: UnsafeBufferPointer<UnitDefinition>, line: UnsafeBufferPointer<UInt8>) -> Bool {
        switch (self, other) {
        case (.none, .none): true
        case (.known(let a), .known(let b)): a == b || units[Int(a)].id == units[Int(b)].id
        case (.unknown, .unknown): text(units: units, line: line) == other.text(units: units, line: line)
        default: false
        }
    }
}

/// An amount of a line as assembly reads it; `LineView` makes the public `Amount` from it.
struct LineAmount: Sendable {
    /// The quantity, or the low end of a range; nil when only a unit was written.
    var quantity: Double?
    /// The high end of a range; equal to `quantity` otherwise.
    var quantityMax: Double?
    var unit: UnitReference
    /// Whether the quantity counts the amounts that follow ("8 x 450g lobsters").
    var isMultiplier = false
    /// Whether this amount adds to the previous one ("1 lb 2 oz").
    var isComposite = false

    init(quantity: Double?, quantityMax: Double? = nil, unit: UnitReference, isMultiplier: Bool = false) {
        self.quantity = quantity
        self.quantityMax = quantityMax ?? quantity
        self.unit = unit
        self.isMultiplier = isMultiplier
    }

    /// The public value, with the unit's text.
    func amount(units: UnsafeBufferPointer<UnitDefinition>, line: UnsafeBufferPointer<UInt8>) -> Amount {
        var unknown = false
        if case .unknown = unit { unknown = true }
        return Amount(quantity: quantity, quantityMax: quantityMax, unit: unit.text(units: units, line: line),
                      isKnownUnit: !unknown, isMultiplier: isMultiplier, isComposite: isComposite)
    }
}
