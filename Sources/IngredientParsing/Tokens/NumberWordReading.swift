import IngredientLexicon

/// Number words read as numbers where only an amount can stand: the whole number written as a
/// word that opens the line ("two cups flour", "Four venison fillets"), and one after "to",
/// "or" or a dash that follows a number ("one or two eggs", "1 to two teaspoons"). They become
/// quantity tokens, grouped into ranges as digits are, so that the tagger and the assembler
/// read "one or two eggs" as they read "1 or 2 eggs". Articles ("a", "an") and fractions
/// ("half") keep their own rules.
package enum NumberWordReading {
    /// Reads the number words of `tokens` (of `text`) that stand as amounts as numbers, and
    /// groups the line's numbers again when one was read.
    package static func apply(_ tokens: inout [Token], _ text: UnsafeBufferPointer<UInt8>, lexicon: Lexicon) {
        let n = tokens.count
        guard n >= 2 else { return }
        var changed = false
        // Not before a fraction: "One ½-inch piece" is one piece, where "1 ½" is a mixed number.
        if tokens[0].kind == .word, tokens[1].kind == .word || (tokens[1].kind == .quantity && !tokens[1].isProperFraction),
           read(&tokens, at: 0, text, lexicon) {
            changed = true
        }
        // A word after a joiner after a number (most lines have no such place).
        var i = 2
        while i < n {
            if tokens[i].kind == .word, tokens[i - 2].kind == .quantity, !tokens[i - 2].isMultiplier,
               QuantityGrouping.isRangeJoiner(tokens[i - 1], text), read(&tokens, at: i, text, lexicon) {
                changed = true
            }
            i += 1
        }
        guard changed else { return }
        let count = tokens.withUnsafeMutableBufferPointer { QuantityGrouping.group($0, text) }
        tokens.removeLast(tokens.count - count)
    }

    /// Makes token `i` a quantity when it is a one-word number phrase of a whole value from 1
    /// to 100 and no article; whether it did.
    private static func read(_ tokens: inout [Token], at i: Int, _ text: UnsafeBufferPointer<UInt8>, _ lexicon: Lexicon) -> Bool {
        let t = tokens[i]
        guard t.stemEnd == t.end, !lexicon.functionWordRoles(hash: t.hash, length: t.stemEnd - t.start).contains(.article),
              let m = tokens.withUnsafeBufferPointer({ lexicon.numbers.longestMatch(start: i, words: Words($0)) }), m.words == 1,
              m.value >= 1, m.value <= 100, m.value.rounded() == m.value else { return false }
        var q = Token(kind: .quantity, start: t.start, end: t.end, value: m.value, maxValue: m.value)
        q.isInteger = true
        q.stemEnd = t.end
        tokens[i] = q
        return true
    }
}
