import IngredientLexicon

/// Turns markup-laden strings from web pages and JSON into plain lines: HTML tags removed,
/// character references decoded, double-encoded UTF-8 repaired, invisible characters
/// dropped, spacing collapsed.
package enum TextCleaning {
    /// `text` without HTML tags and comments; `<br>` and block tags become line breaks.
    package static func strippingTags(_ text: String) -> String {
        guard text.utf8.contains(0x3C) else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let first = after.first, first.isLetter || first == "/" || first == "!" else {
                out += "<"
                rest = after
                continue
            }
            if after.hasPrefix("!--") {
                rest = after.split(separator: "-->", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
                continue
            }
            guard let close = after.firstIndex(of: ">") else { out += rest[open...]; rest = ""; break }
            let name = after.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
            if ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"].contains(name) { out += "\n" }
            rest = after[after.index(after: close)...]
        }
        out += rest
        return out
    }

    /// Whether a scalar is invisible or spacing that should count as a plain space.
    static func isSpaceLike(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0B, 0x0C, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Whether a scalar carries nothing visible (zero-width, soft hyphen, controls, BOM).
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x08, 0x0E...0x1F, 0x7F, 0xAD, 0x200B...0x200F, 0x2060...0x2064, 0xFEFF: true
        default: false
        }
    }

    /// One line of text: spaces and line breaks collapsed to single spaces, ends trimmed.
    package static func collapsingSpaces(_ text: String) -> String {
        collapsingASCIISpaces(text) ?? collapsingSpacesByScalars(text)
    }

    /// `collapsingSpaces` for any text, scalar by scalar.
    static func collapsingSpacesByScalars(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var boundary = false
        for s in text.unicodeScalars {
            if s == "\u{E000}" { boundary = true; continue } // HTMLDocument.elementBoundary
            if boundary {
                boundary = false
                if !pendingSpace, let last = out.last, isWordScalar(last), isWordScalar(s) { pendingSpace = true }
            }
            if isInvisible(s) { continue }
            if isSpaceLike(s) || s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(s)
        }
        return String(out)
    }

    /// `collapsingSpaces` for ASCII text, on its bytes, by the same rules (the ASCII controls
    /// but tab, line feed, vertical tab, form feed and carriage return are invisible; those and
    /// the space are spacing); nil when the text is not ASCII.
    static func collapsingASCIISpaces(_ text: String) -> String? {
        var text = text
        var clean = false // the text is ASCII and already collapsed: it is its own answer
        let answer = text.withUTF8 { bytes -> String? in
            if isCollapsedASCII(bytes) {
                clean = true
                return nil
            }
            var isASCII = true
            let out = String(unsafeUninitializedCapacity: bytes.count) { out in
                var n = 0
                var pendingSpace = false
                for b in bytes {
                    switch b {
                    case 0x80...: isASCII = false; return 0
                    case 0x00...0x08, 0x0E...0x1F, 0x7F: continue
                    case 0x09...0x0D, 0x20: pendingSpace = n > 0
                    default:
                        if pendingSpace { out[n] = 0x20; n += 1; pendingSpace = false }
                        out[n] = b
                        n += 1
                    }
                }
                return n
            }
            return isASCII ? out : nil
        }
        return clean ? text : answer
    }

    /// Whether `bytes` are printable ASCII and single spaces between them: text that
    /// `collapsingASCIISpaces` gives back unchanged (most lines are).
    static func isCollapsedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return bytes.isEmpty }
        var previous: UInt8 = 0
        for b in bytes {
            guard b >= 0x20, b < 0x7F, b != 0x20 || previous != 0x20 else { return false }
            previous = b
        }
        return true
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || (s.value >= 0x30 && s.value <= 0x39) || s.properties.numericType != nil
    }

    /// A value from markup or JSON as one plain line: tags stripped, references decoded
    /// (twice, for double-escaped pages), mojibake repaired, spacing collapsed.
    package static func line(_ text: String) -> String {
        var s = text
        if s.utf8.contains(0x3C) { s = strippingTags(s) }
        if s.utf8.contains(0x26) { s = CharacterReferences.decodingTwice(s) }
        if s.utf8.contains(0x3C), s.contains("</") || s.contains("<br") { s = strippingTags(s) }
        s = TextDecoding.repairingMojibake(s)
        return collapsingSpaces(s)
    }

    /// A value from markup or JSON as lines: like `line(_:)`, but line breaks (and `<br>`,
    /// block tags) separate lines; empty lines are dropped.
    package static func lines(_ text: String) -> [String] {
        var s = text
        if s.utf8.contains(0x3C) { s = strippingTags(s) }
        if s.utf8.contains(0x26) { s = CharacterReferences.decodingTwice(s) }
        s = TextDecoding.repairingMojibake(s)
        return TextDecoding.lines(s).map { collapsingSpaces(String($0)) }.filter { !$0.isEmpty }
    }
}
