/// Second tokenizer pass: joins number tokens into mixed numbers, ranges and multipliers.
enum QuantityGrouping {
    /// Whether `group` would change `raw`: some quantity is followed by a token that can join
    /// it (a fraction, a number, a hyphen, "to", "or", a times sign). Most lines have none.
    /// Only the tokens at the set bits of `quantities` are looked at, bit 63 standing for all
    /// from the 63rd on (`Tokenizer.Lexed.quantities`; all ones looks at every token).
    static func isNeeded(_ raw: UnsafeBufferPointer<Token>, quantities: UInt64, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits = quantities
        while bits != 0 {
            let i = bits.trailingZeroBitCount
            bits &= bits &- 1
            if i == 63 {
                for k in 63..<max(raw.count, 63) where joinsNext(raw, k, s) { return true }
                return false
            }
            if joinsNext(raw, i, s) { return true }
        }
        return false
    }

    /// Whether token `i` is a quantity that the next token can join.
    @inline(__always)
    private static func joinsNext(_ raw: UnsafeBufferPointer<Token>, _ i: Int, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard i &+ 1 < raw.count, raw[i].kind == .quantity, !raw[i].isMultiplier else { return false }
        let next = raw[i &+ 1]
        switch next.kind {
        case .quantity:
            return true
        case .word:
            // "to", "or" or "x": most words after a number (its unit) are longer.
            return next.end &- next.start <= 2 && (isRangeJoiner(next, s) || isTimes(next, s))
        case .punctuation:
            return isHyphen(next) || isSlash(next) || isTimes(next, s)
        }
    }

    /// Groups `tokens` in place and returns how many there are then. Each token written joins
    /// one read token or more, and all of them are read before it is written, so that the
    /// tokens still to read are never overwritten.
    static func group(_ tokens: UnsafeMutableBufferPointer<Token>, _ s: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeBufferPointer(tokens)
        var count = 0
        var i = 0
        while i < raw.count {
            guard raw[i].kind == .quantity, !raw[i].isMultiplier else {
                tokens[count] = raw[i]
                count += 1
                i += 1
                continue
            }
            var q = raw[i]
            var next = i + 1
            // A fraction written with spaces around its slash: "1 / 2".
            if let f = spacedFraction(raw, at: i) {
                q = f
                next = i + 3
            }
            // Mixed numbers: "1 1/2", "1 ½", "1-1/2", "1 1 / 2".
            if q.isInteger, !q.gluedToNext {
                if next < raw.count, raw[next].kind == .quantity, raw[next].isProperFraction, !raw[next].isMultiplier {
                    q = joined(q, raw[next], value: q.value + raw[next].value)
                    next += 1
                } else if let f = spacedFraction(raw, at: next) {
                    q = joined(q, f, value: q.value + f.value)
                    next += 3
                } else if next + 1 < raw.count, isHyphen(raw[next]), raw[next].start == q.end,
                          raw[next + 1].kind == .quantity, raw[next + 1].isProperFraction,
                          raw[next + 1].start == raw[next].end {
                    q = joined(q, raw[next + 1], value: q.value + raw[next + 1].value)
                    next += 2
                }
            }
            // Ranges: "2-3", "2 – 3", "2 to 3", "2 or 3", "1½-2".
            if next + 1 < raw.count, isRangeJoiner(raw[next], s), raw[next + 1].kind == .quantity, !raw[next + 1].isMultiplier {
                var upper = raw[next + 1]
                var after = next + 2
                if upper.isInteger, !upper.gluedToNext, after < raw.count, raw[after].kind == .quantity,
                   raw[after].isProperFraction {
                    upper = joined(upper, raw[after], value: upper.value + raw[after].value)
                    after += 1
                }
                if upper.value > q.value {
                    var r = joined(q, upper, value: q.value)
                    r.maxValue = upper.value
                    r.isInteger = false
                    r.isProperFraction = false
                    q = r
                    next = after
                }
            }
            // Multipliers: "8 x 450g", "2x".
            if next < raw.count, isTimes(raw[next], s), raw[next].start - q.end <= 1 {
                let followedByAmount = next + 1 < raw.count && raw[next + 1].kind == .quantity
                if followedByAmount || raw[next].start == q.end {
                    q.end = raw[next].end
                    q.stemEnd = q.end
                    q.isMultiplier = true
                    q.gluedToNext = false
                    next += 1
                }
            }
            tokens[count] = q
            count += 1
            i = next
        }
        return count
    }

    private static func joined(_ a: Token, _ b: Token, value: Double) -> Token {
        var t = a
        t.end = b.end
        t.stemEnd = b.end
        t.value = value
        t.maxValue = value
        t.isInteger = false
        t.isProperFraction = false
        t.gluedToNext = b.gluedToNext
        return t
    }

    /// The fraction at `k` written as whole number, slash and whole number with space around
    /// the slash ("1 / 2", "3 /4"): a proper fraction with a denominator up to 16 (the
    /// fractions of recipes), so that "400 / 500 g" stays two amounts.
    private static func spacedFraction(_ raw: UnsafeBufferPointer<Token>, at k: Int) -> Token? {
        guard k + 2 < raw.count, raw[k].kind == .quantity, raw[k].isInteger, !raw[k].isMultiplier, !raw[k].gluedToNext,
              isSlash(raw[k + 1]), raw[k + 2].kind == .quantity, raw[k + 2].isInteger, !raw[k + 2].isMultiplier,
              raw[k + 1].start > raw[k].end || raw[k + 2].start > raw[k + 1].end else { return nil }
        let numerator = raw[k].value, denominator = raw[k + 2].value
        guard numerator >= 1, denominator <= 16, numerator < denominator else { return nil }
        var t = joined(raw[k], raw[k + 2], value: numerator / denominator)
        t.isProperFraction = true
        return t
    }

    private static func isSlash(_ t: Token) -> Bool {
        t.kind == .punctuation && t.mark == 0x2F
    }

    private static func isHyphen(_ t: Token) -> Bool {
        t.kind == .punctuation && t.mark == 0x2D
    }

    static func isRangeJoiner(_ t: Token, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if isHyphen(t) { return true }
        guard t.kind == .word, t.end - t.start == 2 else { return false }
        let a = s[t.start] | 0x20, b = s[t.start + 1] | 0x20
        return (a == 0x74 && b == 0x6F) || (a == 0x6F && b == 0x72) // "to", "or"
    }

    private static func isTimes(_ t: Token, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if t.kind == .punctuation { return t.mark == Tokenizer.timesMark && t.end - t.start == 2 }
        return t.kind == .word && t.end - t.start == 1 && (s[t.start] | 0x20) == 0x78
    }
}
