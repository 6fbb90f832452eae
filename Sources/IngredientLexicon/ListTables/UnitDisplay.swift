/// How a shopping list may show a unit, from `unit-display.tsv`.
public struct UnitDisplay: Hashable, Sendable {
    /// The measuring system a unit belongs to.
    public enum System: String, Hashable, Sendable, CaseIterable {
        /// US customary: cups, spoons, ounces, pounds, inches.
        case us
        /// Metric (and other non-US sizes): milliliters, liters, grams, kilograms.
        case metric
    }

    /// The unit id from `units.tsv`.
    public let unit: String
    /// Its system.
    public let system: System
    /// The abbreviation shown for one ("tbsp", "cup").
    public let singular: String
    /// The form shown for more than one ("cups").
    public let plural: String
    /// The smallest value the unit is shown with; nil when it is never chosen for display.
    public let minimum: Double?
}
