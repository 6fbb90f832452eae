import IngredientText

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
        JSONBytes.append(upTo: line.maximumJSONSize, to: &out) { render(line, &$0) }
    }

    private static func render<Source: JSONLineSource>(_ line: Source, _ out: inout ByteWriter) {
        // A local writer, which no call takes `inout` (the renderers are inlined, the writers
        // out of line take its count as a value), stays in registers.
        var w = out
        w.raw(#"{"input":"#)
        line.writeInput(&w)
        w.byte(0x2C)
        renderFields(line, &w)
        w.raw("}\n")
        out = w
    }

    /// Appends every field after `input` (`"kind":…` through `"confidence":…`), without braces,
    /// for records that embed a parsed line in an object of their own (`ingest import`).
    package static func appendFields(_ line: ParsedIngredient, to out: inout [UInt8]) {
        JSONBytes.append(upTo: line.maximumJSONSize, to: &out) { renderFields(line, &$0) }
    }

    @inline(__always)
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
        w.quantity(primary.quantity)
        w.raw(#","quantityMax":"#)
        w.quantity(primary.quantityMax)
        w.raw(#","unit":"#)
        if amounts > 0 { line.writeUnit(0, &w) } else { w.raw("null") }
        // Fields without text are null, written without looking for their pieces.
        let fields = line.fieldsWithText
        w.raw(#","size":"#)
        if fields & 1 << Field.size.rawValue != 0 { line.write(.size, &w) } else { w.raw("null") }
        w.raw(#","name":"#)
        if fields & 1 << Field.name.rawValue != 0 { line.write(.name, &w) } else { w.raw("null") }
        w.raw(#","key":"#)
        line.writeKey(&w)
        w.raw(#","preparation":"#)
        if fields & 1 << Field.preparation.rawValue != 0 { line.write(.preparation, &w) } else { w.raw("null") }
        w.raw(#","comment":"#)
        if fields & 1 << Field.comment.rawValue != 0 { line.write(.comment, &w) } else { w.raw("null") }
        w.raw(#","purpose":"#)
        if fields & 1 << Field.purpose.rawValue != 0 { line.write(.purpose, &w) } else { w.raw("null") }
        w.raw(line.isOptional ? #","optional":true"# : #","optional":false"#)
        w.raw(#","alternates":["#)
        var k = 1
        while k < amounts {
            if k > 1 { w.byte(0x2C) }
            let (quantity, quantityMax) = line.quantities(k)
            w.raw(#"{"quantity":"#)
            w.quantity(quantity)
            w.raw(#","quantityMax":"#)
            w.quantity(quantityMax)
            w.raw(#","unit":"#)
            line.writeUnit(k, &w)
            w.byte(0x7D)
            k += 1
        }
        w.raw(#"],"section":"#)
        line.writeSection(&w)
        w.raw(#","confidence":"#)
        line.writeConfidence(&w)
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
    /// Writes the confidence as a JSON number.
    func writeConfidence(_ w: inout ByteWriter)
    /// Writes the canonical key of the name as a JSON string, or null.
    func writeKey(_ w: inout ByteWriter)
    /// An upper bound of the bytes the JSON object can take.
    var maximumJSONSize: Int { get }
    /// Writes the input as an escaped JSON string (with quotes).
    func writeInput(_ w: inout ByteWriter)
    /// Writes a text field as a JSON string, or null.
    func write(_ field: Field, _ w: inout ByteWriter)
    /// The fields that may have text, as bits `1 << Field.rawValue` (the others are null).
    var fieldsWithText: Int { get }
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
        // Summed field by field: an array of the fields cost more than writing them.
        var text = input.utf8.count + (size?.utf8.count ?? 0) + (name?.utf8.count ?? 0) + (key?.utf8.count ?? 0)
        text += (preparation?.utf8.count ?? 0) + (comment?.utf8.count ?? 0) + (purpose?.utf8.count ?? 0) + (section?.utf8.count ?? 0)
        var units = amount?.unit?.utf8.count ?? 0
        for alternate in alternates { units += alternate.unit?.utf8.count ?? 0 }
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

    func writeKey(_ w: inout ByteWriter) { w.string(key) }

    var fieldsWithText: Int { 0x1F }

    func writeConfidence(_ w: inout ByteWriter) { w.number(confidence) }
}

extension LineView: JSONLineSource {
    var maximumJSONSize: Int {
        // Input, fields (joiners included) and section, each byte escaped to at most six
        // (copied as it is when the line is plain); the key and units, escaped.
        // (Wrapping arithmetic: a line has at most a few MB, far from overflowing.)
        let fromLine = line.count &* 2 &+ spans.count &* 2
        var other = hasKeyBytes ? keyBytes.count : key?.utf8.count ?? 0
        for k in amounts.indices { other &+= unitTextBound(k) }
        if isComposed { other &+= given.count }
        return fixedJSONSize &+ (lineIsPlain ? 1 : 6) &* fromLine &+ 6 &* other &+ amountJSONSize &* amounts.count
    }

    /// One pass over the spans.
    var fieldsWithText: Int {
        @inline(__always) get {
            var fields = 0
            for s in spans { fields |= 1 &<< s.field.rawValue }
            return fields
        }
    }

    /// At least the bytes of amount `k`'s unit text, without making it: a known unit's id, or
    /// three bytes for every byte of words the table does not know (lowercasing can lengthen
    /// a character's UTF-8, by half at most).
    @inline(__always)
    private func unitTextBound(_ k: Int) -> Int {
        switch amounts[k].unit {
        case .none: 0
        case .known(let row): unitIDs.plainID(row)?.count ?? units[Int(row)].id.utf8.count
        case .unknown(let start, let end): 3 * Int(end - start)
        }
    }

    func quantities(_ k: Int) -> (quantity: Double?, quantityMax: Double?) {
        (amounts[k].quantity, amounts[k].quantityMax)
    }

    /// A known unit's id copied from the parser's table of ids where it has it (every built-in
    /// id), else written from the unit's String.
    @inline(__always)
    func writeUnit(_ k: Int, _ w: inout ByteWriter) {
        if case .known(let row) = amounts[k].unit, let id = unitIDs.plainID(row) {
            w.plainString(id)
            return
        }
        w.string(unitText(k))
    }

    /// Bytes of the line, escaped unless the line is plain.
    @inline(__always)
    private func lineBytes(_ b: UnsafeBufferPointer<UInt8>, _ w: inout ByteWriter) {
        if lineIsPlain { w.bytes(b) } else { w.escaped(b) }
    }

    @inline(__always)
    func writeInput(_ w: inout ByteWriter) {
        w.byte(0x22)
        // The input as given (`line` may be its composed form).
        if isComposed { w.escaped(given) } else { lineBytes(line, &w) }
        w.byte(0x22)
    }

    @inline(__always)
    func write(_ field: Field, _ w: inout ByteWriter) {
        var opened = false
        forEachPiece(of: field) { piece in
            if !opened { w.byte(0x22); opened = true }
            lineBytes(piece, &w)
        }
        if opened { w.byte(0x22) } else { w.raw("null") }
    }

    /// From its thousandths where the view has them: the same bytes as `number(confidence)`
    /// (a whole number of thousandths below one is written "0." and its digits without
    /// trailing zeros; the tests check all 1,001), without converting the double.
    @inline(__always)
    func writeConfidence(_ w: inout ByteWriter) {
        let k = confidenceThousandths
        guard k >= 0, k <= 1000 else { w.number(confidence); return }
        w.thousandths(k)
    }

    @inline(__always)
    func writeKey(_ w: inout ByteWriter) {
        guard hasKeyBytes else { w.string(key); return }
        guard !keyBytes.isEmpty else { w.raw("null"); return }
        w.plainString(keyBytes) // plain: see `NameKeyCache.Found`
    }

    @inline(__always)
    func writeSection(_ w: inout ByteWriter) {
        guard let section else { w.raw("null"); return }
        w.byte(0x22)
        lineBytes(UnsafeBufferPointer(rebasing: line[section]), &w)
        w.byte(0x22)
    }
}
