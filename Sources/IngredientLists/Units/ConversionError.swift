/// Why an amount could not be converted to another unit.
public enum ConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unit is neither in the units table nor a count word (`each`, `dozen`).
    case unknownUnit(String)
    /// The units measure different things (volume and length, mass and a can) and no density
    /// bridges them.
    case incompatibleUnits(from: String, to: String)
    /// Volume and mass need the ingredient's density, and `densities.tsv` has none for the key
    /// (or no key was given).
    case noDensity(key: String?, from: String, to: String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .unknownUnit(unit):
            "unknown unit '\(unit)': use a unit id from units.tsv, 'each', or a count word such as 'dozen'"
        case let .incompatibleUnits(from, to):
            "cannot convert \(from) to \(to): they measure different things"
        case let .noDensity(key?, from, to):
            "cannot convert \(from) to \(to) for '\(key)': densities.tsv has no density for it (add a row to a my-densities.tsv)"
        case let .noDensity(nil, from, to):
            "cannot convert \(from) to \(to) without an ingredient: volume and mass need its density"
        }
    }
}
