import IngredientText

/// Recognizes section headers ("For the sauce:", "DRESSING") among ingredient lines.
///
/// A line with no digits is a header when it ends with `:` and has at most eight words,
/// when all of it (without a final `:`) is a phrase of `headers.tsv`, or when it is words
/// only, starts with "for" and has two to six words ("For the cake", "For cake").
enum HeaderDetection {
    /// The byte range of the header's title (without a trailing colon), or nil when the line is
    /// not a header.
    static func title(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, tables: LexiconReference) -> Range<Int>? {
        guard !tokens.isEmpty, !tokens.contains(where: { $0.kind == .quantity }) else { return nil }
        var content = tokens[...]
        var colon = false
        while let last = content.last, last.kind == .punctuation, last.mark == 0x3A || last.mark == 0x2D || last.mark == 0x2A || last.mark == 0x3D {
            if last.mark == 0x3A { colon = true }
            content = content.dropLast()
        }
        while let first = content.first, first.kind == .punctuation, first.mark != 0x28 {
            content = content.dropFirst()
        }
        guard let first = content.first, let last = content.last else { return nil }
        // Counted in place (no array): most lines without a quantity are not headers.
        var wordCount = 0, firstWord = -1
        for k in content.indices where tokens[k].kind == .word {
            if firstWord < 0 { firstWord = k }
            wordCount += 1
        }
        guard wordCount > 0 else { return nil }
        // No digit anywhere (quantities were checked; a word like "A1" is not a header word).
        for b in UnsafeBufferPointer(rebasing: line[first.start..<last.end]) where Tokenizer.isDigit(b) { return nil }
        let title = first.start..<last.end
        if colon, wordCount <= 8 { return title }
        guard wordCount == content.count else { return nil } // words only from here on
        if let m = tokens.withUnsafeBufferPointer({ tables.lexicon.headers.longestMatch(start: content.startIndex, words: Words($0, end: content.endIndex)) }),
           m.words == content.count {
            return title
        }
        // "For the cake", "For cake", "For decoration": a purpose word (function-words.tsv)
        // and up to five words.
        if wordCount <= 6, wordCount >= 2, tables.lexicon.functionWordRoles(of: tokens[firstWord]).contains(.purpose) {
            return title
        }
        return nil
    }
}
