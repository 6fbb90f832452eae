import IngredientLexicon

/// One thing to buy: every line whose ingredient has the same canonical key, merged.
public struct ListItem: Hashable, Sendable {
    /// What is notable about an item.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The flags as bits.
        public let rawValue: Int
        /// Flags from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Some line gave no quantity ("salt to taste", "pepper"): how much is unclear.
        public static let quantityUnclear = Flags(rawValue: 1 << 0)
        /// Every line marks the ingredient optional.
        public static let optional = Flags(rawValue: 1 << 1)
        /// A count was rounded to a whole number for display (1.5 eggs shown as 2).
        public static let rounded = Flags(rawValue: 1 << 2)
        /// The user checked the item off.
        public static let checked = Flags(rawValue: 1 << 3)
        /// The user added a line for this item by hand.
        public static let manual = Flags(rawValue: 1 << 4)
        /// The pantry covers everything the lines ask for.
        public static let inPantry = Flags(rawValue: 1 << 5)
        /// The user removed this automatic item; it is listed apart, not dropped.
        public static let suppressed = Flags(rawValue: 1 << 6)
        /// No ingredient name could be read from the line; the item is keyed by its text.
        public static let unrecognized = Flags(rawValue: 1 << 7)

        /// Each flag with its name in `ingest list --json`, in the order they are written.
        public static let named: [(Flags, String)] = [
            (.quantityUnclear, "quantity unclear"), (.optional, "optional"), (.rounded, "rounded"),
            (.checked, "checked"), (.manual, "manual"), (.inPantry, "in pantry"),
            (.suppressed, "suppressed"), (.unrecognized, "unrecognized"),
        ]

        /// The names of the flags set, in `named` order.
        public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
    }

    /// A stable id from the key and its unit families (`onion|count`, `tomato|mass+unit:can`):
    /// the same item gets the same id however the list is recomputed, so checked and
    /// suppressed state (see `ListEdits`) stays with it.
    public var id: String
    /// The canonical key.
    public var key: String
    /// The name shown, in the list's locale.
    public var name: String
    /// The aisle it is shopped in.
    public var aisle: Aisle
    /// What is needed: the first is the main amount, any others are variants in units that
    /// do not convert (`1 can` and `400 g`). Empty when no line gave a quantity.
    public var quantities: [ListQuantity]
    /// The lines that asked for it, each with its own amount, in recipe order. (A list
    /// stores them compactly and makes these values when they are read.)
    public var sources: [ItemSource] {
        get { storedSources.values }
        set { storedSources = ItemSources(newValue) }
    }
    /// `sources` as stored.
    var storedSources: ItemSources
    /// The size words, preparations, comments and purposes of its lines, each once, sorted.
    public var notes: [String]
    /// What is notable about it.
    public var flags: Flags

    /// The titles of the recipes that asked for it, each once, in source order ("Tacos",
    /// "Spaghetti"); "added by you" for a manual line.
    public var sourceTags: [String] { storedSources.tags() }

    /// An item of `sources` given as record numbers of a list's source table.
    init(id: String, key: String, name: String, aisle: Aisle, quantities: [ListQuantity], sources: ItemSources,
         notes: [String], flags: Flags) {
        self.id = id
        self.key = key
        self.name = name
        self.aisle = aisle
        self.quantities = quantities
        self.storedSources = sources
        self.notes = notes
        self.flags = flags
    }
}
