import IngredientLexicon

/// Tells a recipe's main protein from its ingredient keys and `proteins.tsv`: the meat or
/// seafood with the most lines (ties: the one that comes first in the recipe); `eggs` when
/// there is no meat or seafood but eggs; otherwise `vegetarian`.
public struct ProteinClassifier: Sendable {
    /// The tables in use.
    public let tables: ListTables

    /// A classifier over `tables`.
    public init(tables: ListTables = .builtIn) {
        self.tables = tables
    }

    /// The main protein of a recipe whose ingredient lines have `keys`, in recipe order.
    public func protein(ofKeys keys: [String]) -> Protein {
        protein(ofKeys: keys) { tables.protein(forKey: $0) }
    }

    /// The main protein of keys whose proteins `lookup` gives (a cache in front of the table).
    /// Counts go in fixed slots, one per protein, so a recipe costs no allocation.
    func protein<Keys: Sequence>(ofKeys keys: Keys, lookup: (Keys.Element) -> Protein?) -> Protein {
        var lines = SIMD8<Int32>(), first = SIMD8<Int32>(repeating: -1)
        for (i, key) in keys.enumerated() {
            guard let p = lookup(key) else { continue }
            let slot = Self.slot(p)
            if first[slot] < 0 { first[slot] = Int32(truncatingIfNeeded: i) }
            lines[slot] += 1
        }
        // The protein other than eggs with the most lines; of equal counts, the first seen.
        let eggs = Self.slot(.eggs)
        var bestSlot = -1
        for slot in 0..<Self.bySlot.count where slot != eggs && lines[slot] > 0 {
            if bestSlot < 0 || lines[slot] > lines[bestSlot] || (lines[slot] == lines[bestSlot] && first[slot] < first[bestSlot]) {
                bestSlot = slot
            }
        }
        if bestSlot >= 0 { return Self.bySlot[bestSlot] }
        return lines[eggs] > 0 ? .eggs : .vegetarian
    }

    /// The proteins in slot order (`slot(_:)`).
    private static let bySlot: [Protein] = [.chicken, .beef, .pork, .lamb, .seafood, .eggs, .vegetarian]

    /// The counting slot of `protein`.
    private static func slot(_ protein: Protein) -> Int {
        switch protein {
        case .chicken: 0
        case .beef: 1
        case .pork: 2
        case .lamb: 3
        case .seafood: 4
        case .eggs: 5
        case .vegetarian: 6
        }
    }

    /// The main protein of `recipe`, by its lines' parsed keys.
    public func protein(of recipe: ListRecipe) -> Protein {
        protein(ofKeys: recipe.lines.compactMap { $0.kind == .ingredient ? $0.key : nil })
    }
}
