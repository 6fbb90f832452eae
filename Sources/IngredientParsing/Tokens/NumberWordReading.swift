import IngredientLexicon

/// Number words read as numbers where only an amount can stand: the whole number written as a
/// word that opens the line ("two cups flour", "Four venison fillets"), and one after "to",
/// "or" or a dash that follows a number ("one or two eggs", "1 to two teaspoons"). They become
/// quantity tokens, grouped into ranges as digits are, so that the tagger and the assembler
/// read "one or two eggs" as they read "1 or 2 eggs". Articles ("a", "an") and fractions
/// ("half") keep their own rules, and a word before a fraction stays a word ("One ½-inch
/// piece" is one piece, where "1 ½" is a mixed number). A number word that opens a name of the
/// synonym tables stays a word ("Five spice powder").
package enum NumberWordReading {
    /// Reads the number words of `tokens` (of `text`) that stand as amounts as numbers, and
    /// groups the line's numbers again when one was read. `joinable` false (the tokenizer saw
    /// no number followed by a joiner: `Tokenizer.LineNotes.joinable`) skips the search after
    /// numbers, which could find nothing then.
    @inline(__always)
    package static func apply(_ tokens: inout [Token], _ text: UnsafeBufferPointer<UInt8>, lexicon: Lexicon, joinable: Bool = true) {
        guard tokens.count >= 2 else { return }
        // Most lines open with a number and have no number before a joiner: nothing to read.
        guard joinable || tokens[0].kind == .word else { return }
        let changed = tokens.withUnsafeMutableBufferPointer { read($0, text, lexicon, joinable: joinable) }
        guard changed else { return }
        let count = tokens.withUnsafeMutableBufferPointer { QuantityGrouping.group($0, text) }
        tokens.removeLast(tokens.count - count)
    }

    /// The reading of `apply` in place; whether a word became a number.
    private static func read(_ t: UnsafeMutableBufferPointer<Token>, _ text: UnsafeBufferPointer<UInt8>, _ lexicon: Lexicon,
                             joinable: Bool) -> Bool {
        let n = t.count
        var changed = false
        if t[0].kind == .word, t[1].kind == .word || (t[1].kind == .quantity && !t[1].isProperFraction),
           read(t, at: 0, lexicon, unlessOpeningName: text) {
            changed = true
        }
        // A word after a joiner after a number (most lines have no number two tokens before a
        // word): each token's kind is read once.
        guard joinable || changed else { return changed }
        var twoBefore = t[0].kind, oneBefore = t[1].kind
        var i = 2
        while i < n {
            let kind = t[i].kind
            if twoBefore == .quantity, kind == .word, !t[i &- 2].isMultiplier,
               QuantityGrouping.isRangeJoiner(t[i &- 1], text), read(t, at: i, lexicon) {
                changed = true
            }
            twoBefore = oneBefore
            oneBefore = kind
            i &+= 1
        }
        return changed
    }

    /// Whether the words that open the line begin with a name of the synonym tables that
    /// starts with a number word and goes on ("Five spice powder", "Thousand Island dressing"):
    /// then the number word is part of the name, not an amount.
    static func opensName(_ t: UnsafeBufferPointer<Token>, _ text: UnsafeBufferPointer<UInt8>, _ lexicon: Lexicon) -> Bool {
        // Only number words that are no article ("a cup of flour" asks nothing more).
        guard t.count >= 2, t[0].kind == .word, lexicon.firstWords[t[0].hash].map({ $0 & Lexicon.FirstWord.number != 0 }) ?? false,
              !lexicon.functionWordRoles(hash: t[0].hash, length: t[0].stemEnd - t[0].start).contains(.article) else { return false }
        var end = 1
        while end < t.count, end < 6, t[end].kind == .word { end += 1 }
        guard end >= 2, t[end - 1].end <= text.count else { return false }
        let words = UnsafeBufferPointer(rebasing: text[t[0].start..<t[end - 1].end])
        return lexicon.keyTables.leadingNameWords(utf8: words) >= 2
    }

    /// Makes token `i` a quantity when it is a one-word number phrase of a whole value from 1
    /// to 100 and no article; whether it did.
    /// With `unlessOpeningName` (the line's text, for the line's first token), not when the
    /// word opens a name of the synonym tables (`opensName`).
    private static func read(_ t: UnsafeMutableBufferPointer<Token>, at i: Int, _ lexicon: Lexicon,
                             unlessOpeningName text: UnsafeBufferPointer<UInt8>? = nil) -> Bool {
        let token = t[i]
        guard token.stemEnd == token.end,
              let m = lexicon.numbers.longestMatch(start: i, words: Words(UnsafeBufferPointer(t))), m.words == 1,
              m.value >= 1, m.value <= 100, m.value.rounded() == m.value,
              !lexicon.functionWordRoles(hash: token.hash, length: token.stemEnd - token.start).contains(.article) else { return false }
        if let text, opensName(UnsafeBufferPointer(t), text, lexicon) { return false }
        var q = Token(kind: .quantity, start: token.start, end: token.end, value: m.value, maxValue: m.value)
        q.isInteger = true
        q.stemEnd = token.end
        t[i] = q
        return true
    }
}
