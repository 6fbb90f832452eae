import IngredientText
/// The tables behind shopping lists: aisles in store order (`aisles.tsv`), the aisle of each
/// ingredient (`categories.tsv`), densities (`densities.tsv`), proteins (`proteins.tsv`) and
/// the units amounts are shown in (`unit-display.tsv`), with the units table of the lexicon.
///
/// Built from a `Lexicon`, so users extend or override them the way they do the parser's
/// tables: `Lexicon.builtIn.adding(fileAt: "my-categories.tsv")`, or `ingest list
/// --dictionary my-categories.tsv`. Names in the category, density and protein tables go
/// through the lexicon's canonical keys when loaded, so they are written naturally.
public struct ListTables: Sendable {
    /// The tables behind one reference, so that copies of the value and lookups through it
    /// do not retain each table.
    final class Storage: Sendable {
        let aisles: [Aisle]
        let aisleIndex: [String: Int]
        /// The aisle of each category row, as its place in `aisles`.
        let categories: KeyLookup<Int>
        /// The place of the `other` aisle in `aisles`.
        let otherAisle: Int
        let proteins: KeyLookup<Protein?>
        let densities: [String: Density]
        /// `densities` by the keys' bytes, for the look-up of every item with an amount by
        /// volume or mass (a Dictionary hashes the String with SipHash).
        let densityLookup: KeyLookup<Density>
        let display: [String: UnitDisplay]
        let units: [String: UnitDefinition]
        /// `units` and the system `display` gives, per unit id, for one look-up a line.
        let unitFacts: [String: UnitFacts]

        init(aisles: [Aisle], aisleIndex: [String: Int], categories: KeyLookup<Int>, proteins: KeyLookup<Protein?>,
             densities: [String: Density], display: [String: UnitDisplay], units: [String: UnitDefinition]) {
            self.aisles = aisles
            self.aisleIndex = aisleIndex
            self.categories = categories
            self.otherAisle = aisleIndex[Aisle.otherID]!
            self.proteins = proteins
            self.densities = densities
            var lookup = KeyLookup<Density>()
            for (key, density) in densities { lookup.set(key, density) }
            self.densityLookup = lookup
            self.display = display
            self.units = units
            // Every unit of `display` is one of `units` (the table is checked when read).
            self.unitFacts = units.mapValues { UnitFacts(definition: $0, system: display[$0.id]?.system) }
        }
    }

    /// What a shopping list needs to know of a unit id: its row of the units table and the
    /// measuring system `unit-display.tsv` puts it in, if any.
    package struct UnitFacts: Sendable {
        /// The unit's row of the lexicon's units table.
        package let definition: UnitDefinition
        /// Its system, if `unit-display.tsv` has the unit.
        package let system: UnitDisplay.System?
    }

    let storage: Storage

    /// The aisles in store-layout order.
    public var aisles: [Aisle] { storage.aisles }
    /// Display rules per unit id.
    package var display: [String: UnitDisplay] { storage.display }
    /// Units by id, from the lexicon's units table.
    package var units: [String: UnitDefinition] { storage.units }

    /// The units-table row and display system of unit id `unit` in one look-up (nil when
    /// the units table has no such id).
    package func unitFacts(_ unit: String) -> UnitFacts? {
        storage.unitFacts[unit]
    }

    /// The tables of the built-in lexicon.
    public static let builtIn: ListTables = {
        do { return try ListTables(lexicon: .builtIn) } catch {
            // The embedded tables are ours and tested; a broken one is a build defect.
            fatalError("built-in shopping-list tables are invalid: \(error)")
        }
    }()

