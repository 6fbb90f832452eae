/// What an amount on a shopping list is counted in: amounts of one family add up, amounts of
/// different families are shown side by side (variants) unless a density joins volume and mass.
public enum UnitFamily: Hashable, Sendable, Comparable {
    /// A bare count: "2 eggs" (base unit: one each).
    case count
    /// Volume (base unit: milliliter).
    case volume
    /// Mass (base unit: gram).
    case mass
    /// Length (base unit: centimeter): "2 inch piece ginger".
    case length
    /// A unit with no agreed size, counted as itself: cans, cloves, bunches, pinches, and unit
    /// words the units table does not know. Holds the unit id (or the word as written).
    case package(String)

    /// A stable text id: `count`, `volume`, `mass`, `length`, or `unit:<id>` (`unit:can`).
    public var id: String {
        switch self {
        case .count: "count"
        case .volume: "volume"
        case .mass: "mass"
        case .length: "length"
        case let .package(unit): "unit:" + unit
        }
    }

    /// The base unit amounts of this family are kept in: `each`, `milliliter`, `gram`,
    /// `centimeter`, or the package unit.
    public var baseUnit: String {
        switch self {
        case .count: "each"
        case .volume: "milliliter"
        case .mass: "gram"
        case .length: "centimeter"
        case let .package(unit): unit
        }
    }

    /// Orders families by `id`, so lists of them sort the same way every time.
    public static func < (a: UnitFamily, b: UnitFamily) -> Bool { a.id < b.id }
}
