import IngredientLexicon

/// Converts amounts between units: volume (ml, teaspoon, cup, …), mass (g, ounce, pound, …)
/// and length by the factors of `units.tsv`; counts (`each`, and count words from
/// `numbers.tsv` such as `dozen`); volume to mass and back through `densities.tsv` when the
/// ingredient is known.
///
/// ```swift
/// let conversion = UnitConversion()
/// try conversion.convert(3, from: "teaspoon", to: "tablespoon")          // 1.0000
/// try conversion.convert(1, from: "cup", to: "gram", key: "flour")      // 120
/// try conversion.convert(1, from: "can", to: "gram")                     // throws incompatibleUnits
/// ```
public struct UnitConversion: Sendable {
    /// The tables in use.
    public let tables: ListTables
    let lexicon: Lexicon

    /// A conversion over `lexicon`'s units and `tables`' densities.
    public init(lexicon: Lexicon = .builtIn, tables: ListTables = .builtIn) {
        self.lexicon = lexicon
        self.tables = tables
    }

    /// `value` in `from` units expressed in `to` units. `key` (a canonical key) allows volume
    /// ↔ mass through the ingredient's density.
    public func convert(_ value: Double, from: String, to: String, key: String? = nil) throws(ConversionError) -> Double {
        let a = try base(of: from), b = try base(of: to)
        if a.family == b.family { return value * a.factor / b.factor }
        let inBase = try convert(Measure(family: a.family, low: value * a.factor), to: b.family, key: key, from: from, to: to)
        return inBase.low / b.factor
    }

    /// `measure` expressed in `family` (same family, or volume ↔ mass through the density
    /// of `key`).
    public func convert(_ measure: Measure, to family: UnitFamily, key: String?) throws(ConversionError) -> Measure {
        try convert(measure, to: family, key: key, from: measure.family.baseUnit, to: family.baseUnit)
    }

    private func convert(_ measure: Measure, to family: UnitFamily, key: String?, from: String, to: String) throws(ConversionError) -> Measure {
        if measure.family == family { return measure }
        let gramsPerMilliliter: Double
        switch (measure.family, family) {
        case (.volume, .mass), (.mass, .volume):
            guard let key, let density = tables.density(forKey: key) else {
                throw .noDensity(key: key, from: from, to: to)
            }
            gramsPerMilliliter = density.gramsPerMilliliter
        default:
            throw .incompatibleUnits(from: from, to: to)
        }
        let factor = family == .mass ? gramsPerMilliliter : 1 / gramsPerMilliliter
        return Measure(family: family, low: measure.low * factor, high: measure.high * factor)
    }

    /// The family of a unit id and its size in the family's base unit.
    func base(of unit: String) throws(ConversionError) -> (family: UnitFamily, factor: Double) {
        if unit == "each" { return (.count, 1) }
        if let def = tables.units[unit] ?? lexicon.unit(alias: unit) {
            switch def.dimension {
            case .volume: return (.volume, def.factor ?? 1)
            case .mass: return (.mass, def.factor ?? 1)
            case .length: return (.length, def.factor ?? 1)
            case .item: return (.package(def.id), 1)
            }
        }
        if let n = lexicon.number(word: unit), n > 0 { return (.count, n) }
        throw .unknownUnit(unit)
    }
}
