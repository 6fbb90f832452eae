/// The tokens of a line whose word starts an entry of the phrase table (a
/// `Lexicon.FirstWord.phrase` word), noted while the tagger's lexicon classes are found, so
/// that assembly looks for phrases only there rather than at every token.
struct PhraseStarts {
    /// Bit `i` set: token `i` starts an entry. Tokens from 64 on are not noted one by one.
    private var mask: UInt64 = 0
    /// Whether a start at token 64 or beyond was seen: then every token from 0 on counts as
    /// a candidate, and the phrase table's look-up decides (it finds nothing at a word that
    /// starts no entry).
    private var beyondMask = false

    /// Bit `i` set: the longest entry starting at token `i` is an optional phrase
    /// ("optional", "if desired"), so that assembly asks the table no second time.
    private var optionalMask: UInt64 = 0

    /// Notes that token `i` starts an entry, and whether the longest entry there is optional.
    mutating func insert(_ i: Int, optional: Bool = false) {
        if i < 64 {
            mask |= 1 << UInt64(i)
            if optional { optionalMask |= 1 << UInt64(i) }
        } else {
            beyondMask = true
        }
    }

    /// The tokens whose longest entry is an optional phrase, as a bit set; nil when a start
    /// beyond token 63 was seen (then the table has to be asked).
    var optionalStarts: UInt64? { beyondMask ? nil : optionalMask }

    /// The first candidate token at or after `i`, or `end` when there is none before it.
    @inline(__always)
    func next(from i: Int, end: Int) -> Int {
        if beyondMask { return min(i, end) }
        guard i < 64 else { return end }
        let rest = mask >> UInt64(i)
        return rest == 0 ? end : min(end, i + rest.trailingZeroBitCount)
    }
}
