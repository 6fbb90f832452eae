/// A unit of measure from the units table.
public struct UnitDefinition: Hashable, Sendable {
    /// What a unit measures, which decides what it can be converted to.
    public enum Dimension: String, Hashable, Sendable, CaseIterable {
        /// Volume; `factor` is milliliters per unit.
        case volume
        /// Mass; `factor` is grams per unit.
        case mass
        /// Length; `factor` is centimeters per unit.
        case length
        /// A countable portion or package (can, clove, pinch); no factor.
        case item
    }

    /// The canonical id, singular English: `teaspoon`, `fluid ounce`, `can`.
    public let id: String
    /// What the unit measures.
    public let dimension: Dimension
    /// Size in the dimension's base unit (ml, g, cm); nil for `item` units.
    public let factor: Double?
}
