import IngredientLexicon

/// The word tokens of a line as the phrase tables read them during assembly: as `Words`, but
/// over the `LineAssembler.Pass`'s pointers, so that a look-up retains no array.
struct LineWords {
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
    /// The longest phrase starting at word `start` of `words`, as (word count, value).
    @inline(__always)
    func longestMatch(start: Int, words: LineWords) -> (words: Int, value: Value)? {
        longestMatch(start: start, wordHash: { words.hash($0) })
    }
}
