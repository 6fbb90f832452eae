/// One amount written in a line: a quantity (possibly a range) and a unit.
public struct Amount: Hashable, Sendable {
    /// The quantity, or the low end of a range; nil when only a unit was written ("pinch of salt").
    public var quantity: Double?
    /// The high end of a range; equal to `quantity` otherwise.
    public var quantityMax: Double?
    /// The canonical unit id from the units table (`cup`, `fluid ounce`), or the unit word
    /// as written in lowercase when the table does not know it (see `isKnownUnit`); nil when
    /// the amount is a count ("2 eggs").
    public var unit: String?
    /// Whether `unit` came from the units table.
    public var isKnownUnit: Bool
    /// Whether the quantity counts the amounts that follow ("8 x 450g lobsters").
    public var isMultiplier: Bool
    /// Whether this amount adds to the previous one ("1 lb 2 oz").
    public var isComposite: Bool

    /// Creates an amount.
    public init(quantity: Double?, quantityMax: Double? = nil, unit: String?, isKnownUnit: Bool = true,
                isMultiplier: Bool = false, isComposite: Bool = false) {
        self.quantity = quantity
        self.quantityMax = quantityMax ?? quantity
        self.unit = unit
        self.isKnownUnit = unit == nil ? true : isKnownUnit
        self.isMultiplier = isMultiplier
        self.isComposite = isComposite
    }

    /// Whether the amount is a range ("2-3 cups").
    public var isRange: Bool { quantityMax != quantity }
}
