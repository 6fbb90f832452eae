import IngredientLexicon

/// The word tokens of a line as the phrase tables read them: token `i`'s case-folded stem
/// hash, or nil where a phrase cannot continue (punctuation, numbers, the end, a label
/// outside `allowedLabels`).
/// Over pointers to the tokens (and labels), valid while the caller holds them, so that a
/// look-up allocates nothing and retains no array (the assembler's `Pass` takes them once a
/// line; other callers read through `withUnsafeBufferPointer`).
struct Words {
    let tokens: UnsafeBufferPointer<Token>
    /// Only tokens before this index.
    let end: Int
    /// With `labels`: only tokens whose label's bit is set in `allowedLabels`.
    let labels: UnsafeMutableBufferPointer<Int>?
    let allowedLabels: Int

    init(_ tokens: UnsafeBufferPointer<Token>, end: Int? = nil) {
        self.tokens = tokens
        self.end = end ?? tokens.count
        self.labels = nil
        self.allowedLabels = 0
    }

    init(_ tokens: UnsafeBufferPointer<Token>, labels: UnsafeMutableBufferPointer<Int>, allowed: Int) {
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
