/// How far a text goes through the pipeline.
enum KeyMode: Int, Comparable {
    /// Folding and word splitting only (`key-overrides.tsv` names, invariants, plurals).
    case raw
    /// …and singulars (`key-words.tsv` phrases).
    case phrase
    /// …and word order: parentheses, commas, "of", "and" (synonym keys and variants).
    case variant
    /// Every step: a canonical key.
    case full

    static func < (a: KeyMode, b: KeyMode) -> Bool { a.rawValue < b.rawValue }
}