    /// The tables of `lexicon`; throws when a row holds a value the table does not accept
    /// (an aisle no row of `aisles.tsv` names, a density that is not a positive number, …).
    public init(lexicon: Lexicon) throws(DictionaryError) {
        let keyer = CanonicalKeyer(lexicon: lexicon)
        func key(_ name: String, _ table: DictionaryTable, _ line: Int) throws(DictionaryError) -> String {
            let k = keyer.key(forName: name)
            guard !k.isEmpty else {
                throw DictionaryError.invalidValue(table: table.fileName, line: line, column: "name", value: name)
            }
            return k
        }

        var aisles: [Aisle] = []
        var aisleIndex: [String: Int] = [:]
        for row in lexicon.rows(of: .aisles) {
            let id = row.columns[0]
            guard !id.isEmpty, !id.contains(" ") else {
                throw DictionaryError.invalidValue(table: DictionaryTable.aisles.fileName, line: row.line, column: "aisle", value: id)
            }
            aisleIndex[id] = aisles.count
            aisles.append(Aisle(id: id, title: row.columns[1], order: aisles.count))
        }
        if aisleIndex[Aisle.otherID] == nil {
            aisleIndex[Aisle.otherID] = aisles.count
            aisles.append(Aisle(id: Aisle.otherID, title: "Other", order: aisles.count))
        }

        var categories = KeyLookup<Int>()
        for row in lexicon.rows(of: .categories) {
            guard let aisle = aisleIndex[row.columns[1]] else {
                throw DictionaryError.invalidValue(table: DictionaryTable.categories.fileName, line: row.line,
                                                   column: "aisle (one of \(aisles.map(\.id).joined(separator: ", ")))", value: row.columns[1])
            }
            categories.set(try key(row.columns[0], .categories, row.line), aisle)
        }

        var proteins = KeyLookup<Protein?>()
        for row in lexicon.rows(of: .proteins) {
            let value = row.columns[1]
            let protein: Protein?
            if value == "none" { protein = nil } else if let p = Protein(rawValue: value), p != .vegetarian { protein = p } else {
                throw DictionaryError.invalidValue(table: DictionaryTable.proteins.fileName, line: row.line,
                                                   column: "protein (chicken, beef, pork, lamb, seafood, eggs or none)", value: value)
            }
            proteins.set(try key(row.columns[0], .proteins, row.line), protein)
        }

        var densities: [String: Density] = [:]
        for row in lexicon.rows(of: .densities) {
            let table = DictionaryTable.densities.fileName
            guard let grams = Double(row.columns[1]), grams > 0, grams.isFinite else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "grams per cup", value: row.columns[1])
            }
            guard let buyBy = UnitDefinition.Dimension(rawValue: row.columns[2]), buyBy == .mass || buyBy == .volume else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "buy by (mass or volume)", value: row.columns[2])
            }
            densities[try key(row.columns[0], .densities, row.line)] = Density(gramsPerCup: grams, buyBy: buyBy)
        }

        var units: [String: UnitDefinition] = [:]
        for unit in lexicon.allUnits { units[unit.id] = unit }

        var display: [String: UnitDisplay] = [:]
        for row in lexicon.rows(of: .unitDisplay) {
            let c = row.columns, table = DictionaryTable.unitDisplay.fileName
            guard let unit = units[c[0]], unit.dimension != .item else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "unit (a volume, mass or length id from units.tsv)", value: c[0])
            }
            guard let system = UnitDisplay.System(rawValue: c[1]) else {
                throw DictionaryError.invalidValue(table: table, line: row.line, column: "system (us or metric)", value: c[1])
            }
            var minimum: Double?
            if c[4] != "-" {
                guard let m = Double(c[4]), m >= 0, m.isFinite else {
                    throw DictionaryError.invalidValue(table: table, line: row.line, column: "minimum", value: c[4])
                }
                minimum = m
            }
            display[unit.id] = UnitDisplay(unit: unit.id, system: system, singular: c[2], plural: c[3], minimum: minimum)
        }

        self.storage = Storage(aisles: aisles, aisleIndex: aisleIndex, categories: categories, proteins: proteins,
                               densities: densities, display: display, units: units)
    }

    /// The aisle with id `id`, or the `other` aisle.
    public func aisle(id: String) -> Aisle {
        let s = storage
        return s.aisles[s.aisleIndex[id] ?? s.aisleIndex[Aisle.otherID]!]
    }

    /// The aisle a canonical key is shopped in by the category table (whole key, then head
    /// noun, then leading words), or `other`.
    public func aisle(forKey key: String) -> Aisle {
        let s = storage
        return s.aisles[s.categories.value(forKey: key) ?? s.otherAisle]
    }

    /// The store-order number of the aisle `categories.tsv` gives a canonical key, or nil when
    /// no row matches it (the key would fall in `other`).
    package func aisleIndex(forKey key: String) -> Int? {
        let s = storage
        guard let index = s.categories.value(forKey: key), index != s.otherAisle else { return nil }
        return index
    }

    /// The density of a canonical key, if the table has that exact key.
    public func density(forKey key: String) -> Density? {
        if let d = storage.densityLookup.exactValue(forKey: key) { return d }
        // Bytes that differ may still be equal Strings (canonically equivalent), never in ASCII.
        var copy = key
        guard !copy.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) else { return nil }
        return storage.densities[key]
    }

    /// The protein an ingredient key stands for, if any (see `proteins.tsv`).
    public func protein(forKey key: String) -> Protein? {
        storage.proteins.value(forKey: key) ?? nil
    }

    /// How `unit` may be shown, if `unit-display.tsv` has it.
    public func display(forUnit unit: String) -> UnitDisplay? {
        storage.display[unit]
    }
}
