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
    func protein(ofKeys keys: [String], lookup: (String) -> Protein?) -> Protein {
        var counts: [Protein: (lines: Int, first: Int)] = [:]
        for (i, key) in keys.enumerated() {
            guard let p = lookup(key) else { continue }
            counts[p, default: (0, i)].lines += 1
        }
        let meat = counts.filter { $0.key != .eggs }
        if let best = meat.min(by: { a, b in
            a.value.lines != b.value.lines ? a.value.lines > b.value.lines : a.value.first < b.value.first
        }) {
            return best.key
        }
        return counts[.eggs] != nil ? .eggs : .vegetarian
    }

    /// The main protein of `recipe`, by its lines' parsed keys.
    public func protein(of recipe: ListRecipe) -> Protein {
        protein(ofKeys: recipe.lines.compactMap { $0.kind == .ingredient ? $0.key : nil })
    }
}
