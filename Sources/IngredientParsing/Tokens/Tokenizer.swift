import IngredientText
import IngredientLexicon
import IngredientTagger

/// Splits a line of valid UTF-8 into tokens, working on bytes.
///
/// Numbers in every written form (`1`, `1.5`, `1,5`, `1/2`, `½`, `1⁄2`, `1½`, `1 1/2`, `1-1/2`)
/// become one valued `quantity` token; ranges (`2-3`, `2–3`, `2 to 3`, `2 or 3`) and
/// multipliers (`8 x`, `x2`) are grouped in a second pass. Units glued to numbers
/// (`400g`, `10-ounce`) are split off.
package enum Tokenizer {
    /// The word "and" as the tokenizer reads it: a spaced "&" is read as it.
    static let and: Token = Array("and".utf8).withUnsafeBufferPointer { tokenize($0)[0] }

    /// Stand-in marks for non-ASCII punctuation.
    static let dashMark: UInt8 = 0x2D // en and em dashes behave like '-'
    static let timesMark: UInt8 = 0x78 // '×' behaves like 'x'
    static let otherMark: UInt8 = 0x7E

    package static func tokenize(_ line: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        tokenize(line, into: &tokens)
        return tokens
    }

    /// Tokenizes into `tokens`, reusing its storage. Returns whether the line is plain text
    /// (see `lex`).
    @discardableResult
    static func tokenize(_ line: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) -> Bool {
        fill(&tokens, line, grouping: true).plain
    }

    /// What tokenizing a line noted besides its tokens.
    struct LineNotes {
        /// Whether the text is plain (see `lex`).
        var plain: Bool
        /// The text the tokens are of: the line, or its composed form (see `tokenizeNoting`).
        var text: UnsafeBufferPointer<UInt8>
        /// Whether some number is followed by a token that may join it ("to", "or", a dash, a
        /// fraction: `QuantityGrouping.isNeeded`); false where the line was not grouped.
        var joinable = false
    }

    /// Tokenizes into `tokens`, reusing its storage, and returns what it noted of the line. A
    /// line with a combining mark that composition joins to the character before it
    /// (U+0300–U+036F, Hangul jamo U+1100–U+11FF), an invisible format character
    /// (`isInvisible`) or an HTML character reference (`&frac12;`) is normalized
    /// (`LineComposition`: references decoded, without the invisible characters, composed,
    /// NFC) into `composed`, and that text tokenized: then `text` lies there.
    @inline(__always)
    static func tokenizeNoting(_ line: UnsafeBufferPointer<UInt8>, into tokens: inout [Token],
                               composingInto composed: UnsafeMutablePointer<PlainList<UInt8>>) -> LineNotes {
        fill(&tokens, line, grouping: true, composingInto: composed)
    }

    /// The first pass alone (no quantity grouping) into `tokens`, reusing its storage. Returns
    /// whether the line is plain text (see `lex`).
    @discardableResult
    static func lex(_ line: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) -> Bool {
        fill(&tokens, line, grouping: false).plain
    }

    /// Replaces `tokens` with the line's. A line of n bytes has at most n tokens (each takes a
    /// byte at least): with room for that many, both passes write in place, with no capacity
    /// or uniqueness check a token (see `LineTokens`).
    @inline(__always)
    private static func fill(_ tokens: inout [Token], _ line: UnsafeBufferPointer<UInt8>, grouping: Bool,
                             composingInto composed: UnsafeMutablePointer<PlainList<UInt8>>? = nil) -> LineNotes {
        // As `removeAll(keepingCapacity: true)`, without its uniqueness check before the one
        // that removing makes.
        tokens.removeLast(tokens.count)
        if tokens.capacity < line.count { tokens.reserveCapacity(line.count) }
        var notes = LineNotes(plain: true, text: line)
        withUnsafeMutablePointer(to: &notes) { notes in
            tokens.append(contentsOf: LineTokens(line: line, grouping: grouping, notes: notes, composed: composed))
        }
        // A list marker that opens the line ("• 2 cups flour", "- 1 onion", "* salt") is no
        // part of the ingredient: the line is read as if it were not there.
        if tokens.count > 1, isListMarker(tokens[0], before: tokens[1], in: notes.text) { tokens.removeFirst() }
        // So is a list number before the amount ("1. 2 cups milk", "3) 1 onion").
        if tokens.count > 3, isListNumber(tokens[0], tokens[1], before: tokens[2]) { tokens.removeFirst(2) }
        // And a full stop that ends the line ("1 cup shredded coconut.", "1 lemon, juiced."):
        // on its own after a word or a parenthesis, or kept by a short word ("oil."); and so is
        // an ellipsis ("1 cup sugar...", "salt…"), with the dot of the word it follows.
        if !tokens.isEmpty {
            var last = tokens.count - 1
            var ellipsis = false
            if tokens[last].kind == .punctuation, tokens[last].mark == 0x2E || tokens[last].mark == otherMark,
               let start = ellipsisStart(tokens, in: notes.text) {
                tokens.removeLast(tokens.count - start)
                last = start - 1
                ellipsis = true
            }
            if !ellipsis, last > 0, tokens[last].kind == .punctuation, tokens[last].mark == 0x2E, tokens[last].end - tokens[last].start == 1,
               tokens[last - 1].kind == .word || (tokens[last - 1].kind == .punctuation && tokens[last - 1].mark == 0x29) {
                tokens.removeLast()
            } else if tokens[last].kind == .word, tokens[last].end == tokens[last].stemEnd + 1,
                      let shape = WordShape.withoutTrailingDot(code: tokens[last].wordShape) {
                tokens[last].end = tokens[last].stemEnd
                tokens[last].wordShape = shape
            }
        }
        return notes
    }

    /// Where an ellipsis that ends the line starts: two or more full stops, or `…` (U+2026),
    /// after a word or a closing parenthesis (a word's own trailing dot counts as one of the
    /// stops: "sugar..." is the word "sugar." and two stops); nil when the line ends otherwise.
    static func ellipsisStart(_ tokens: [Token], in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = tokens.count
        var dots = 0
        while start > 1, tokens[start - 1].kind == .punctuation, tokens[start - 1].start < text.count {
            let token = tokens[start - 1]
            if token.mark == 0x2E, token.end - token.start == 1 {
                dots += 1
            } else if token.mark == otherMark, decode(text, at: token.start).0 == 0x2026 {
                dots += 3
            } else {
                break
            }
            start -= 1
        }
        guard start < tokens.count else { return nil }
        let before = tokens[start - 1]
        guard before.kind == .word || (before.kind == .punctuation && before.mark == 0x29) else { return nil }
        if before.kind == .word, before.end == before.stemEnd + 1, before.end == tokens[start].start { dots += 1 }
        return dots >= 2 ? start : nil
    }

    /// Whether `number` and `mark` are a list number ("1.", "12)") with a space before `next`,
    /// an amount: a whole number below 100 with a dot or a closing parenthesis right after it.
    static func isListNumber(_ number: Token, _ mark: Token, before next: Token) -> Bool {
        number.kind == .quantity && number.isInteger && number.value >= 1 && number.value < 100 && !number.isMultiplier
            && number.maxValue == number.value && mark.kind == .punctuation && (mark.mark == 0x2E || mark.mark == 0x29)
            && mark.start == number.end && next.start > mark.end && next.kind == .quantity
    }

    /// Whether `token` is one bullet character (`•`, `‣`, `⁃`, `·`, `▪`, `●`, `○`, `◦`, `■`,
    /// `□`, `★`, `✓`, `*`, `-`, `–`, `—`) with a space before `next`.
    static func isListMarker(_ token: Token, before next: Token, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.kind == .punctuation, next.start > token.end, token.start < text.count else { return false }
        let (scalar, length) = decode(text, at: token.start)
        guard length == token.end - token.start else { return false }
        switch scalar {
        case 0x2A, 0x2D, 0x2013, 0x2014, 0x2022, 0x2023, 0x2043, 0xB7, 0x25A0, 0x25A1, 0x25AA, 0x25AB, 0x25CB, 0x25CF,
             0x25E6, 0x2605, 0x2606, 0x2713, 0x2714:
            return true
        default:
            return false
        }
    }

    /// What `lex` made of a line.
    struct Lexed {
        /// How many tokens it wrote.
        var count = 0
        /// Whether the line is plain text: no control character, DEL, quote or backslash (the
        /// bytes a JSON string escapes), so that its bytes can be copied into JSON as they are.
        /// Every such byte is seen by `lex`, as words and numbers never take one in.
        var plain = true
        /// Bit `i` set where token `i` may be a quantity (bit 63: any token from the 63rd on),
        /// for `QuantityGrouping.isNeeded`.
        var quantities: UInt64 = 0
        /// Whether the line has a combining mark that composition may join to the character
        /// before it, an invisible format character, or an `&` that may open a character
        /// reference (see `tokenizeNoting`).
        var needsNormalizing = false
    }

    /// The first pass: the line's tokens before quantity grouping, each with its hash and stem,
    /// written from `tokens` (which has room for as many tokens as the line has bytes).
    /// (Labelled `writingAt`, not `into`, so that `&array` cannot pick it as a pointer.)
    static func lex(_ line: UnsafeBufferPointer<UInt8>, writingAt tokens: UnsafeMutablePointer<Token>) -> Lexed {
        var plain = true
        var count = 0
        var quantities: UInt64 = 0
        var marks = false
        var i = 0
        let n = line.count
        while i < n {
            let b = line[i]
            // Spaces first (the most common byte between tokens), then words: they are the most
            // common tokens, and no letter starts a number.
            if b == 0x20 {
                i &+= 1
                continue
            }
            if b < 0x80 {
                if isASCIILetter(b) {
                    // "2x400g", "x2": an 'x' before a digit may be a multiplier sign or a multiplier.
                    if (b | 0x20) == 0x78, i &+ 1 < n, isDigit(line[i &+ 1]), let end = lexTimes(line, from: i, into: tokens + count) {
                        count &+= 1
                        i = end
                        continue
                    }
                    // The word's folded hash is made during the scan (as `finishHash` would make
                    // it), with its capitals counted for its `WordShape`. Most words are ASCII
                    // letters that the line's end or a byte that cannot go on a word follows (most
                    // often a space or a comma): they are done here.
                    var end = i, hash = ByteHash.seed, upper = 0
                    scanLetters(line, &end, &hash, &upper)
                    let next = end < n ? line[end] : 0
                    if !continuesWord(next) {
                        var token = Token(kind: .word, start: i, end: end)
                        token.stemEnd = end
                        token.hash = hash
                        token.wordShape = WordShape.code(upper: upper, lower: end &- i &- upper, digitsAndMarks: 0, hyphens: 0,
                                                         nonASCII: 0, firstUpper: b &- 0x41 < 26, trailingDot: false)
                        (tokens + count).initialize(to: token)
                        count &+= 1
                        // The space after the word (most words have one) is passed here.
                        i = next == 0x20 ? end &+ 1 : end
                        continue
                    }
                    i = lexWord(line, from: i, lettersEnd: end, hash: hash, upper: upper, into: tokens + count, marks: &marks)
                    count &+= 1
                    continue
                }
                if b < 0x20 || b == 0x7F {
                    plain = false
                    i += 1
                    continue
                }
                if isDigit(b) {
                    quantities |= 1 &<< UInt64(min(count, 63))
                    // Most numbers are whole numbers that a space or the line's end follows ("2
                    // cups"): nothing after their digits can make them decimal, a fraction or
                    // glued to a unit.
                    let (whole, _, end) = digits(line, from: i)
                    if end == n || line[end] == 0x20 {
                        // A quantity's stem is all of it and it has no hash (as `finished` makes them).
                        var token = Token(kind: .quantity, start: i, end: end, value: whole, maxValue: whole)
                        token.stemEnd = end
                        token.isInteger = true
                        (tokens + count).initialize(to: token)
                        i = end
                    } else {
                        i = lexNumber(line, from: i, into: tokens + count)
                    }
                    count &+= 1
                    continue
                }
                if (b == 0x2E && i + 1 < n && isDigit(line[i + 1]) && (i == 0 || !isDigit(line[i - 1])))
                    || (b == 0x2C && startsDecimalComma(line, at: i)) {
                    quantities |= 1 &<< UInt64(min(count, 63))
                    i = lexNumber(line, from: i, into: tokens + count)
                    count &+= 1
                    continue
                }
                // "2#" is two pounds: a '#' right after a number is a unit word.
                if b == 0x22 || b == 0x5C { plain = false }
                let kind: Token.Kind = b == 0x23 && i > 0 && isDigit(line[i - 1]) ? .word : .punctuation
                // One byte: its stem is itself and its hash that byte's (as `finished` makes them).
                var token = Token(kind: kind, start: i, end: i + 1, mark: kind == .word ? 0 : b)
                token.stemEnd = i + 1
                token.hash = ByteHash.mix(ByteHash.seed, b)
                // An "&" between spaces is the word "and" ("salt & pepper", "1 & 1/2 cups"): the
                // tagger and the rules read it as "and"; the fields keep the "&" as written.
                if b == 0x26 {
                    if i > 0, i + 1 < n, line[i - 1] == 0x20, line[i + 1] == 0x20 {
                        token = Token(kind: .word, start: i, end: i + 1)
                        token.stemEnd = i + 1
                        token.hash = Self.and.hash
                        token.wordShape = Self.and.wordShape
                    } else if CharacterReferences.mayOpen(line, at: i) {
                        // "&frac12;", "&#189;": a character reference, which the line is read
                        // with decoded (`LineComposition`).
                        marks = true
                    }
                }
                (tokens + count).initialize(to: token)
                count &+= 1
                i += 1
                continue
            }
            let (scalar, length) = decode(line, at: i)
            if needsNormalizing(scalar) { marks = true }
            switch classify(scalar) {
            case .space:
                i += length
            case .fraction:
                quantities |= 1 &<< UInt64(min(count, 63))
                i = lexNumber(line, from: i, into: tokens + count)
                count &+= 1
            case .punctuation(let mark):
                (tokens + count).initialize(to: finished(Token(kind: .punctuation, start: i, end: i + length, mark: mark), line))
                count &+= 1
                i += length
            case .letter:
                i = lexWord(line, from: i, lettersEnd: i, hash: ByteHash.seed, upper: 0, into: tokens + count, marks: &marks)
                count &+= 1
            }
        }
        return Lexed(count: count, plain: plain, quantities: quantities, needsNormalizing: marks)
    }

    // MARK: - Characters

    enum CharacterClass { case space, fraction, punctuation(UInt8), letter }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    /// Whether a line with this (non-ASCII) scalar is read normalized (`LineComposition`): a
    /// combining mark that composition may join to the character before it (U+0300–U+036F, a
    /// Hangul jamo U+1100–U+11FF), or an invisible format character (`isInvisible`).
    @inline(__always) static func needsNormalizing(_ c: UInt32) -> Bool {
        c &- 0x300 < 0x70 || c &- 0x1100 < 0x100 || isInvisible(c)
    }

    /// Whether a scalar is an invisible format character that web pages and word processors
    /// leave in text: a soft hyphen (U+00AD), zero-width space, non-joiner and joiner (U+200B–
    /// U+200D), direction marks and embeddings (U+200E–U+200F, U+202A–U+202E, U+2066–U+2069),
    /// a word joiner and invisible operators (U+2060–U+2064), a zero-width no-break space
    /// (U+FEFF). A line is read without them: `\u{200D}225 g flour` is 225 g of flour, and
    /// `Weizen\u{AD}mehl` the word `Weizenmehl`.
    @inline(__always) static func isInvisible(_ c: UInt32) -> Bool {
        c == 0xAD || c &- 0x200B < 5 || c &- 0x202A < 5 || c &- 0x2060 < 5 || c &- 0x2066 < 4 || c == 0xFEFF
    }

    /// Decodes the scalar at `i` of valid UTF-8.
    @inline(__always)
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(s[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0, i + 1 < s.count { return ((b0 & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F), 2) }
        if b0 < 0xF0, i + 2 < s.count {
            return ((b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F), 3)
        }
        if i + 3 < s.count {
            return ((b0 & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F) << 6 | UInt32(s[i + 3] & 0x3F), 4)
        }
        return (0xFFFD, s.count - i)
    }

    static func classify(_ c: UInt32) -> CharacterClass {
        switch c {
        case 0x80...0x9F, 0xA0, 0x2000...0x200B, 0x202F, 0x205F, 0x3000, 0xFEFF, 0x00AD:
            return .space
        case 0xBC...0xBE, 0x2150...0x215E, 0x2189:
            return .fraction
        case 0x2010...0x2015, 0x2212, 0x2E3A, 0x2E3B:
            return .punctuation(dashMark)
        case 0xD7:
            return .punctuation(timesMark)
        case 0x2018...0x201F, 0xAB, 0xBB, 0x2039, 0x203A:
            return .punctuation(0x22)
        case 0x2022, 0x2023, 0x2043, 0x25AA...0x25CF, 0xB7, 0x2026, 0x2044, 0xA1, 0xBF, 0x2605, 0x2606, 0x2713, 0x2714:
            return .punctuation(otherMark)
        default:
            return .letter
        }
    }

    /// Value of a vulgar fraction scalar.
    static func fractionValue(_ c: UInt32) -> Double? {
        switch c {
        case 0xBC: 0.25
        case 0xBD: 0.5
        case 0xBE: 0.75
        case 0x2150: 1.0 / 7
        case 0x2151: 1.0 / 9
        case 0x2152: 0.1
        case 0x2153: 1.0 / 3
        case 0x2154: 2.0 / 3
        case 0x2155: 0.2
        case 0x2156: 0.4
        case 0x2157: 0.6
        case 0x2158: 0.8
        case 0x2159: 1.0 / 6
        case 0x215A: 5.0 / 6
        case 0x215B: 0.125
        case 0x215C: 0.375
        case 0x215D: 0.625
        case 0x215E: 0.875
        case 0x2189: 0
        default: nil
        }
    }

    // MARK: - Lexing

    /// Whether the comma at `i` starts a number as a decimal comma (",5 cup"): it follows the
    /// line's start or a space or opening parenthesis and digits follow it, so it cannot
    /// separate thousands or words.
    @inline(__always)
    static func startsDecimalComma(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        i + 1 < s.count && isDigit(s[i + 1]) && (i == 0 || s[i - 1] == 0x20 || s[i - 1] == 0x28)
    }

    /// Reads digits from `i`; returns the integer value, digit count and the end.
    @inline(__always)
    static func digits(_ s: UnsafeBufferPointer<UInt8>, from i: Int) -> (Double, Int, Int) {
        var j = i
        var v = 0
        while j < s.count, isDigit(s[j]) {
            // Absurdly long digit runs: the digits after the 15th are left out. Fifteen digits
            // fit a Double's 53 bits, so that the value is exact, as summed in doubles.
            if j &- i < 15 { v = v &* 10 &+ Int(s[j] &- 0x30) }
            j &+= 1
        }
        return (Double(v), j - i, j)
    }

    static func lexNumber(_ s: UnsafeBufferPointer<UInt8>, from start: Int, into slot: UnsafeMutablePointer<Token>) -> Int {
        let n = s.count
        var i = start
        var value = 0.0
        var properFraction = false
        var integer = true
        var sawDigits = false
        // The high end of a range written with a slash ("200/250 g").
        var slashHigh: Double?

        // A whole part of a lone "0" ("0,667"): a comma after it is a decimal comma, never thousands.
        var wholeIsZero = false
        if isDigit(s[i]) || s[i] == 0x2E || s[i] == 0x2C {
            var whole = 0.0
            if isDigit(s[i]) {
                let (v, count, j) = digits(s, from: i)
                whole = v
                wholeIsZero = count == 1 && v == 0
                i = j
                sawDigits = true
                // Thousands separators: 1,000 and 1,000,000.
                while !wholeIsZero, i + 3 < n, s[i] == 0x2C, isDigit(s[i + 1]), isDigit(s[i + 2]), isDigit(s[i + 3]),
                      i + 4 >= n || !isDigit(s[i + 4]) {
                    let (v2, _, j2) = digits(s, from: i + 1)
                    whole = whole * 1000 + v2
                    i = j2
                }
            }
            value = whole
            // Decimal point, or a decimal comma followed by one or two digits; any number of
            // digits when the comma cannot be a thousands separator (",5", "0,667").
            if i + 1 < n, s[i] == 0x2E || s[i] == 0x2C, isDigit(s[i + 1]) {
                let (frac, count, j) = digits(s, from: i + 1)
                let isComma = s[i] == 0x2C
                if !isComma || !sawDigits || wholeIsZero || (count <= 2 && (j >= n || !isDigit(s[j]))) {
                    var scale = 1.0
                    for _ in 0..<min(count, 15) { scale *= 10 }
                    value = whole + frac / scale
                    integer = false
                    i = j
                    sawDigits = true
                }
            }
            // A fraction: 1/2 or 1⁄2 (U+2044).
            if integer, sawDigits {
                var slashEnd = -1
                if i + 1 < n, s[i] == 0x2F, isDigit(s[i + 1]) { slashEnd = i + 1 }
                if i + 3 < n, s[i] == 0xE2, s[i + 1] == 0x81, s[i + 2] == 0x84, isDigit(s[i + 3]) { slashEnd = i + 3 }
                if slashEnd > 0 {
                    let (den, _, j) = digits(s, from: slashEnd)
                    switch slashReading(whole, den, unitFollows: j < n && isASCIILetter(s[j])) {
                    case .fraction:
                        value = whole / den
                        properFraction = value < 1
                        integer = false
                        i = j
                    case .range:
                        // As "200-250 g": the low end here, the high end below.
                        slashHigh = den
                        i = j
                    case .twoAmounts:
                        break // the number ends before the slash
                    case .word:
                        // One word, no amount: "11/2006" is no quantity of 0.0055, "80/20" none of 4.
                        slot.initialize(to: finished(Token(kind: .word, start: start, end: j), s))
                        return j
                    }
                }
            }
        }
        // A vulgar fraction, alone or glued to a whole number (1½).
        if i < n, s[i] >= 0xC2 {
            let (c, length) = decode(s, at: i)
            if let f = fractionValue(c), !(sawDigits && !integer) {
                if sawDigits {
                    value += f
                } else {
                    value = f
                    properFraction = true
                }
                integer = false
                i += length
            }
        }
        if i == start { // a lone '.' that did not start a number after all
            slot.initialize(to: finished(Token(kind: .punctuation, start: start, end: start + 1, mark: s[start]), s))
            return start + 1
        }
        var token = Token(kind: .quantity, start: start, end: i, value: value, maxValue: slashHigh ?? value)
        // A quantity's stem is all of it and it has no hash (as `finished` makes them).
        token.stemEnd = i
        token.isProperFraction = properFraction
        token.isInteger = integer
        // A unit glued on ("400g", "10-ounce", "1/2-inch"); a non-ASCII space after the number
        // (a thin space before "½") does not glue.
        if i < n, isASCIILetter(s[i]) || (s[i] >= 0xC3 && !isSpace(s, at: i)) { token.gluedToNext = true }
        if i + 1 < n, s[i] == 0x2D, isASCIILetter(s[i + 1]) {
            token.gluedToNext = true
            slot.initialize(to: token)
            return i + 1 // drop the joining hyphen
        }
        slot.initialize(to: token)
        return i
    }

    /// What a slash between two whole numbers makes of them.
    enum SlashReading {
        /// A fraction (`1/2`, `3/16`).
        case fraction
        /// A range, low to high (`200/250 g`, `16/20 count`).
        case range
        /// Two amounts, the first without its unit (`550/1lb`).
        case twoAmounts
        /// A word, not an amount: a month and year (`11/2006`), a ratio (`80/20 ground beef`).
        case word
    }

    /// How `whole/den` written with a slash reads. A fraction has a denominator that recipes
    /// measure in: halves to sixteenths, 32nds and 64ths (and `1/1`). Otherwise a quantity of
    /// 0.8, 550 or 4 is never what the line says: a smaller number before a larger one (below
    /// 1,000, so not a date's year) is a range; a number over 1 before 1 is an amount before
    /// another in other units, as `450g/1lb` is written without its "g"; a month and a year
    /// (`11/2006`, as recipe files date themselves) and a larger number before a smaller one
    /// (a ratio, `80/20 ground beef`, which names the product as `2%` does milk) are a word.
    /// Before a unit glued on (`400/14oz`) the old reading stays: the labeled sentences read
    /// it so.
    @inline(__always)
    static func slashReading(_ whole: Double, _ den: Double, unitFollows: Bool) -> SlashReading {
        switch den {
        case 2, 3, 4, 5, 6, 8, 10, 12, 16, 32, 64: return .fraction
        case 0: return .twoAmounts
        case 1: return whole <= 1 ? .fraction : .twoAmounts
        default:
            if den >= 1900, den <= 2099, whole >= 1, whole <= 12 { return .word }
            if whole < den { return den < 1000 ? .range : .fraction }
            return unitFollows ? .fraction : .word
        }
    }

    /// Whether the scalar at `i` is a space (U+2009 thin space, U+202F, …).
    static func isSpace(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        if case .space = classify(decode(s, at: i).0) { return true }
        return false
    }

    /// The rest of the word at `start` (see `lex`) from `lettersEnd`, where its first ASCII
    /// letters end (`hash` and `upper` are theirs): its inner marks, digits and non-ASCII
    /// letters. Returns its end.
    @inline(never)
    static func lexWord(_ s: UnsafeBufferPointer<UInt8>, from start: Int, lettersEnd: Int, hash: UInt64, upper: Int,
                        into slot: UnsafeMutablePointer<Token>,
                        marks: inout Bool) -> Int {
        let n = s.count
        var i = lettersEnd, hash = hash, upper = upper
        var beforeDot = hash
        var digitsAndMarks = 0, hyphens = 0, nonASCII = 0
        while i < n {
            let b = s[i]
            if b < 0x80 {
                // Only a digit, hyphen, apostrophe or dot can go on a word after its letters: one
                // test ends it at any other ASCII byte.
                guard b < 0x40, Self.innerWordBytes >> UInt64(b) & 1 != 0 else { break }
                if isDigit(b), i > start {
                    digitsAndMarks &+= 1
                    hash = ByteHash.mixExact(hash, b)
                    i &+= 1
                } else if (b == 0x2D || b == 0x27 || b == 0x2E), i &+ 1 < n, i > start,
                          isASCIILetter(s[i &+ 1]) || s[i &+ 1] >= 0xC3 {
                    // Inner hyphen, apostrophe or dot followed by a letter: "free-range", "e.g".
                    if b == 0x2D { hyphens &+= 1 } else { digitsAndMarks &+= 1 }
                    beforeDot = hash
                    hash = ByteHash.mix(hash, b)
                    i &+= 1
                } else {
                    break
                }
            } else {
                let (c, length) = decode(s, at: i)
                if needsNormalizing(c) { marks = true }
                // A letter, or a typographic apostrophe before one ("it’s").
                let apostrophe = c == 0x2019 && i + length < n && isASCIILetter(s[i + length])
                if !apostrophe { guard case .letter = classify(c) else { break } }
                for k in i..<(i + length) { hash = ByteHash.mix(hash, s[k]) }
                nonASCII &+= length
                i += length
            }
            scanLetters(s, &i, &hash, &upper)
        }
        let letters = i &- start &- digitsAndMarks &- hyphens &- nonASCII
        // Keep an abbreviation's dot: "tsp.", "oz.", "pkg.".
        var end = i
        if i < n, s[i] == 0x2E, i &- start <= 5, i &+ 1 >= n || !isDigit(s[i &+ 1]) { end = i &+ 1 }
        var token = Token(kind: .word, start: start, end: end)
        // The stem leaves out a final dot: the abbreviation's, or an inner one the scan ended on.
        if end > i {
            token.stemEnd = i
        } else if i &- start > 1, s[i &- 1] == 0x2E {
            token.stemEnd = i &- 1
            hash = beforeDot
            digitsAndMarks &-= 1
        } else {
            token.stemEnd = i
        }
        token.hash = hash
        token.wordShape = WordShape.code(upper: upper, lower: letters &- upper, digitsAndMarks: digitsAndMarks, hyphens: hyphens,
                                         nonASCII: nonASCII, firstUpper: s[start] &- 0x41 < 26, trailingDot: end != token.stemEnd)
        slot.initialize(to: token)
        return end
    }

    /// An 'x' before a digit at `start`: "2x400g" (the 'x' between two numbers is a word of its
    /// own, a multiplier sign) or "x2" / "X2" (a multiplier written after the name), appended
    /// with their end returned; nil when it is neither (the 'x' starts a word).
    @inline(never)
    static func lexTimes(_ s: UnsafeBufferPointer<UInt8>, from start: Int, into slot: UnsafeMutablePointer<Token>) -> Int? {
        let n = s.count
        if start > 0, isDigit(s[start - 1]) {
            slot.initialize(to: finished(Token(kind: .word, start: start, end: start + 1), s))
            return start + 1
        }
        if start == 0 || !isASCIILetter(s[start - 1]) {
            let (v, _, j) = digits(s, from: start + 1)
            if j >= n || !isASCIILetter(s[j]) {
                var t = Token(kind: .quantity, start: start, end: j, value: v, maxValue: v)
                t.isMultiplier = true
                t.isInteger = true
                slot.initialize(to: finished(t, s))
                return j
            }
        }
        return nil
    }

    /// Moves `i` past the ASCII letters from it, mixing them (folded) into `hash` and counting
    /// the capitals into `upper`, eight bytes at a time.
    @inline(__always)
    static func scanLetters(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ hash: inout UInt64, _ upper: inout Int) {
        while true {
            let block = LetterBlock(eightBytes(s, from: i))
            upper &+= block.capitals
            hash = block.hash(into: hash)
            i &+= block.letters
            if block.letters < 8 { return }
        }
    }

    /// The eight bytes of `s` from `i` (at most its count) as a little-endian word, with zeros
    /// for those past the end: near the end, the line's last eight bytes shifted down, so that
    /// no byte outside the line is read.
    @inline(__always)
    static func eightBytes(_ s: UnsafeBufferPointer<UInt8>, from i: Int) -> UInt64 {
        let n = s.count
        let p = UnsafeRawPointer(s.baseAddress.unsafelyUnwrapped)
        if i &+ 8 <= n { return UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) }
        if n >= 8 {
            // Shifted down by 8 to 64 bits: by 8 first, then by the rest (0 to 56).
            let last = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
            return (last &>> 8) &>> UInt64(8 &* (i &+ 7 &- n))
        }
        return shortLineBytes(s, from: i)
    }

    /// `eightBytes` on a line shorter than eight bytes.
    @inline(never)
    static func shortLineBytes(_ s: UnsafeBufferPointer<UInt8>, from i: Int) -> UInt64 {
        var x: UInt64 = 0
        var j = s.count
        while j > i {
            j &-= 1
            x = x << 8 | UInt64(s[j])
        }
        return x
    }

    /// Whether the byte after a word's letters can go on the word: a digit, hyphen, apostrophe
    /// or dot (see `innerWordBytes`), or a non-ASCII byte (a letter, or a typographic
    /// apostrophe, may follow).
    @inline(__always)
    static func continuesWord(_ b: UInt8) -> Bool {
        b >= 0x80 || (b < 0x40 && innerWordBytes >> UInt64(b) & 1 != 0)
    }

    /// Bit `b` set for each ASCII byte `b` that can go on inside a word after a letter: the
    /// digits, the hyphen, the apostrophe and the dot (all below 0x40).
    @inline(__always) static var innerWordBytes: UInt64 { 0x03FF_0000_0000_0000 | 1 << 0x2D | 1 << 0x27 | 1 << 0x2E }

    /// `t` with its stem end and hash (see `finishHash`): every token but the words `lexWord`
    /// scans is made with this, as it is appended.
    @inline(__always)
    static func finished(_ t: Token, _ s: UnsafeBufferPointer<UInt8>) -> Token {
        var t = t
        finishHash(&t, s)
        return t
    }

    static func finishHash(_ t: inout Token, _ s: UnsafeBufferPointer<UInt8>) {
        var stem = t.end
        if t.kind == .word, stem - t.start > 1, s[stem - 1] == 0x2E { stem -= 1 }
        t.stemEnd = stem
        if t.kind != .quantity {
            t.hash = ByteHash.fold(UnsafeBufferPointer(rebasing: s[t.start..<stem]))
        }
    }
}

