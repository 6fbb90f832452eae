/// An ingredient line taken apart.
public struct ParsedIngredient: Hashable, Sendable {
    /// What kind of line this is.
    public enum Kind: String, Hashable, Sendable {
        /// An ingredient.
        case ingredient
        /// A section header such as "For the sauce:".
        case header
        /// An empty or blank line.
        case empty
    }

    /// The line as given (ill-formed UTF-8 repaired with U+FFFD).
    public var input: String
    /// Whether the line is an ingredient, a header or empty.
    public var kind: Kind
    /// The primary amount, if any.
    public var amount: Amount?
    /// Other amounts in the line, in order: "10g/½oz" gives ½ ounce here.
    public var alternates: [Amount]
    /// A size word: "large", "small".
    public var size: String?
    /// The ingredient's name as written: "red onions".
    public var name: String?
    /// The canonical key of `name` (see `CanonicalKeyer`): "red onion". Lines whose names
    /// share a key are the same thing to buy. Nil when there is no name or its key is empty.
    public var key: String?
    /// How it is prepared: "finely chopped".
    public var preparation: String?
    /// Everything else worth keeping: "divided", "such as Maldon".
    public var comment: String?
    /// What it is for: "for greasing", "to serve".
    public var purpose: String?
    /// Whether the line marks the ingredient optional ("optional", "to taste", "for garnish").
    public var isOptional: Bool
    /// For headers, the section title without its colon: "For the sauce".
    public var section: String?
    /// How sure the parser is of quantity, unit and name together, 0…1; calibrated on
    /// held-out labeled lines so that about this share of lines with this score are right.
    public var confidence: Double

    /// The primary quantity (the low end of a range).
    public var quantity: Double? { amount?.quantity }
    /// The high end of the primary range, or the quantity.
    public var quantityMax: Double? { amount?.quantityMax }
    /// The primary unit's canonical id.
    public var unit: String? { amount?.unit }

    /// A line with every field given (the parser's, which builds the value in one step).
    init(input: String, kind: Kind, amount: Amount?, alternates: [Amount], size: String?, name: String?, key: String?,
         preparation: String?, comment: String?, purpose: String?, isOptional: Bool, section: String?, confidence: Double) {
        self.input = input
        self.kind = kind
        self.amount = amount
        self.alternates = alternates
        self.size = size
        self.name = name
        self.key = key
        self.preparation = preparation
        self.comment = comment
        self.purpose = purpose
        self.isOptional = isOptional
        self.section = section
        self.confidence = confidence
    }

    /// A line of the given kind with no fields set.
    public init(input: String, kind: Kind) {
        self.input = input
        self.kind = kind
        self.amount = nil
        self.alternates = []
        self.size = nil
        self.name = nil
        self.key = nil
        self.preparation = nil
        self.comment = nil
        self.purpose = nil
        self.isOptional = false
        self.section = nil
        self.confidence = kind == .ingredient ? 0 : 1
    }
}
