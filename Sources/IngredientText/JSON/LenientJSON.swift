/// Reads JSON the way real pages write it: besides valid JSON it accepts raw control
/// characters and unescaped quotes inside strings, invalid escapes, trailing and missing
/// commas, comments, single-quoted strings and bare keys, `NaN`/`undefined`, HTML comment
/// or CDATA wrappers, several values in a row (read as an array) and a truncated end.
/// Every repair it makes is reported, so a reader can warn about it.
package enum LenientJSON {
    /// The value read and the repairs it needed (empty for valid JSON).
    package struct Parsed: Sendable {
        /// The value.
        package var value: JSONValue
        /// What had to be repaired, one short phrase per kind of repair, in order of first use.
        package var repairs: [String]
    }

    /// Reads `text`.
    package static func parse(_ text: String) throws(JSONError) -> Parsed {
        var copy = text
        return try copy.withUTF8 { bytes in Result { () throws(JSONError) in try parse(bytes) } }.get()
    }

    /// Reads UTF-8 `bytes`. With `strictNumbers`, a number that is not written as JSON writes
    /// numbers (`01`, `1.`, `+1`, `.5`) or does not fit a `Double` (`1e400`) is also reported,
    /// as the repair "malformed numbers", so that a caller that refuses every repair reads
    /// exactly JSON.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, strictNumbers: Bool = false) throws(JSONError) -> Parsed {
        try parse(bytes, strictNumbers: strictNumbers, keeping: .all)
    }

    /// Reads `text` as `parse(_:)` does (the same repairs, the same errors) but makes values
    /// only of the parts `keep` names: what a reader of a few fields of each record needs.
    package static func parse(_ text: String, keeping keep: Keep) throws(JSONError) -> Parsed {
        var copy = text
        return try copy.withUTF8 { bytes in Result { () throws(JSONError) in try parse(bytes, keeping: keep) } }.get()
    }

    /// Which parts of a document `parse(_:keeping:)` makes values of. What is left out is still
    /// read, checked and repaired as by `parse(_:)`, but stands as no member or element.
    package indirect enum Keep: Sendable {
        /// The whole value.
        case all
        /// Of an object, the members of these names, each by its own rule (the others are
        /// left out); any other value whole.
        case members([(key: String, keep: Keep)])
        /// Of an array, each element by the rule; any other value whole.
        case elements(Keep)
    }

    /// `parse(_:strictNumbers:)`, keeping what `keep` names of each top-level value.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, strictNumbers: Bool = false,
                              keeping keep: Keep) throws(JSONError) -> Parsed {
        var p = Parser(bytes: bytes)
        p.strictNumbers = strictNumbers
        var values: [JSONValue] = []
        p.skipWrapper()
        while p.i < p.n {
            values.append(try p.value(depth: 0, keep: keep) ?? .null) // a rule given: never nil
            p.skipWrapper()
            while p.i < p.n, p.bytes[p.i] == 0x3B || p.bytes[p.i] == 0x2C { p.i += 1; p.skipWrapper() } // ; or , between values
        }
        switch values.count {
        case 0: throw JSONError(detail: "no JSON value (empty or only comments)")
        case 1: return Parsed(value: values[0], repairs: p.repairs)
        default:
            p.note("several values in a row")
            return Parsed(value: .array(values), repairs: p.repairs)
        }
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        let n: Int
        var repairs: [String] = []
        /// Whether numbers outside JSON's grammar or range are reported (see `parse`).
        var strictNumbers = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            self.n = bytes.count
        }

        mutating func note(_ repair: String) {
            if !repairs.contains(repair) { repairs.append(repair) }
        }

        func failure(_ what: String) -> JSONError {
            var line = 1
            for k in 0..<min(i, n) where bytes[k] == 0x0A { line += 1 }
            return JSONError(detail: "\(what) at line \(line), byte \(i)")
        }

        func startsWith(_ s: StaticString) -> Bool {
            let count = s.utf8CodeUnitCount
            guard i + count <= n else { return false }
            let p = s.utf8Start
            for k in 0..<count where bytes[i + k] != p[k] { return false }
            return true
        }

        /// Skips whitespace and comments.
        @inline(__always)
        mutating func skip() {
            // Most calls stand before a token already (JSON Lines have no spaces): one test.
            if i < n {
                let b = bytes[i]
                if b > 0x20, b != 0x2F, b < 0xC2 { return }
            }
            skipSlowly()
        }

        /// `skip()` past whatever it has to skip.
        mutating func skipSlowly() {
            while i < n {
                let b = bytes[i]
                if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C { i += 1; continue }
                if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { i += 3; continue } // BOM
                if b == 0xC2, i + 1 < n, bytes[i + 1] == 0xA0 { i += 2; note("no-break spaces between tokens"); continue }
                if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2F {
                    while i < n, bytes[i] != 0x0A { i += 1 }
                    note("comments")
                    continue
                }
                if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {
                    i += 2
                    while i + 1 < n, !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) { i += 1 }
                    i = min(n, i + 2)
                    note("comments")
                    continue
                }
                return
            }
        }

        /// Skips whitespace, comments and the wrappers pages put around script content.
        mutating func skipWrapper() {
            while true {
                skip()
                if startsWith("<!--") { i += 4; continue }
                if startsWith("-->") { i += 3; continue }
                if startsWith("<![CDATA[") { i += 9; continue }
                if startsWith("]]>") { i += 3; continue }
                return
            }
        }

        /// The value at `i`.
        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            try value(depth: depth, keep: .all) ?? .null
        }

        /// The value at `i`, made as `keep` says. A value left out (`keep` nil) is read all
        /// the same, and what is returned for it (nil, or a value nothing was allocated for)
        /// is dropped by the caller.
        mutating func value(depth: Int, keep: Keep?) throws(JSONError) -> JSONValue? {
            guard depth < 256 else { throw failure("nested more than 256 deep") }
            skip()
            guard i < n else { note("truncated"); return .null }
            switch bytes[i] {
            case 0x7B: return try object(depth: depth, keep: keep)
            case 0x5B: return try array(depth: depth, keep: keep)
            case 0x22:
                let text = string(quote: 0x22, making: keep != nil)
                return keep == nil ? nil : .string(text)
            case 0x27:
                note("single-quoted strings")
                let text = string(quote: 0x27, making: keep != nil)
                return keep == nil ? nil : .string(text)
            case 0x2D, 0x2B, 0x2E, 0x30...0x39:
                let v = number()
                return keep == nil ? nil : v
            default:
                // The three words JSON has, told on their bytes (most values that are not
                // strings or numbers are these), when no word character follows them.
                if let (value, length) = literal() {
                    i += length
                    return value
                }
                let word = identifier()
                switch word {
                case "true", "True": return .bool(true)
                case "false", "False": return .bool(false)
                case "null", "None": return .null
                case "undefined", "NaN", "Infinity":
                    note("JavaScript values (\(word))")
                    return .null
                case "": throw failure("unexpected character '\(printable(bytes[i]))'")
                default: throw failure("unexpected word '\(word)'")
                }
            }
        }

        /// `null`, `true` or `false` at `i` as a whole word (what `identifier()` would read),
        /// with its length; nil for anything else.
        func literal() -> (JSONValue, Int)? {
            func word(_ text: StaticString) -> Bool {
                let count = text.utf8CodeUnitCount
                guard i + count <= n else { return false }
                for k in 0..<count where bytes[i + k] != text.utf8Start[k] { return false }
                // The byte after must end the word as `identifier()` ends it.
                return i + count == n || !Self.isWordByte(bytes[i + count], first: false)
            }
            switch bytes[i] {
            case 0x6E where word("null"): return (.null, 4)
            case 0x74 where word("true"): return (.bool(true), 4)
            case 0x66 where word("false"): return (.bool(false), 5)
            default: return nil
            }
        }

        /// Whether `identifier()` reads `b` as part of a word: a letter, digit, `_`, `$`, `@`
        /// or a non-ASCII byte, and a hyphen after the first byte.
        static func isWordByte(_ b: UInt8, first: Bool) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || b == 0x5F || b == 0x24 || b == 0x40 || b >= 0x80 || (!first && b == 0x2D)
        }

        func printable(_ b: UInt8) -> String {
            b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16)
        }

        mutating func identifier() -> String {
            let start = i
            while i < n {
                guard Self.isWordByte(bytes[i], first: i == start) else { break }
                i += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }

        mutating func number() -> JSONValue {
            let start = i
            while i < n {
                let b = bytes[i]
                if (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2B || b == 0x2E || b == 0x65 || b == 0x45 { i += 1 } else { break }
            }
            if let v = Self.plainDecimal(UnsafeBufferPointer(rebasing: bytes[start..<i])) {
                if strictNumbers, !isJSONNumber(start..<i) { note("malformed numbers") }
                return .number(v)
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            if let v = Double(text) {
                if strictNumbers, !v.isFinite || !isJSONNumber(start..<i) { note("malformed numbers") }
                return .number(v)
            }
            note("malformed numbers (kept as text)")
            return .string(text)
        }

        /// Powers of ten that a `Double` holds exactly.
        static let exactPowersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { x, _ in x * 10 } }

        /// The value of `-?digits(.digits)?` of at most 15 digits in all, as `Double(String)`
        /// reads it; nil for any other text. Such a number is its digits as a whole number
        /// (below 2^53, so exact) divided by a power of ten that is exact too, and one IEEE
        /// division rounds correctly: the same double as the decimal conversion gives.
        static func plainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
            var k = 0, mantissa: Int64 = 0, digits = 0, fractionDigits = 0
            let negative = k < text.count && text[k] == 0x2D
            if negative { k += 1 }
            var sawPoint = false, sawDigitAfterPoint = false, sawDigitBeforePoint = false
            while k < text.count {
                let b = text[k]
                if b >= 0x30 && b <= 0x39 {
                    digits += 1
                    guard digits <= 15 else { return nil }
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if sawPoint { fractionDigits += 1; sawDigitAfterPoint = true } else { sawDigitBeforePoint = true }
                } else if b == 0x2E, !sawPoint {
                    sawPoint = true
                } else {
                    return nil
                }
                k += 1
            }
            guard sawDigitBeforePoint, !sawPoint || sawDigitAfterPoint else { return nil }
            let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
            return negative ? -value : value
        }

        /// Whether `range` of the bytes is a number as JSON writes it:
        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
        func isJSONNumber(_ range: Range<Int>) -> Bool {
            var k = range.lowerBound
            let end = range.upperBound
            func digits() -> Int {
                let from = k
                while k < end, bytes[k] >= 0x30, bytes[k] <= 0x39 { k += 1 }
                return k - from
            }
            if k < end, bytes[k] == 0x2D { k += 1 }
            guard k < end else { return false }
            if bytes[k] == 0x30 { k += 1 } else if digits() == 0 { return false }
            if k < end, bytes[k] == 0x2E {
                k += 1
                guard digits() > 0 else { return false }
            }
            if k < end, bytes[k] == 0x65 || bytes[k] == 0x45 {
                k += 1
                if k < end, bytes[k] == 0x2B || bytes[k] == 0x2D { k += 1 }
                guard digits() > 0 else { return false }
            }
            return k == end
        }

        mutating func object(depth: Int, keep: Keep?) throws(JSONError) -> JSONValue? {
            let wanted: [(key: String, keep: Keep)]?
            if case .members(let list)? = keep { wanted = list } else { wanted = nil }
            let made = try object(depth: depth, keeping: keep == nil ? .some([]) : wanted)
            return keep == nil ? nil : made
        }

        /// An object; with `wanted`, only the members of those names, each by its rule (an
        /// empty list: none, and no member name is made).
        mutating func object(depth: Int, keeping wanted: [(key: String, keep: Keep)]?) throws(JSONError) -> JSONValue {
            i += 1
            var members: [(key: String, value: JSONValue)] = []
            let names = wanted.map { !$0.isEmpty } ?? true
            var afterComma = false
            while true {
                skip()
                guard i < n else { note("truncated"); return .object(members) }
                let b = bytes[i]
                if b == 0x7D {
                    if afterComma { note("trailing commas") }
                    i += 1
                    return .object(members)
                }
                if b == 0x2C { i += 1; note("extra commas"); continue }
                if b == 0x5D { i += 1; note("mismatched brackets"); return .object(members) }
                let key: String
                // The rule of a wanted member found from its name's bytes, where no String of the
                // name is needed to tell (`wantedMember`).
                var found: Int??
                if b == 0x22, let wanted, !wanted.isEmpty, let end = plainStringEnd(quote: 0x22),
                   let member = Self.wantedMember(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), in: wanted) {
                    found = .some(member)
                    key = member.map { wanted[$0].key } ?? ""
                    i = end + 1
                } else if b == 0x22 {
                    key = string(quote: 0x22, making: names)
                } else if b == 0x27 {
                    note("single-quoted strings")
                    key = string(quote: 0x27, making: names)
                } else {
                    key = identifier()
                    guard !key.isEmpty else { throw failure("expected a member name, found '\(printable(b))'") }
                    note("unquoted member names")
                }
                skip()
                if i < n, bytes[i] == 0x3A { i += 1 } else { note("missing colons") }
                if let wanted {
                    let rule = found.map { $0.map { wanted[$0].keep } } ?? wanted.first { $0.key == key }?.keep
                    if let v = try value(depth: depth + 1, keep: rule), rule != nil { members.append((key, v)) }
                } else {
                    members.append((key, try value(depth: depth + 1)))
                }
                skip()
                guard i < n else { note("truncated"); return .object(members) }
                afterComma = false
                switch bytes[i] {
                case 0x2C: i += 1; afterComma = true
                case 0x7D: i += 1; return .object(members)
                default: note("missing commas")
                }
            }
        }

        mutating func array(depth: Int, keep: Keep?) throws(JSONError) -> JSONValue? {
            var rule: Keep? = .all
            if let keep {
                if case .elements(let each) = keep { rule = each }
            } else {
                rule = nil
            }
            let made = try array(depth: depth, elements: rule)
            return keep == nil ? nil : made
        }

        /// An array, its elements made as `rule` says (nil: read, none kept).
        mutating func array(depth: Int, elements rule: Keep?) throws(JSONError) -> JSONValue {
            i += 1
            var items: [JSONValue] = []
            var afterComma = false
            while true {
                skip()
                guard i < n else { note("truncated"); return .array(items) }
                let b = bytes[i]
                if b == 0x5D {
                    if afterComma { note("trailing commas") }
                    i += 1
                    return .array(items)
                }
                if b == 0x2C { i += 1; note("extra commas"); continue }
                if b == 0x7D { i += 1; note("mismatched brackets"); return .array(items) }
                if let v = try value(depth: depth + 1, keep: rule), rule != nil { items.append(v) }
                skip()
                guard i < n else { note("truncated"); return .array(items) }
                afterComma = false
                switch bytes[i] {
                case 0x2C: i += 1; afterComma = true
                case 0x5D: i += 1; return .array(items)
                default: note("missing commas")
                }
            }
        }

        /// The place in `wanted` of the first member named `name` (the bytes of a string
        /// without escapes), as `String`s compare names (`.some(nil)`: none is), or nil when the
        /// bytes cannot tell: a name or a wanted name with non-ASCII characters, which `String`
        /// equality compares by canonical equivalence (the Kelvin sign equals "K"). Objects of
        /// many members of which a few are wanted (each ingredient of an `ingest import` record)
        /// then make no String per member.
        static func wantedMember(_ name: UnsafeBufferPointer<UInt8>, in wanted: [(key: String, keep: Keep)]) -> Int?? {
            for b in name where b >= 0x80 { return nil }
            for j in wanted.indices {
                let answer: Bool?? = wanted[j].key.utf8.withContiguousStorageIfAvailable { key -> Bool? in
                    for b in key where b >= 0x80 { return nil }
                    guard key.count == name.count else { return false }
                    for k in 0..<key.count where key[k] != name[k] { return false }
                    return true
                }
                // A wanted name not stored as UTF-8 in one piece (bridged): leave it to `String`.
                guard let known = answer, let same = known else { return nil }
                if same { return .some(j) }
            }
            return .some(nil)
        }

        /// Whether a quote at `i` ends the string: what follows (after spaces) may follow a value.
        func quoteEndsString(at q: Int) -> Bool {
            var k = q + 1
            while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
            guard k < n else { return true }
            switch bytes[k] {
            case 0x2C, 0x7D, 0x5D, 0x3A: return true
            case 0x22: return true // the next string of a missing-comma list
            default: return false
            }
        }

        /// For a string whose opening quote is at `i`: the place of its closing quote when no
        /// escape and no control character comes before it (most strings; the string is then the
        /// bytes between the quotes), or nil (`string` reads it byte by byte). Moves nothing.
        func plainStringEnd(quote: UInt8) -> Int? {
            var end = i + 1
            // Eight bytes at a time while none of them is the quote, a backslash or a control
            // character, then byte by byte.
            while end + 8 <= n {
                let x = UnsafeRawPointer(bytes.baseAddress! + end).loadUnaligned(as: UInt64.self)
                if ByteBlock.contains(x, quote) || ByteBlock.contains(x, 0x5C) || ByteBlock.contains(x, below: 0x20) { break }
                end += 8
            }
            while end < n {
                let b = bytes[end]
                if b == quote || b == 0x5C || b < 0x20 { break }
                end += 1
            }
            return end < n && bytes[end] == quote && quoteEndsString(at: end) ? end : nil
        }

        mutating func string(quote: UInt8, making: Bool = true) -> String {
            // Most strings hold no escape and no control character: up to a quote that ends the
            // string, their bytes are the string's, decoded in place without a buffer between.
            if let end = plainStringEnd(quote: quote) {
                defer { i = end + 1 }
                // A string left out is read up to its end, and nothing is made of it.
                return making ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end]), as: UTF8.self) : ""
            }
            i += 1
            var out: [UInt8] = []
            var runStart = i
            func flush(_ end: Int) { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            while i < n {
                let b = bytes[i]
                if b == quote {
                    if quoteEndsString(at: i) {
                        flush(i)
                        i += 1
                        return String(decoding: out, as: UTF8.self)
                    }
                    note("unescaped quotes in strings")
                    i += 1
                    continue
                }
                if b == 0x5C {
                    flush(i)
                    i += 1
                    guard i < n else { break }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case 0x22, 0x5C, 0x2F, 0x27: out.append(e)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75:
                        if let scalar = unicodeEscape() {
                            out.append(contentsOf: String(Character(scalar)).utf8)
                        } else {
                            note("invalid \\u escapes")
                            out.append(contentsOf: "\u{FFFD}".utf8)
                        }
                    default:
                        note("invalid escapes")
                        out.append(e)
                    }
                    if e == 0x27 && quote == 0x22 { note("invalid escapes") }
                    runStart = i
                    continue
                }
                if b < 0x20 { note("raw control characters in strings") }
                i += 1
            }
            flush(min(i, n))
            note("truncated")
            return String(decoding: out, as: UTF8.self)
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= n else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                let b = bytes[i + k]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            i += 4
            return v
        }

        /// The scalar of a `\uXXXX` escape (the `\u` read), joining surrogate pairs.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if high >= 0xD800 && high < 0xDC00 {
                if i + 6 <= n, bytes[i] == 0x5C, bytes[i + 1] == 0x75 {
                    let save = i
                    i += 2
                    if let low = hex4(), low >= 0xDC00 && low < 0xE000 {
                        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    }
                    i = save
                }
                return nil
            }
            return Unicode.Scalar(high)
        }
    }
}