/// A line's tokens as a sequence that `Array.append(contentsOf:)` takes in one step: its
/// `_copyContents` lexes (and groups) straight into the array's free capacity, which must
/// have room for as many tokens as the line has bytes. What it notes of the line goes to
/// `notes`.
private struct LineTokens: Sequence {
    let line: UnsafeBufferPointer<UInt8>
    let grouping: Bool
    let notes: UnsafeMutablePointer<Tokenizer.LineNotes>
    /// Where a line with a combining mark is composed; nil: the line is tokenized as it is.
    let composed: UnsafeMutablePointer<PlainList<UInt8>>?

    /// Iterates by tokenizing the line again for each token: slow, where something iterates
    /// the sequence itself (nothing does; `append(contentsOf:)` takes it whole). It holds no
    /// storage, so that the empty one `append(contentsOf:)` gets back costs no release.
    struct Iterator: IteratorProtocol {
        var tokens: LineTokens?
        var index = 0

        mutating func next() -> Token? {
            guard let tokens else { return nil }
            var all: [Token] = []
            all.reserveCapacity(tokens.line.count)
            all.append(contentsOf: tokens)
            guard index < all.count else { return nil }
            index += 1
            return all[index - 1]
        }
    }

    func makeIterator() -> Iterator {
        Iterator(tokens: self)
    }

