/// Writes parsed lines as one JSON object on one line: the `ingest parse` contract.
///
/// Fields, always present, in this order: `input`, `kind` (`ingredient`, `header`, `empty`),
/// `quantity`, `quantityMax`, `unit`, `size`, `name`, `key` (the canonical key of `name`, see
/// `CanonicalKeyer`), `preparation`, `comment`, `purpose`,
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

    /// The one renderer of the contract, over either source of a parsed line. It writes
    /// through a pointer into a buffer sized for the worst case of escaping.
    private static func write<Source: JSONLineSource>(_ line: Source, to out: inout [UInt8]) {
        append(upTo: line.maximumJSONSize, to: &out) { render(line, &$0) }
    }

    /// Runs `body` with a writer over `capacity` bytes of room, then appends what it wrote to
    /// `out`. The room is a temporary allocation (on the stack unless it is large), so it
    /// needs neither zero-filling nor a heap allocation, and `out` grows by exactly what was
    /// written.
    @inline(__always)
    static func append(upTo capacity: Int, to out: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var w = ByteWriter(base: room.baseAddress!)
            body(&w)
            assert(w.count <= capacity, "JSON room of \(capacity) bytes overrun: \(w.count)")
            out.append(contentsOf: UnsafeBufferPointer(start: room.baseAddress!, count: w.count))
        }
    }

    private static func render<Source: JSONLineSource>(_ line: Source, _ w: inout ByteWriter) {
        w.raw(#"{"input":"#)
        line.writeInput(&w)
        w.byte(0x2C)
        renderFields(line, &w)
        w.raw("}\n")
    }

    /// Appends every field after `input` (`"kind":…` through `"confidence":…`), without braces,
    /// for records that embed a parsed line in an object of their own (`ingest import`).
    static func appendFields(_ line: ParsedIngredient, to out: inout [UInt8]) {
        append(upTo: line.maximumJSONSize, to: &out) { renderFields(line, &$0) }
    }

    private static func renderFields<Source: JSONLineSource>(_ line: Source, _ w: inout ByteWriter) {
        w.raw(#""kind":""#)
        switch line.kind {
        case .ingredient: w.raw("ingredient")
        case .header: w.raw("header")
        case .empty: w.raw("empty")
        }
        let amounts = line.amountCount
        let primary: (quantity: Double?, quantityMax: Double?) = amounts > 0 ? line.quantities(0) : (nil, nil)
        w.raw(#"","quantity":"#)
        w.number(primary.quantity)
        w.raw(#","quantityMax":"#)
        w.number(primary.quantityMax)
        w.raw(#","unit":"#)
        if amounts > 0 { line.writeUnit(0, &w) } else { w.raw("null") }
        w.raw(#","size":"#)
        line.write(.size, &w)
        w.raw(#","name":"#)
        line.write(.name, &w)
        w.raw(#","key":"#)
        w.string(line.key)
        w.raw(#","preparation":"#)
        line.write(.preparation, &w)
        w.raw(#","comment":"#)
        line.write(.comment, &w)
        w.raw(#","purpose":"#)
        line.write(.purpose, &w)
        w.raw(line.isOptional ? #","optional":true"# : #","optional":false"#)
        w.raw(#","alternates":["#)
        var k = 1
        while k < amounts {
            if k > 1 { w.byte(0x2C) }
            let (quantity, quantityMax) = line.quantities(k)
            w.raw(#"{"quantity":"#)
            w.number(quantity)
            w.raw(#","quantityMax":"#)
            w.number(quantityMax)
            w.raw(#","unit":"#)
            line.writeUnit(k, &w)
            w.byte(0x7D)
            k += 1
        }
        w.raw(#"],"section":"#)
        line.writeSection(&w)
        w.raw(#","confidence":"#)
        w.number(line.confidence)
    }

    /// Appends `text` as a JSON string.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        append(upTo: text.utf8.count * 6 + 2, to: &out) { $0.string(text) }
    }

    /// Appends a JSON string, or null (for other records written beside parsed lines).
    static func string(_ text: String?, _ out: inout [UInt8]) {
        guard let text else { out.append(contentsOf: "null".utf8); return }
        appendString(text, to: &out)
    }

    /// Appends a JSON number with at most six decimals, or null.
    static func number(_ value: Double?, _ out: inout [UInt8]) {
        guard let value else { out.append(contentsOf: "null".utf8); return }
        appendNumber(value, to: &out)
    }

    /// Appends `value` as a JSON number with at most six decimals.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        append(upTo: 48, to: &out) { $0.number(value) }
    }
}

/// Writes JSON pieces through a pointer into room the caller reserved.
struct ByteWriter {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    /// Copies `b`. Most pieces are short (literals, words), so up to 16 bytes are copied with
    /// two overlapping loads and stores rather than a call to memmove.
    @inline(__always)
    mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let source = b.baseAddress else { return }
        let n = b.count
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base + count)
        if n >= 8 && n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for k in 0..<n { base[count + k] = source[k] }
        } else {
            (base + count).update(from: source, count: n)
        }
        count += n
    }

    /// The bytes of a literal.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// A string's content, escaping quotes, backslashes and control characters. Kept out of
    /// line: a line's object writes several strings, and one shared copy keeps the renderer
    /// small enough for the instruction cache.
    @inline(never)
    mutating func escaped(_ b: UnsafeBufferPointer<UInt8>) {
        guard let base = b.baseAddress else { return }
        // Short text (units, keys, most words) checked whole with two overlapping loads.
        if b.count >= 4 && b.count <= 16 {
            let raw = UnsafeRawPointer(base), n = b.count
            let plain = n >= 8
                ? !Self.needsEscape(raw.loadUnaligned(as: UInt64.self)) && !Self.needsEscape(raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
                : !Self.needsEscape(UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32)
            if plain {
                bytes(b)
                return
            }
        }
        var runStart = 0
        var i = 0
        while i < b.count {
            // Eight bytes at a time while none needs escaping (most text).
            if i + 8 <= b.count,
               !Self.needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let c = b[i]
            i += 1
            guard Self.needsEscape(c) else { continue }
            let at = i - 1
            bytes(UnsafeBufferPointer(rebasing: b[runStart..<at]))
            byte(0x5C)
            switch c {
            case 0x22: byte(0x22)
            case 0x5C: byte(0x5C)
            case 0x0A: byte(0x6E)
            case 0x0D: byte(0x72)
            case 0x09: byte(0x74)
            default:
                let hex = Self.hex.utf8Start
                byte(0x75); byte(0x30); byte(0x30)
                byte(hex[Int(c >> 4)]); byte(hex[Int(c & 0xF)])
            }
            runStart = i
        }
        bytes(UnsafeBufferPointer(rebasing: b[runStart...]))
    }

    /// Whether a byte is a control character, `"`, `\` or DEL: the bytes a JSON string escapes.
    @inline(__always)
    static func needsEscape(_ c: UInt8) -> Bool { c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F }

    /// Whether any of eight bytes is a control character, `"`, `\` or DEL (exact: bit tricks
    /// for "some byte is below 0x20" and "some byte equals c").
    @inline(__always)
    static func needsEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let below20 = (x &- ones &* 0x20) & ~x & highs != 0
        return below20 || hasZero(x ^ (ones &* 0x22)) || hasZero(x ^ (ones &* 0x5C)) || hasZero(x ^ (ones &* 0x7F))
    }

    /// A JSON string, or null.
    mutating func string(_ s: String?) {
        guard var s else { raw("null"); return }
        byte(0x22)
        s.withUTF8 { escaped($0) }
        byte(0x22)
    }

    /// Decimal digits of `n`, made by dividing by the constant 10 (a multiply and shift),
    /// last first.
    @inline(__always)
    mutating func digits(_ n: UInt64) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var v = n, k = 24
            repeat {
                k -= 1
                buffer[k] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                v /= 10
            } while v > 0
            bytes(UnsafeBufferPointer(rebasing: UnsafeRawBufferPointer(buffer).bindMemory(to: UInt8.self)[k...]))
        }
    }

    /// A JSON number rounded to six decimals, or null.
    mutating func number(_ value: Double?) {
        guard let value, value.isFinite else { raw("null"); return }
        var v = value
        if v < 0 { byte(0x2D); v = -v }
        // Whole numbers print exactly; large non-whole ones in Swift's shortest form; the rest
        // are rounded to millionths without libm (`Rounding`).
        if v < 10, Double(UInt8(v)) == v { byte(0x30 &+ UInt8(v)); return } // the most common quantities
        if v < 1e18, Double(UInt64(v)) == v { digits(UInt64(v)); return }
        if v >= 1e9 {
            var text = "\(v)"
            text.withUTF8 { bytes($0) }
            return
        }
        let micros = Rounding.halfAwayFromZero(v * 1_000_000)
        let whole = micros / 1_000_000, fraction = micros % 1_000_000
        if whole < 10 { byte(0x30 &+ UInt8(truncatingIfNeeded: whole)) } else { digits(whole) }
        guard fraction > 0 else { return }
        // Six digits, two at a time, then the trailing zeros taken back.
        byte(0x2E)
        let fraction32 = UInt32(truncatingIfNeeded: fraction)
        pair(fraction32 / 10_000)
        pair(fraction32 / 100 % 100)
        pair(fraction32 % 100)
        while base[count - 1] == 0x30 { count -= 1 }
    }

    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The two decimal digits of `n` (below 100).
    @inline(__always)
    private mutating func pair(_ n: UInt32) {
        let p = Self.pairs.utf8Start + 2 * Int(n)
        base[count] = p[0]
        base[count + 1] = p[1]
        count += 2
    }
}

/// What `JSONLine` needs of a parsed line; `ParsedIngredient` and the internal `LineView`
/// both provide it, so the contract is written by one function.
protocol JSONLineSource {
    var kind: ParsedIngredient.Kind { get }
    /// The number of amounts: the primary amount first, then the alternates.
    var amountCount: Int { get }
    /// Amount `k`'s quantity and the top of its range.
    func quantities(_ k: Int) -> (quantity: Double?, quantityMax: Double?)
    /// Writes amount `k`'s unit as a JSON string, or null.
    func writeUnit(_ k: Int, _ w: inout ByteWriter)
    var isOptional: Bool { get }
    var confidence: Double { get }
    /// The canonical key of the name.
    var key: String? { get }
    /// An upper bound of the bytes the JSON object can take.
    var maximumJSONSize: Int { get }
    /// Writes the input as an escaped JSON string (with quotes).
    func writeInput(_ w: inout ByteWriter)
    /// Writes a text field as a JSON string, or null.
    func write(_ field: Field, _ w: inout ByteWriter)
    /// Writes the section title as a JSON string, or null.
    func writeSection(_ w: inout ByteWriter)
}

/// Room for the fixed parts of an object, its field names and literals with every text field
/// null (250 bytes with the longest kind and a confidence of 25 bytes), rounded up.
private let fixedJSONSize = 288
/// Room for one amount's object beyond its unit's text: names, braces, commas and two numbers
/// of at most 25 bytes each (91 bytes), rounded up. Kept small so that most lines' room fits
/// the stack (a temporary allocation above 1 KB goes to the heap).
private let amountJSONSize = 112

extension ParsedIngredient: JSONLineSource {
    var amountCount: Int { (amount == nil ? 0 : 1) + alternates.count }

    /// Amount `k`: the primary amount first, then the alternates.
    private func amount(at k: Int) -> Amount {
        guard let amount else { return alternates[k] }
        return k == 0 ? amount : alternates[k - 1]
    }

    func quantities(_ k: Int) -> (quantity: Double?, quantityMax: Double?) {
        let a = amount(at: k)
        return (a.quantity, a.quantityMax)
    }

    func writeUnit(_ k: Int, _ w: inout ByteWriter) { w.string(amount(at: k).unit) }

    var maximumJSONSize: Int {
        let text = [input, size, name, key, preparation, comment, purpose, section].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        let units = (0..<amountCount).reduce(0) { $0 + (amount(at: $1).unit?.utf8.count ?? 0) }
        return fixedJSONSize + 6 * text + amountJSONSize * (alternates.count + 1) + 6 * units
    }

    func writeInput(_ w: inout ByteWriter) { w.string(input) }

    func write(_ field: Field, _ w: inout ByteWriter) {
        switch field {
        case .size: w.string(size)
        case .name: w.string(name)
        case .preparation: w.string(preparation)
        case .comment: w.string(comment)
        case .purpose: w.string(purpose)
        }
    }

    func writeSection(_ w: inout ByteWriter) { w.string(section) }
}

extension LineView: JSONLineSource {
    var maximumJSONSize: Int {
        // Input, fields (joiners included) and section, each byte escaped to at most six
        // (copied as it is when the line is plain); the key and units, escaped.
        let fromLine = line.count * 2 + spans.count * 2
        var other = key?.utf8.count ?? 0
        for k in amounts.indices { other += unitText(k)?.utf8.count ?? 0 }
        return fixedJSONSize + (lineIsPlain ? 1 : 6) * fromLine + 6 * other + amountJSONSize * amounts.count
    }

    var amountCount: Int { amounts.count }

    func quantities(_ k: Int) -> (quantity: Double?, quantityMax: Double?) {
        (amounts[k].quantity, amounts[k].quantityMax)
    }

    func writeUnit(_ k: Int, _ w: inout ByteWriter) { w.string(unitText(k)) }

    /// Bytes of the line, escaped unless the line is plain.
    @inline(__always)
    private func lineBytes(_ b: UnsafeBufferPointer<UInt8>, _ w: inout ByteWriter) {
        if lineIsPlain { w.bytes(b) } else { w.escaped(b) }
    }

    func writeInput(_ w: inout ByteWriter) {
        w.byte(0x22)
        lineBytes(line, &w)
        w.byte(0x22)
    }

    func write(_ field: Field, _ w: inout ByteWriter) {
        var opened = false
        forEachPiece(of: field) { piece in
            if !opened { w.byte(0x22); opened = true }
            lineBytes(piece, &w)
        }
        if opened { w.byte(0x22) } else { w.raw("null") }
    }

    func writeSection(_ w: inout ByteWriter) {
        guard let section else { w.raw("null"); return }
        w.byte(0x22)
        lineBytes(UnsafeBufferPointer(rebasing: line[section]), &w)
        w.byte(0x22)
    }
}
