import IngredientLexicon

extension Lexicon {
    /// The roles `function-words.tsv` gives the word token `t` (none for a quantity token or a
    /// word that is no function word): looked up by the hash and length the token carries.
    @inline(__always)
    func functionWordRoles(of t: Token) -> FunctionWord {
        t.kind == .quantity ? FunctionWord() : functionWordRoles(hash: t.hash, length: t.stemEnd - t.start)
    }
}
