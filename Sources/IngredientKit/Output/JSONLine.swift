/// Writes `ParsedIngredient` as one JSON object on one line: the `ingest parse` contract.
///
/// Fields, always present, in this order: `input`, `kind` (`ingredient`, `header`, `empty`),
/// `quantity`, `quantityMax`, `unit`, `size`, `name`, `preparation`, `comment`, `purpose`,
/// `optional`, `alternates` (`[{quantity, quantityMax, unit}]`), `section`, `confidence`;
/// null where absent. Numbers have at most six decimals.
public enum JSONLine {
    /// Appends the JSON object of `line` and a newline to `out`.
    public static func append(_ line: ParsedIngredient, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"input":"#.utf8)
        string(line.input, &out)
        out.append(0x2C)
        appendFields(line, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    /// Appends every field after `input` (`"kind":…` through `"confidence":…`), without braces.
    static func appendFields(_ line: ParsedIngredient, to out: inout [UInt8]) {
        out.append(contentsOf: #""kind":""#.utf8)
        out.append(contentsOf: line.kind.rawValue.utf8)
        out.append(contentsOf: #"","quantity":"#.utf8)
        number(line.quantity, &out)
        out.append(contentsOf: #","quantityMax":"#.utf8)
        number(line.quantityMax, &out)
        out.append(contentsOf: #","unit":"#.utf8)
        string(line.unit, &out)
        out.append(contentsOf: #","size":"#.utf8)
        string(line.size, &out)
        out.append(contentsOf: #","name":"#.utf8)
        string(line.name, &out)
        out.append(contentsOf: #","preparation":"#.utf8)
        string(line.preparation, &out)
        out.append(contentsOf: #","comment":"#.utf8)
        string(line.comment, &out)
        out.append(contentsOf: #","purpose":"#.utf8)
        string(line.purpose, &out)
        out.append(contentsOf: line.isOptional ? #","optional":true"#.utf8 : #","optional":false"#.utf8)
        out.append(contentsOf: #","alternates":["#.utf8)
        for (k, a) in line.alternates.enumerated() {
            if k > 0 { out.append(0x2C) }
            out.append(contentsOf: #"{"quantity":"#.utf8)
            number(a.quantity, &out)
            out.append(contentsOf: #","quantityMax":"#.utf8)
            number(a.quantityMax, &out)
            out.append(contentsOf: #","unit":"#.utf8)
            string(a.unit, &out)
            out.append(0x7D)
        }
        out.append(contentsOf: #"],"section":"#.utf8)
        string(line.section, &out)
        out.append(contentsOf: #","confidence":"#.utf8)
        number(line.confidence, &out)
    }

    /// The JSON object of `line` as a String (without the newline).
    public static func string(for line: ParsedIngredient) -> String {
        var out: [UInt8] = []
        append(line, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string.
    public static func appendString(_ text: String, to out: inout [UInt8]) { string(text, &out) }

    /// A JSON string, escaping quotes, backslashes and every control character.
    static func string(_ s: String?, _ out: inout [UInt8]) {
        guard var s else { out.append(contentsOf: "null".utf8); return }
        out.append(0x22)
        s.withUTF8 { bytes in
            var runStart = 0
            for (i, b) in bytes.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                default:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(0x22)
    }

    /// Decimal digits of `n`, without allocating.
    @inline(__always)
    static func appendDigits(_ n: UInt64, _ out: inout [UInt8]) {
        var divisor: UInt64 = 1
        while divisor <= n / 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(n / divisor % 10) + 0x30)
            divisor /= 10
        }
    }

    /// Appends `value` as a JSON number with at most six decimals.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) { number(value, &out) }

    /// A JSON number rounded to six decimals, or null.
    static func number(_ value: Double?, _ out: inout [UInt8]) {
        guard let value, value.isFinite else { out.append(contentsOf: "null".utf8); return }
        var v = value
        if v < 0 { out.append(0x2D); v = -v }
        if v >= 1e15 { out.append(contentsOf: "\(v)".utf8); return }
        var micros = UInt64((v * 1_000_000).rounded())
        let whole = micros / 1_000_000
        micros %= 1_000_000
        appendDigits(whole, &out)
        guard micros > 0 else { return }
        out.append(0x2E)
        var width = 6
        while micros % 10 == 0 { micros /= 10; width -= 1 }
        var divisor: UInt64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(micros / divisor % 10) + 0x30)
            divisor /= 10
        }
    }
}