    @inline(__always)
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Token>) -> (Iterator, Int) {
        precondition(buffer.count >= line.count, "room for a token a byte")
        guard let base = buffer.baseAddress, !line.isEmpty else {
            notes.pointee = Tokenizer.LineNotes(plain: true, text: line)
            return (Iterator(), 0)
        }
        var lexed = Tokenizer.lex(line, writingAt: base)
        var text = line
        if _slowPath(lexed.needsNormalizing), let composed {
            Self.recompose(&text, lexed: &lexed, into: composed, room: buffer)
        }
        notes.pointee = Tokenizer.LineNotes(plain: lexed.plain, text: text)
        var count = lexed.count
        let tokens = UnsafeMutableBufferPointer(start: base, count: count)
        if grouping, QuantityGrouping.isNeeded(UnsafeBufferPointer(tokens), quantities: lexed.quantities, text) {
            count = QuantityGrouping.group(tokens, text)
            notes.pointee.joinable = true
        }
        return (Iterator(), count)
    }

    /// Composes `text` (which has a combining mark) into `composed` and lexes that instead into
    /// `room`, making `text` the composed text; leaves all as it was when composing changes
    /// nothing. `room` has a token for each byte of `text`, and the composed text is lexed in
    /// room of its own first: it is longer in a few scripts (U+0958 composes to two scalars),
    /// and is taken when its tokens are at most as many as `text` has bytes, so that what a line
    /// reads as never depends on the room.
    @inline(never)
    static func recompose(_ text: inout UnsafeBufferPointer<UInt8>, lexed: inout Tokenizer.Lexed,
                          into composed: UnsafeMutablePointer<PlainList<UInt8>>, room: UnsafeMutableBufferPointer<Token>) {
        guard LineComposition.compose(text, into: &composed.pointee), let base = room.baseAddress else { return }
        let composedText = composed.pointee.buffer
        withUnsafeTemporaryAllocation(of: Token.self, capacity: composedText.count) { longer in
            guard let start = longer.baseAddress else { return }
            let made = Tokenizer.lex(composedText, writingAt: start)
            guard made.count <= text.count else { return }
            base.moveInitialize(from: start, count: made.count)
            text = composedText
            lexed = made
        }
    }
}
