/// One token of an ingredient line: a span of the line's UTF-8 bytes and what it is.
package struct Token: Sendable {
    package enum Kind: UInt8, Sendable {
        /// Letters (any script), possibly with inner hyphens, apostrophes or dots.
        case word
        /// A number, fraction, mixed number, range or multiplier, already valued.
        case quantity
        /// One punctuation character.
        case punctuation
    }

    package var kind: Kind
    /// Byte offsets of the token in the line.
    var start: Int
    var end: Int
    /// For quantities: the value (the low end of a range).
    package var value: Double = 0
    /// For quantities: the high end of a range, or `value`.
    package var maxValue: Double = 0
    /// For quantities: written as a fraction below one ("1/2", "½"), which can join a whole number.
    var isProperFraction = false
    /// For quantities: a whole number.
    var isInteger = false
    /// For quantities: "8 x" or "x2", a count of the amount that follows.
    var isMultiplier = false
    /// For quantities: glued to the next token ("400g").
    var gluedToNext = false
    /// For punctuation: the ASCII byte, or a stand-in for non-ASCII marks (see `Tokenizer`).
    var mark: UInt8 = 0
    /// For words: the `WordShape` code the tokenizer made while scanning, or 0 when it made none.
    var wordShape: UInt8 = 0
    /// Case-folded hash of the token's bytes (without an abbreviation's trailing dot).
    var hash: UInt64 = 0
    /// End of the token without a trailing abbreviation dot.
    var stemEnd: Int = 0

    var range: Range<Int> { start..<end }
    package var stemRange: Range<Int> { start..<stemEnd }
    var isRange: Bool { maxValue != value }
}
