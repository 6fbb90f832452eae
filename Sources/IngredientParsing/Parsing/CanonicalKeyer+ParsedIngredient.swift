import IngredientLexicon

extension CanonicalKeyer {
    /// The canonical key of a parsed line: of its name, or, for a line with no amount (a bare
    /// name such as "Sugar, brown" or "salt to taste"), of the whole line, so that the key
    /// rules' own word order applies (`brown sugar`, not the parsed name's `sugar`). Nil for
    /// headers, empty lines and lines whose name gives an empty key.
    public func key(for ingredient: ParsedIngredient) -> String? {
        guard ingredient.kind == .ingredient else { return nil }
        if ingredient.amount == nil {
            let whole = key(forName: ingredient.input)
            if !whole.isEmpty { return whole }
        }
        guard let name = ingredient.name else { return nil }
        let key = key(forName: name)
        return key.isEmpty ? nil : key
    }
}
