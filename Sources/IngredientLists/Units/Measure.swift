import IngredientLexicon
import IngredientParsing

/// An amount in its family's base unit (see `UnitFamily.baseUnit`): a quantity, or a range
/// `low…high`. Scaling and adding keep full precision; rounding happens only for display.
public struct Measure: Hashable, Sendable {
    /// What the amount is counted in.
    public var family: UnitFamily
    /// The quantity, or the low end of a range, in the base unit.
    public var low: Double
    /// The high end of a range; equal to `low` otherwise.
    public var high: Double

    /// A measure of `low…high` (just `low` when `high` is nil) base units of `family`.
    public init(family: UnitFamily, low: Double, high: Double? = nil) {
        self.family = family
        self.low = low
        self.high = max(low, high ?? low)
    }

    /// The measure of a parsed amount, or nil when it has no quantity. A known unit of
    /// volume, mass or length is converted to the base unit; an item unit (can, clove) or an
    /// unknown unit word counts as itself.
    public init?(_ amount: Amount, units: [String: UnitDefinition]) {
        self.init(amount, definition: amount.isKnownUnit ? amount.unit.flatMap { units[$0] } : nil)
    }

    /// The measure of a parsed amount whose unit's row of the units table is `definition`
    /// (nil: none, or not looked up; used only when the parser knew the unit).
    init?(_ amount: Amount, definition: UnitDefinition?) {
        guard let q = amount.quantity, q.isFinite, q >= 0 else { return nil }
        let hi = amount.quantityMax.flatMap { $0.isFinite ? $0 : nil } ?? q
        guard let unit = amount.unit else {
            self.init(family: .count, low: q, high: hi)
            return
        }
        if amount.isKnownUnit, let def = definition, let factor = def.factor {
            let family: UnitFamily = switch def.dimension {
            case .volume: .volume
            case .mass: .mass
            case .length: .length
            case .item: .package(unit)
            }
            self.init(family: family, low: q * factor, high: hi * factor)
        } else {
            self.init(family: .package(unit), low: q, high: hi)
        }
    }

    /// Whether the amount is a range.
    public var isRange: Bool { high != low }

    /// The measure multiplied by `factor`.
    public func scaled(by factor: Double) -> Measure {
        Measure(family: family, low: low * factor, high: high * factor)
    }
}
