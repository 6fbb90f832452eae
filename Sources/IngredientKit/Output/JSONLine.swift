/// Writes parsed lines as one JSON object on one line: the `ingest parse` contract.
///
/// Fields, always present, in this order: `input`, `kind` (`ingredient`, `header`, `empty`),
/// `quantity`, `quantityMax`, `unit`, `size`, `name`, `preparation`, `comment`, `purpose`,
/// `optional`, `alternates` (`[{quantity, quantityMax, unit}]`), `section`, `confidence`;
/// null where absent. Numbers have at most six decimals.
public enum JSONLine {
    /// Appends the JSON object of `line` and a newline to `out`.
    public static func append(_ line: ParsedIngredient, to out: inout [UInt8]) {
        write(line, to: &out)
    }

    /// Appends the JSON object of an assembled line (the fast path of `Session.appendJSON`).
    static func append(_ view: LineView, to out: inout [UInt8]) {
        write(view, to: &out)
    }

    /// The JSON object of `line` as a String (without the newline).
    public static func string(for line: ParsedIngredient) -> String {
        var out: [UInt8] = []
        append(line, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    /// The one renderer of the contract, over either source of a parsed line.
    private static func write<Source: JSONLineSource>(_ line: Source, to out: inout [UInt8]) {
        raw(#"{"input":"#, &out)
        line.writeInput(to: &out)
        raw(#","kind":""#, &out)
        switch line.kind {
        case .ingredient: raw("ingredient", &out)
        case .header: raw("header", &out)
        case .empty: raw("empty", &out)
        }
        let primary = line.amounts.first
        raw(#"","quantity":"#, &out)
        number(primary?.quantity, &out)
        raw(#","quantityMax":"#, &out)
        number(primary?.quantityMax, &out)
        raw(#","unit":"#, &out)
        string(primary?.unit, &out)
        raw(#","size":"#, &out)
        line.write(.size, to: &out)
        raw(#","name":"#, &out)
        line.write(.name, to: &out)
        raw(#","preparation":"#, &out)
        line.write(.preparation, to: &out)
        raw(#","comment":"#, &out)
        line.write(.comment, to: &out)
        raw(#","purpose":"#, &out)
        line.write(.purpose, to: &out)
        raw(line.isOptional ? #","optional":true"# : #","optional":false"#, &out)
        raw(#","alternates":["#, &out)
        for (k, a) in line.amounts.dropFirst().enumerated() {
            if k > 0 { out.append(0x2C) }
            raw(#"{"quantity":"#, &out)
            number(a.quantity, &out)
            raw(#","quantityMax":"#, &out)
            number(a.quantityMax, &out)
            raw(#","unit":"#, &out)
            string(a.unit, &out)
            out.append(0x7D)
        }
        raw(#"],"section":"#, &out)
        line.writeSection(to: &out)
        raw(#","confidence":"#, &out)
        number(line.confidence, &out)
        raw("}\n", &out)
    }

    /// Appends the bytes of a literal without going through String.
    @inline(__always)
    static func raw(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string.
    public static func appendString(_ text: String, to out: inout [UInt8]) { string(text, &out) }

    /// A JSON string, or null.
    static func string(_ s: String?, _ out: inout [UInt8]) {
        guard var s else { raw("null", &out); return }
        out.append(0x22)
        s.withUTF8 { escaped($0, &out) }
        out.append(0x22)
    }

    /// The bytes of a string's content, escaping quotes, backslashes and control characters.
    @inline(__always)
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        var runStart = 0
        for i in 0..<bytes.count {
            let b = bytes[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F else { continue }
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
        guard let value, value.isFinite else { raw("null", &out); return }
        var v = value
        if v < 0 { out.append(0x2D); v = -v }
        // Whole numbers print exactly; large non-whole ones in Swift's shortest form.
        if v.rounded() == v, v < 1e18 { appendDigits(UInt64(v), &out); return }
        if v >= 1e9 { out.append(contentsOf: "\(v)".utf8); return }
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

/// What `JSONLine` needs of a parsed line; `ParsedIngredient` and the internal `LineView`
/// both provide it, so the contract is written by one function.
protocol JSONLineSource {
    var kind: ParsedIngredient.Kind { get }
    /// The primary amount first, then the alternates.
    var amounts: [Amount] { get }
    var isOptional: Bool { get }
    var confidence: Double { get }
    /// Writes the input as an escaped JSON string (with quotes).
    func writeInput(to out: inout [UInt8])
    /// Writes a text field as a JSON string, or null.
    func write(_ field: Field, to out: inout [UInt8])
    /// Writes the section title as a JSON string, or null.
    func writeSection(to out: inout [UInt8])
}

extension ParsedIngredient: JSONLineSource {
    var amounts: [Amount] { (amount.map { [$0] } ?? []) + alternates }

    func writeInput(to out: inout [UInt8]) { JSONLine.string(input, &out) }

    func write(_ field: Field, to out: inout [UInt8]) {
        switch field {
        case .size: JSONLine.string(size, &out)
        case .name: JSONLine.string(name, &out)
        case .preparation: JSONLine.string(preparation, &out)
        case .comment: JSONLine.string(comment, &out)
        case .purpose: JSONLine.string(purpose, &out)
        }
    }

    func writeSection(to out: inout [UInt8]) { JSONLine.string(section, &out) }
}

extension LineView: JSONLineSource {
    func writeInput(to out: inout [UInt8]) {
        out.append(0x22)
        JSONLine.escaped(line, &out)
        out.append(0x22)
    }

    func write(_ field: Field, to out: inout [UInt8]) {
        guard has(field) else { JSONLine.raw("null", &out); return }
        out.append(0x22)
        forEachPiece(of: field) { JSONLine.escaped($0, &out) }
        out.append(0x22)
    }

    func writeSection(to out: inout [UInt8]) {
        guard let section else { JSONLine.raw("null", &out); return }
        out.append(0x22)
        JSONLine.escaped(UnsafeBufferPointer(rebasing: line[section]), &out)
        out.append(0x22)
    }
}
