/// How heavy a cup of an ingredient is, from `densities.tsv`: what lets volume and mass
/// amounts of one ingredient merge.
public struct Density: Hashable, Sendable {
    /// Grams in one level US cup (236.588 ml).
    public let gramsPerCup: Double
    /// The dimension a merged amount is shown in when both occur (flour by mass, milk by volume).
    public let buyBy: UnitDefinition.Dimension

    /// Milliliters in the US cup the table is written against.
    public static let cupMilliliters = 236.588

    /// Grams per milliliter.
    public var gramsPerMilliliter: Double { gramsPerCup / Self.cupMilliliters }
}
