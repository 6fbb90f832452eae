import IngredientText

/// Eight bytes of a line looked at together: how many of them, from the first, are ASCII
/// letters, and those letters' folded hash (as `ByteHash.fold` makes it) and capitals, with
/// one test for the eight (`Tokenizer.scanLetters`).
struct LetterBlock {
    /// The eight bytes with bit 7 cleared and bit 5 set: a letter's folded byte.
    let folded: UInt64
    /// How many bytes from the first are ASCII letters (0…8).
    let letters: Int
    /// How many of those letters are capitals (the bytes without bit 5).
    let capitals: Int

    /// The block of eight bytes `x`, the first in its low byte.
    @inline(__always)
    init(_ x: UInt64) {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Per byte, without carries between bytes (each folded byte is at most 0x7F):
        // bit 7 of `atLeastA` is set from 0x61 ('a') up, of `pastZ` from 0x7B (past 'z').
        let folded = (x & ~high) | 0x2020_2020_2020_2020
        let atLeastA = folded &+ 0x1F1F_1F1F_1F1F_1F1F
        let pastZ = folded &+ 0x0505_0505_0505_0505
        // Bit 7 set for each byte that is not a letter (non-ASCII bytes included).
        let notLetter = ~(atLeastA & ~pastZ & ~x) & high
        self.folded = folded
        self.letters = notLetter.trailingZeroBitCount &>> 3
        // Lower-case letters have bit 5 set, and so have most bytes after a word (space, comma,
        // digits, most marks): in most blocks no byte lacks it, and there are no capitals to count.
        if ~x & 0x2020_2020_2020_2020 == 0 {
            self.capitals = 0
        } else {
            // Bit 0 of each leading letter byte: below bit 7 of the first non-letter byte (its
            // lowest set bit; none at all when the eight are letters, and the mask is then all
            // ones).
            let firstNotLetter = notLetter & (0 &- notLetter)
            let leadingLetters = (firstNotLetter &>> 7) &- 1
            let lowerCaseBitClear = (~x &>> 5) & 0x0101_0101_0101_0101 & leadingLetters
            self.capitals = Int(truncatingIfNeeded: (lowerCaseBitClear &* 0x0101_0101_0101_0101) &>> 56)
        }
    }

    /// `hash` with the leading `letters` folded bytes mixed in, one by one: entered at the
    /// step for the count and falling through the rest, so no byte pays a loop test.
    @inline(__always)
    func hash(into hash: UInt64) -> UInt64 {
        var h = hash, w = folded
        @inline(__always) func step() {
            h = ByteHash.mixExact(h, UInt8(truncatingIfNeeded: w))
            w &>>= 8
        }
        switch letters {
        case 8: step(); fallthrough
        case 7: step(); fallthrough
        case 6: step(); fallthrough
        case 5: step(); fallthrough
        case 4: step(); fallthrough
        case 3: step(); fallthrough
        case 2: step(); fallthrough
        case 1: step()
        default: break
        }
        return h
    }
}
