/// The canonical key specification: what `CanonicalKeyer` does to a name, in order.
///
/// 1. **Fold.** Unicode NFKC_Casefold through ICU ("Straße" → "strasse", "ﬁ" → "fi"), then,
///    unless turned off, diacritics ("jalapeño" → "jalapeno", "crème fraîche" → "creme
///    fraiche", "æ" → "ae"). Typographic punctuation becomes ASCII (’ → ', – → -); ™ ® © and
///    symbols such as emoji separate words. ASCII input, and input made of the characters of
///    `KeyFolding.CharacterFolds`, take fast paths with byte-identical results. Only the first
///    1,024 bytes and 32 words of a name are read.
/// 2. **Words.** Letters, digits and `%` make words; apostrophes are removed
///    ("confectioners'" → "confectioners", "cow's" → "cows"); hyphens and other punctuation
///    separate words ("extra-virgin" → "extra virgin"). `/` reads "or" (between two digits it
///    stays in the word: "80/20 ground beef"), `&` and `+` "and".
///    A `key-overrides.tsv` row whose name has exactly these words wins over every later step.
/// 3. **Singular.** Each word: an `invariants.tsv` word or phrase stays (hummus, molasses,
///    oats, grits); a `plurals.tsv` word takes its singular (leaves → leaf, cookies →
///    cookie); any other word follows `Singularizer`'s rules (berries → berry, tomatoes →
///    tomato, peaches → peach, onions → onion; sea bass, lemongrass, asparagus unchanged).
/// 4. **Word order.** Parenthesized text is left out. Comma segments after the first are
///    comments (dropped) or modifiers moved to the front, last first ("sugar, brown" → "brown
///    sugar"; "pepper, black, ground" → "ground black pepper"). A comment, purpose or
///    optional phrase of `phrases.tsv` after the first word ends the name ("salt to taste" →
///    "salt"). "P of X" with P a `part` word of `key-words.tsv` becomes "X P" ("leg of lamb"
///    → "lamb leg", "juice of 2 limes" → "lime juice").
/// 5. **Drop.** Words and phrases with role `drop` in `key-words.tsv` (chopped, diced,
///    minced, finely, freshly, softened, …) are left out, unless a synonym entry or a `keep`
///    phrase covers them ("chopped tomatoes", the tinned product; "minced beef"). Identity
///    words stay: colors, `ground`, `smoked`, `dried`, `fresh`, `whole`, sizes. A name made
///    only of drop words keeps them.
/// 6. **Alternatives.** "A or B" keys as its first alternative ("butter or margarine" →
///    "butter"); when A is one word and B longer, A takes B's head if A is a `keep` word or
///    the result is in the synonym table ("red or white wine" → "red wine"), and otherwise
///    the name stays whole ("honey or maple syrup"). "A and B" stays whole; two `keep` words
///    around "and" are put in byte order ("yellow and red" → "red and yellow").
/// 7. **Synonyms.** A whole name that is a key or variant of `synonyms.tsv` becomes that
///    key; otherwise variants inside the name are replaced by their keys, longest first,
///    left to right ("courgette flowers" → "zucchini flower"), and key words that repeat the
///    words just before or after the variant are written once ("red hot pepper flakes" →
///    "red pepper flake", not "red red pepper flake"; at least one key word stays); finally a
///    whole name equal to a key or variant once spaces are ignored ("breadcrumbs" / "bread
///    crumbs") takes that key.
///
/// The key is the resulting words joined by single spaces, possibly empty. It is the same
/// for every `DisplayLocale`; only display names differ.
public enum KeySpec {
    /// The version of these rules and of the built-in tables behind them. It changes whenever
    /// a key computed from the built-in tables could change; the golden file
    /// `Corpora/keys/golden.tsv` pins it.
    public static let version = 3
}
