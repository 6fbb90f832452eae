/// The English a display name is written in. Keys are the same in every locale; only the
/// name shown for a key differs ("zucchini" / "courgette").
public enum DisplayLocale: String, CaseIterable, Sendable {
    /// American English: the `en-US` column of `synonyms.tsv`.
    case enUS = "en-US"
    /// British English: the `en-GB` column of `synonyms.tsv`.
    case enGB = "en-GB"
}
