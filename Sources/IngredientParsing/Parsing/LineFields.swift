import IngredientLexicon

/// A text field of a parsed line.
enum Field: UInt8, Sendable {
    case size, name, preparation, comment, purpose

    /// How the field's pieces are joined: names and sizes with a space, lists with a comma.
    var joiner: StaticString {
        switch self {
        case .size, .name: " "
        case .preparation, .comment, .purpose: ", "
        }
    }
}

/// One piece of a field: a range of the line's bytes.
struct Span: Sendable {
    var field: Field
    var start: Int32
    var end: Int32
}

/// The assembled line before any String is made: amounts, flags and the byte ranges of each
/// text field. `ParsedIngredient` (Strings) and `JSONLine` (bytes) are both made from it.
package struct LineView {
    let line: UnsafeBufferPointer<UInt8>
    package var kind: ParsedIngredient.Kind
    var amounts = PlainList<LineAmount>()
    /// The lexicon's units table, which the amounts' known units are rows of (valid while
    /// the view is).
    var units = UnsafeBufferPointer<UnitDefinition>(start: nil, count: 0)
    /// The same table's ids as plain bytes, for the JSON line (none: read each id's String).
    var unitIDs = UnitIDBytes.Rows(bytes: nil, places: nil)
    var spans = PlainList<Span>()
    package var isOptional = false
    /// For headers: the title's bytes.
    var section: Range<Int>?
    var confidence: Double
    /// `confidence` in thousandths (0…1000) when it is a whole number of them (an
    /// ingredient line's), which `JSONLine` writes without converting the double; -1 otherwise.
    var confidenceThousandths = -1
    /// The canonical key of the name (see `CanonicalKeyer`); nil without a name or for an empty key.
    /// Left nil where `keyBytes` holds the key instead (`hasKeyBytes`).
    var key: String?
    /// Whether the key is `keyBytes` (empty for no key) rather than `key`: the JSON path takes
    /// the key's bytes from the session's name-key cache (valid while the view is) when it has
    /// them. JSON escapes none of a key's bytes (see `NameKeyCache.Found`).
    var hasKeyBytes = false
    var keyBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether no byte of `line` needs escaping in JSON, so that the line and its fields are
    /// copied as they are (`JSONLine`); false when not checked.
    var lineIsPlain = false
    /// The line as given: `line` itself, or the text `line` is the composed form of
    /// (`LineComposition`), which the JSON line writes as the input.
    var given: UnsafeBufferPointer<UInt8>
    /// Whether `line` is the composed form of the line as `given`.
    @inline(__always) var isComposed: Bool { given.baseAddress != line.baseAddress }

    /// The canonical key of the name's text, computed from its bytes (or taken from `cache`
    /// when the same name was keyed before).
    /// (A static function of the view's spans and line, so that the call does not copy the
    /// whole view; the tables are not retained.) `setNameKey` keeps the key as bytes instead.
    static func nameKey(spans: PlainList<Span>, line: UnsafeBufferPointer<UInt8>, _ keys: KeyTables,
                        cache: inout NameKeyCache) -> String? {
        unowned(unsafe) let keys = keys
        return withText(of: .name, spans: spans, line: line) { name in
            cache.key(for: name) {
                let key = keys.key(utf8: name, foldsDiacritics: true)
                return key.isEmpty ? nil : key
            }
        } ?? nil
    }

    /// Sets the view's key from its name: as bytes where the session's name-key cache holds
    /// them (`hasKeyBytes`), else as `key` (which must still be nil: it is initialized, not
    /// assigned, which would destroy the old nil through the generic value witnesses of `String?`).
    static func setNameKey(of view: inout LineView, _ keys: KeyTables, cache: inout NameKeyCache) {
        unowned(unsafe) let keys = keys
        let found = withText(of: .name, spans: view.spans, line: view.line) { name in
            cache.lookUp(name) { body in keys.withKey(utf8: name, foldsDiacritics: true, body) }
        }
        switch found {
        case .some(.bytes(let bytes)):
            view.hasKeyBytes = true
            view.keyBytes = bytes
        case .some(.string(let key)):
            precondition(view.key == nil)
            withUnsafeMutablePointer(to: &view.key) { $0.initialize(to: key) }
        case .none:
            break // no name: no key
        }
    }

    /// Whether the field has any text.
    func has(_ field: Field) -> Bool { spans.contains { $0.field == field } }

    /// Visits the field's text as byte pieces, with the joiner between pieces.
    @inline(__always)
    func forEachPiece(of field: Field, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        Self.forEachPiece(of: field, spans: spans, line: line, body)
    }

    @inline(__always)
    static func forEachPiece(of field: Field, spans: PlainList<Span>, line: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var first = true
        for s in spans where s.field == field {
            if !first {
                let j = field.joiner
                body(UnsafeBufferPointer(start: j.utf8Start, count: j.utf8CodeUnitCount))
            }
            body(UnsafeBufferPointer(rebasing: line[Int(s.start)..<Int(s.end)]))
            first = false
        }
    }

    /// The field's text, or nil when it has none.
    func text(_ field: Field) -> String? {
        // Decoded once from its bytes (repairing what is not UTF-8, as `String(decoding:)`
        // does for the whole).
        withText(of: field) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the field's text as bytes, its pieces joined; nil when the field has
    /// no text. Most fields are one piece of the line, which `body` reads in place; several
    /// are copied side by side into temporary room.
    @inline(__always)
    func withText<R>(of field: Field, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        Self.withText(of: field, spans: spans, line: line, body)
    }

    @inline(__always)
    static func withText<R>(of field: Field, spans: PlainList<Span>, line: UnsafeBufferPointer<UInt8>,
                            _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        // One pass over the spans: the field's first span and its size with the joiners.
        var first = -1, pieces = 0, size = 0
        for (k, s) in spans.enumerated() where s.field == field {
            if first < 0 { first = k }
            pieces += 1
            size += Int(s.end - s.start)
        }
        guard first >= 0 else { return nil }
        if pieces == 1 {
            let s = spans[first]
            return body(UnsafeBufferPointer(rebasing: line[Int(s.start)..<Int(s.end)]))
        }
        size += (pieces - 1) * field.joiner.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { buffer in
            var n = 0
            forEachPiece(of: field, spans: spans, line: line) { piece in
                guard let source = piece.baseAddress, !piece.isEmpty else { return }
                (buffer.baseAddress! + n).update(from: source, count: piece.count)
                n += piece.count
            }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// The text of amount `k`'s unit, or nil for a count.
    func unitText(_ k: Int) -> String? { amounts[k].unit.text(units: units, line: line) }

    /// The text of the name, size, preparation, comment and purpose, as `ParsedIngredient`
    /// has them.
    package var nameText: String? { text(.name) }
    package var sizeText: String? { text(.size) }
    package var preparationText: String? { text(.preparation) }
    package var commentText: String? { text(.comment) }
    package var purposeText: String? { text(.purpose) }

    /// How many amounts the line has: `ParsedIngredient.amount` and its `alternates`.
    package var amountCount: Int { amounts.count }

    /// Amount `k` as the public value: `ParsedIngredient.amount` for 0, `alternates[k - 1]` after.
    package func amount(_ k: Int) -> Amount { amounts[k].amount(units: units, line: line) }

    /// Whether amount `k` is part of a composite amount ("1 lb 2 oz"): `Amount.isComposite`.
    package func isComposite(_ k: Int) -> Bool { amounts[k].isComposite }

    /// The name's canonical key, as `ParsedIngredient.key` gives it.
    package var nameKey: String? {
        hasKeyBytes ? (keyBytes.isEmpty ? nil : String(decoding: keyBytes, as: UTF8.self)) : key
    }

    /// The public value, with Strings.
    package func parsedIngredient(input: String) -> ParsedIngredient {
        let amount = amounts.first?.amount(units: units, line: line)
        let alternates = amounts.count > 1 ? amounts.dropFirst().map { $0.amount(units: units, line: line) } : []
        let size = text(.size), name = text(.name), preparation = text(.preparation)
        let comment = text(.comment), purpose = text(.purpose)
        let section = section.map { String(decoding: UnsafeBufferPointer(rebasing: line[$0]), as: UTF8.self) }
        let key = nameKey
        return ParsedIngredient(input: input, kind: kind, amount: amount, alternates: alternates, size: size, name: name,
                                key: key, preparation: preparation, comment: comment, purpose: purpose,
                                isOptional: isOptional, section: section, confidence: confidence)
    }
}
