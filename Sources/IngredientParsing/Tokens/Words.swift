import IngredientLexicon

/// The word tokens of a line as the phrase tables read them: token `i`'s case-folded stem
/// hash, or nil where a phrase cannot continue (punctuation, numbers, the end, a label
/// outside `allowedLabels`).
/// A value type, so that phrase look-ups allocate nothing.
struct Words {
    let tokens: [Token]
    /// Only tokens before this index.
    var end: Int
    /// With `labels`: only tokens whose label's bit is set here.
    var labels: [Int]? = nil
    var allowedLabels = 0

    init(_ tokens: [Token], end: Int? = nil) {
        self.tokens = tokens
        self.end = end ?? tokens.count
    }

    init(_ tokens: [Token], labels: [Int], allowed: Int) {
        self.tokens = tokens
        self.end = tokens.count
        self.labels = labels
        self.allowedLabels = allowed
    }

    /// Token `i`'s case-folded stem hash (`Token.hash`), or nil where a phrase cannot continue.
    @inline(__always)
    func hash(_ i: Int) -> UInt64? {
        guard i < end, tokens[i].kind == .word else { return nil }
        if let labels, (allowedLabels &>> labels[i]) & 1 == 0 { return nil }
        return tokens[i].hash
    }
}

extension PhraseTable {
    /// The longest phrase starting at word `start`, as (word count, value).
    ///
    /// `words.hash(i)` gives the folded hash of word `i`, or nil where a phrase cannot
    /// continue (punctuation, numbers, the end of the line).
    @inline(__always)
    func longestMatch(start: Int, words: Words) -> (words: Int, value: Value)? {
        longestMatch(start: start, wordHash: { words.hash($0) })
    }

    /// The longest entry of two words or more that starts at word `start` (see
    /// `longestLongerMatch`), whose word has the folded hash `first`.
    @inline(__always)
    func longestLongerMatch(start: Int, first: UInt64, words: Words) -> (words: Int, value: Value)? {
        longestLongerMatch(start: start, first: first, wordHash: { words.hash($0) })
    }
}
