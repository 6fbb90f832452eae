/// The shape of a word token, packed in a byte: its case pattern, its length class and which
/// kinds of bytes it holds besides letters. The tokenizer counts these during the scan that
/// finds the word, so that the tagger need not read the word's bytes again.
///
/// Codes run from 1 to `WordShape.largestCode`; 0 stands for a word whose shape was not made
/// (see `Token.wordShape`).
@usableFromInline package struct WordShape: Equatable, Sendable {
    /// The counts of the word's stem bytes by kind.
    @usableFromInline package var upper = 0, lower = 0, digitsAndMarks = 0, hyphens = 0, nonASCII = 0
    /// Whether the first byte is an ASCII capital.
    @usableFromInline package var firstUpper = false
    /// Whether the token ends in a dot that its stem leaves out ("tsp.").
    @usableFromInline package var trailingDot = false

    /// The largest code `code` makes.
    package static let largestCode = 192

    /// The case pattern of a code (1…`largestCode`, see `code`): 0 no capital, 1 no small
    /// letter, 2 one capital that comes first, 3 mixed.
    @inlinable @inline(__always)
    package static func casePattern(ofCode code: Int) -> Int { (code &- 1) % 12 / 3 }

    /// The length class of a code: 0 four bytes or more, 1 one, 2 two or three.
    @inlinable @inline(__always)
    package static func lengthClass(ofCode code: Int) -> Int { (code &- 1) % 3 }

    /// The code of the same word with no capital (its case pattern 0).
    @inlinable @inline(__always)
    package static func withoutCapitals(code: Int) -> Int { code &- 3 &* casePattern(ofCode: code) }

    /// What a trailing dot adds to a code (its mark bit, 8, times 12): codes above this have one.
    @usableFromInline static let trailingDotCodes: UInt8 = 96

    /// The code of the same word without its trailing dot, or nil when it has none.
    @inlinable @inline(__always)
    package static func withoutTrailingDot(code: UInt8) -> UInt8? { code > trailingDotCodes ? code &- trailingDotCodes : nil }

    /// Counts the bytes of `stem`: what the tokenizer's scan counts as it goes.
    @inlinable package init(stem: UnsafeBufferPointer<UInt8>, trailingDot: Bool) {
        for b in stem {
            if b &- 0x41 < 26 { upper += 1 }
            else if b &- 0x61 < 26 { lower += 1 }
            else if b == 0x2D { hyphens += 1 }
            else if b >= 0x80 { nonASCII += 1 }
            else { digitsAndMarks += 1 }
        }
        firstUpper = stem.first.map { $0 &- 0x41 < 26 } ?? false
        self.trailingDot = trailingDot
    }

    /// The packed shape: 1 + case pattern × 3 + length class + 12 × marks.
    ///
    /// Case pattern: 0 no capital, 1 no small letter, 2 one capital that comes first, 3 mixed.
    /// Length class (in bytes): 0 four or more, 1 one, 2 two or three. Marks: bit 0 a hyphen,
    /// bit 1 a non-ASCII byte, bit 2 a digit or another mark, bit 3 a trailing dot.
    @inlinable package var code: UInt8 {
        Self.code(upper: upper, lower: lower, digitsAndMarks: digitsAndMarks, hyphens: hyphens, nonASCII: nonASCII,
                  firstUpper: firstUpper, trailingDot: trailingDot)
    }

    /// The packed shape of a word from the counts of its stem's bytes (see `code`), as the
    /// tokenizer gives them while scanning.
    @inlinable @inline(__always)
    package static func code(upper: Int, lower: Int, digitsAndMarks: Int, hyphens: Int, nonASCII: Int,
                     firstUpper: Bool, trailingDot: Bool) -> UInt8 {
        let casePattern = upper == 0 ? 0 : lower == 0 ? 1 : firstUpper && upper == 1 ? 2 : 3
        let length = upper &+ lower &+ digitsAndMarks &+ hyphens &+ nonASCII
        let lengthClass = length == 1 ? 1 : length <= 3 ? 2 : 0
        let marks = (hyphens > 0 ? 1 : 0) | (nonASCII > 0 ? 2 : 0) | (digitsAndMarks > 0 ? 4 : 0) | (trailingDot ? 8 : 0)
        return UInt8(truncatingIfNeeded: 1 &+ casePattern &* 3 &+ lengthClass &+ 12 &* marks)
    }

    /// The shape's bytes as the tagger's `shape` feature writes them (e.g. `Xx2.`): the case
    /// pattern (`x`, `XX`, `Xx`, `xX`), then `1` or `2` for a word of one or of two or three
    /// bytes, `-` for a hyphen, `u` for a non-ASCII byte, `.` for a digit or another mark, `_`
    /// for a trailing dot.
    package static func bytes(code: UInt8) -> SmallBytes {
        var s = SmallBytes()
        guard code >= 1, Int(code) <= largestCode else { return s }
        let c = Int(code) - 1
        switch casePattern(ofCode: Int(code)) {
        case 0: s.append(0x78) // x
        case 1: s.append(0x58); s.append(0x58) // XX
        case 2: s.append(0x58); s.append(0x78) // Xx
        default: s.append(0x78); s.append(0x58) // xX
        }
        switch lengthClass(ofCode: Int(code)) {
        case 1: s.append(0x31)
        case 2: s.append(0x32)
        default: break
        }
        let marks = c / 12
        if marks & 1 != 0 { s.append(0x2D) }
        if marks & 2 != 0 { s.append(0x75) }
        if marks & 4 != 0 { s.append(0x2E) }
        if marks & 8 != 0 { s.append(0x5F) }
        return s
    }
}
