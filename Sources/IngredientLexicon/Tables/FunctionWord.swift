import IngredientText

/// The roles a word of `function-words.tsv` plays in a line's grammar, as bits of one mask.
@usableFromInline package struct FunctionWord: OptionSet, Sendable {
    @usableFromInline package let rawValue: UInt16
    @inlinable package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An article before a name or a number word ("a", "an").
    @inlinable package static var article: FunctionWord { FunctionWord(rawValue: 1 << 0) }
    /// A word that belongs to no field when it stands alone between fields ("of", "the").
    @inlinable package static var filler: FunctionWord { FunctionWord(rawValue: 1 << 1) }
    /// Joins two amounts into a range ("2 to 3 cups").
    @inlinable package static var range: FunctionWord { FunctionWord(rawValue: 1 << 2) }
    /// Adds a second amount to the first ("1 cup plus 2 tablespoons").
    @inlinable package static var plus: FunctionWord { FunctionWord(rawValue: 1 << 3) }
    /// Joins a measure to its ingredient ("2 cups of flour").
    @inlinable package static var measureOf: FunctionWord { FunctionWord(rawValue: 1 << 4) }
    /// Between the name of a part and the amount of what it comes from ("peels from 40 bananas").
    @inlinable package static var partSource: FunctionWord { FunctionWord(rawValue: 1 << 5) }
    /// Opens a section header without a colon ("For cake").
    @inlinable package static var purpose: FunctionWord { FunctionWord(rawValue: 1 << 6) }
    /// Joins what follows it to what comes before; a name does not end in it ("cottage cheese
    /// or", "1 turkey weighing").
    @inlinable package static var joins: FunctionWord { FunctionWord(rawValue: 1 << 7) }
    /// Introduces the last item of a list of alternatives ("ground beef, pork, or lamb").
    @inlinable package static var alternative: FunctionWord { FunctionWord(rawValue: 1 << 8) }
    /// Opens the last item of a list of foods, alternatives or not ("chard, kale, and
    /// spinach", "gin, vodka, or rum").
    @inlinable package static var listEnd: FunctionWord { FunctionWord(rawValue: 1 << 9) }
    /// Joins a whole number to the fraction after it ("1 and 1/2 cups").
    @inlinable package static var fractionJoin: FunctionWord { FunctionWord(rawValue: 1 << 10) }

    /// The role named in the table, or nil.
    package init?(name: String) {
        switch name {
        case "article": self = .article
        case "filler": self = .filler
        case "range": self = .range
        case "plus": self = .plus
        case "measure-of": self = .measureOf
        case "part-source": self = .partSource
        case "purpose": self = .purpose
        case "joins": self = .joins
        case "alternative": self = .alternative
        case "list-end": self = .listEnd
        case "fraction-join": self = .fractionJoin
        default: return nil
        }
    }
}
