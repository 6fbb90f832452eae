import IngredientText

/// HTML character references (`&frac12;`, `&#189;`, `&#xBD;`) as the characters they stand for.
/// Web pages and text copied from them carry these; the importer decodes them in every value it
/// reads, and the parser in a raw line that has one (`1 &frac12; cups flour` reads as `1 ½`).
/// The names come from `Dictionaries/html-entities.tsv`.
package enum CharacterReferences {
    /// The named references, from `Dictionaries/html-entities.tsv`.
    static let names: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        guard let text = EmbeddedDictionaries.files["html-entities.tsv"] else { return table }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count == 2, let v = UInt32(columns[1], radix: 16), let s = Unicode.Scalar(v) else { continue }
            table[String(columns[0])] = s
        }
        return table
    }()

    /// The names also read without their `;`, as browsers read them.
    static let namesWithoutSemicolon: Set<String> = [
        "amp", "lt", "gt", "quot", "nbsp", "frac12", "frac14", "frac34", "deg", "eacute", "egrave",
    ]

    /// `text` with `&name;`, `&#nn;` and `&#xhh;` references decoded (a few common names are
    /// also accepted without their `;`, and before other letters, as browsers do). Numeric references to 0x80…0x9F read
    /// as Windows-1252 (as browsers read them), and to 0 or no character as U+FFFD; an unknown
    /// name stays as written.
    package static func decoding(_ text: String) -> String {
        guard text.utf8.contains(0x26) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            guard s == "&" else { out.append(s); i += 1; continue }
            var k = i + 1
            if k < scalars.count, scalars[k] == "#" {
                k += 1
                let hex = k < scalars.count && (scalars[k] == "x" || scalars[k] == "X")
                if hex { k += 1 }
                var value: UInt32 = 0
                var digits = 0
                while k < scalars.count, digits < 8, let d = hexDigit(scalars[k]), hex || d < 10 {
                    value = value &* (hex ? 16 : 10) &+ d
                    digits += 1
                    k += 1
                }
                if digits > 0 {
                    if k < scalars.count, scalars[k] == ";" { k += 1 }
                    let fixed: UInt32 = value >= 0x80 && value < 0xA0 ? Windows1252.high[Int(value - 0x80)] : value
                    out.append(Unicode.Scalar(fixed == 0 ? 0xFFFD : fixed) ?? "\u{FFFD}")
                    i = k
                    continue
                }
            } else {
                var name = ""
                while k < scalars.count, name.unicodeScalars.count < 32, scalars[k].isASCII,
                      scalars[k].properties.isAlphabetic || (scalars[k].value >= 0x30 && scalars[k].value <= 0x39) {
                    name.unicodeScalars.append(scalars[k])
                    k += 1
                }
                if k < scalars.count, scalars[k] == ";", let r = names[name] {
                    out.append(r)
                    i = k + 1
                    continue
                }
                // A name browsers read without its ";", alone or with letters after it
                // ("&amp", "1&frac12oz;" is "1½oz;"): its longest such prefix.
                if let prefix = namesWithoutSemicolon.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }),
                   let r = names[prefix] {
                    out.append(r)
                    i += 1 + prefix.unicodeScalars.count
                    continue
                }
            }
            out.append(s)
            i += 1
        }
        return String(out)
    }

    /// `text` decoded twice, as pages escaped twice need ("&amp;frac12;" is "½"): what the
    /// importer and the parser read.
    package static func decodingTwice(_ text: String) -> String { decoding(decoding(text)) }

    /// Whether `&` at `i` of `line` may open a reference: a letter or `#` follows it.
    @inline(__always)
    package static func mayOpen(_ line: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + 1 < line.count else { return false }
        let next = line[i + 1]
        return next == 0x23 || (next | 0x20) &- 0x61 < 26
    }

    static func hexDigit(_ s: Unicode.Scalar) -> UInt32? {
        switch s.value {
        case 0x30...0x39: s.value - 0x30
        case 0x41...0x46: s.value - 0x41 + 10
        case 0x61...0x66: s.value - 0x61 + 10
        default: nil
        }
    }
}
