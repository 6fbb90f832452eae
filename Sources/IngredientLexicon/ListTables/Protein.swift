/// The main protein of a recipe, for meal planners (see `ProteinClassifier`).
public enum Protein: String, Hashable, Sendable, CaseIterable {
    /// Chicken and other poultry.
    case chicken
    /// Beef and veal.
    case beef
    /// Pork, bacon, ham, sausage.
    case pork
    /// Lamb and mutton.
    case lamb
    /// Fish and shellfish.
    case seafood
    /// Eggs, in a recipe without meat or seafood.
    case eggs
    /// No meat, seafood or eggs.
    case vegetarian
}
