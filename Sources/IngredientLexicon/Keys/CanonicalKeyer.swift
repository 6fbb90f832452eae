/// Computes canonical keys: the text that says two ingredient names denote the same thing to
/// buy ("2 Onions, diced" and "1 onion" → `onion`; "spring onions" and "scallion" →
/// `scallion`), while keeping different things apart ("red onion" ≠ "onion", "ground beef"
/// ≠ "beef"). See `KeySpec` for the rules.
///
/// A keyer is an immutable value over a lexicon's key tables; share it freely between threads.
///
/// ```swift
/// let keyer = CanonicalKeyer()
/// keyer.key(forName: "Sugar, brown")          // "brown sugar"
/// keyer.key(forName: "spring onions")         // "scallion"
/// keyer.displayName(forKey: "zucchini", locale: .enGB)  // "courgette"
/// ```
///
/// Extend or override the tables with `Lexicon.adding(_:text:)` or `Lexicon.adding(fileAt:)`
/// (`synonyms.tsv`, `key-words.tsv`, `plurals.tsv`, `invariants.tsv`, `key-overrides.tsv`)
/// and pass the lexicon in.
public struct CanonicalKeyer: Sendable {
    /// How keys are computed beyond the tables.
    public struct Options: Hashable, Sendable {
        /// Whether diacritics are folded ("jalapeño" → "jalapeno"); on by default.
        public var foldsDiacritics: Bool

        /// Options with diacritic folding on or off.
        public init(foldsDiacritics: Bool = true) {
            self.foldsDiacritics = foldsDiacritics
        }
    }

    let tables: KeyTables
    /// The options in use.
    public let options: Options

    /// A keyer over `lexicon`'s key tables (by default the built-in ones).
    public init(lexicon: Lexicon = .builtIn, options: Options = Options()) {
        self.tables = lexicon.keyTables
        self.options = options
    }

    /// The canonical key of an ingredient name such as "red onions" or "Sugar, brown".
    /// Any string gives a key, possibly empty; ill-formed input never traps.
    public func key(forName name: String) -> String {
        tables.key(forText: name, foldsDiacritics: options.foldsDiacritics)
    }

    /// The canonical key of a name given as UTF-8 bytes (ill-formed sequences are read as U+FFFD).
    public func key(forNameUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        tables.key(utf8: bytes, foldsDiacritics: options.foldsDiacritics)
    }

    /// The name to show for `key` in `locale`: the synonym table's name for that key, or,
    /// for keys the table does not have, the key with any table keys inside it shown in
    /// `locale` ("zucchini flower" → "courgette flower" in en-GB).
    public func displayName(forKey key: String, locale: DisplayLocale = .enUS) -> String {
        tables.displayName(forKey: key, locale: locale)
    }

    /// How many entries the key tables hold, and their capacity (for `ingest dev bench keys`).
    package var tableSize: (entries: Int, slots: Int) { (tables.entries.count, tables.entries.capacity) }

    /// The key with ASCII input sent through ICU as well, to check the fast path.
    func keyThroughICU(forName name: String) -> String {
        tables.key(forText: name, foldsDiacritics: options.foldsDiacritics, forceICU: true)
    }
}
