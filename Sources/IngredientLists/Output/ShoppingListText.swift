import IngredientText
import IngredientSuggestions

extension ShoppingList {
    /// The list as `ingest list` prints it: items under their aisle headings in store order,
    /// each as "Name — amount  [Recipe] [Recipe]"; then what the pantry covers, then what the
    /// user removed. Same list, same text. Control characters in names and notes are written
    /// as `\xHH` (`ControlEscaping`), so the text is safe to print on a terminal.
    ///
    /// ```
    /// Meat & seafood
    ///   Ground beef — 2 lb  [Spaghetti] [Tacos]
    /// Condiments & spices
    ///   Salt — 1 tsp, plus some not measured  [Spaghetti] [Tacos]
    /// ```
    public func text() -> String {
        var out: [UInt8] = []
        writeText(to: &out, chunk: .max) { (_: inout [UInt8]) in }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `text()`'s bytes in pieces, so that a large list is never held as one text:
    /// appends to `out` and hands it to `flush` after a line once it holds `chunk` bytes or
    /// more, and at the end; `flush` writes the bytes and empties `out`.
    public func writeText<E: Error>(to out: inout [UInt8], chunk: Int = 1 << 16,
                                    flush: (inout [UInt8]) throws(E) -> Void) throws(E) {
        var written = false
        func emit(_ text: String) throws(E) {
            ControlEscaping.append(text, to: &out)
            written = true
            if out.count >= chunk { try flush(&out) }
        }
        func emit(_ item: ListItem) throws(E) {
            Self.appendLine(item, to: &out)
            written = true
            if out.count >= chunk { try flush(&out) }
        }
        var current: String?
        for item in items where !item.flags.contains(.inPantry) {
            if item.aisle.id != current {
                try emit((current != nil ? "\n" : "") + item.aisle.title + "\n")
                current = item.aisle.id
            }
            try emit(item)
        }
        let pantry = items.filter { $0.flags.contains(.inPantry) }
        if !pantry.isEmpty {
            try emit((written ? "\n" : "") + "In your pantry\n")
            for item in pantry { try emit(item) }
        }
        if !hiddenItems.isEmpty {
            try emit((written ? "\n" : "") + "Removed by you\n")
            for item in hiddenItems { try emit(item) }
        }
        if !written { try emit("Nothing to buy.\n") }
        if !suggestions.isEmpty {
            try emit("\nSuggested merges\n")
            for s in suggestions { try emit(Self.line(s)) }
        }
        try flush(&out)
    }

    /// One suggestion's line: "Merge Red onion (1) into Onion (2) → Onion 3? 0.72: reasons".
    static func line(_ s: ListSuggestion) -> String {
        func amounts(_ item: ListItem) -> String {
            let texts = item.quantities.map(\.display.text)
            return texts.isEmpty ? "quantity unclear" : texts.joined(separator: ", ")
        }
        let confidence = PairFeatures.twoDecimals(s.confidence)
        return "  Merge \(capitalized(s.merge.name)) (\(amounts(s.merge))) into \(capitalized(s.into.name)) (\(amounts(s.into)))"
            + " → \(capitalized(s.result.name)) \(amounts(s.result))? \(confidence): "
            + s.reasons.prefix(3).joined(separator: "; ") + "\n"
    }

    /// One item's line.
    static func line(_ item: ListItem) -> String {
        var out: [UInt8] = []
        appendLine(item, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one item's line to `out`, its control characters escaped (`ControlEscaping`):
    /// written piece by piece, as a popular item's line holds thousands of recipe tags.
    static func appendLine(_ item: ListItem, to out: inout [UInt8]) {
        func literal(_ s: StaticString) { out.append(literal: s) }
        literal("  ")
        if item.flags.contains(.checked) { literal("✓ ") }
        appendCapitalized(item.name, to: &out)
        literal(" — ")
        var amounts: [String] = []
        for q in item.quantities {
            var a = q.display.text
            if q.display.isRounded, q.measure.family == .count || { if case .package = q.measure.family { return true }; return false }() {
                a += " (" + exact(q.measure) + " exact)"
            }
            if let have = q.onHandDisplay { a += " (have " + have.text + ")" }
            amounts.append(a)
        }
        if item.flags.contains(.inPantry) {
            let have = item.quantities.compactMap { $0.onHandDisplay?.text }
            amounts = [have.isEmpty ? "have it" : "have " + have.joined(separator: ", ")]
        } else if item.flags.contains(.quantityUnclear) {
            amounts.append(amounts.isEmpty ? "quantity unclear" : "plus some not measured")
        }
        for (k, a) in amounts.enumerated() {
            if k > 0 { literal(", ") }
            ControlEscaping.append(a, to: &out)
        }
        var extras: [String] = []
        if item.flags.contains(.optional) { extras.append("optional") }
        extras += item.notes
        if !extras.isEmpty {
            literal(" (")
            for (k, e) in extras.enumerated() {
                if k > 0 { literal("; ") }
                ControlEscaping.append(e, to: &out)
            }
            literal(")")
        }
        literal(" ")
        for tag in item.sourceTags {
            literal(" [")
            ControlEscaping.append(tag, to: &out)
            literal("]")
        }
        literal("\n")
    }

    /// A count as an exact kitchen number ("1 ½").
    static func exact(_ m: Measure) -> String {
        func one(_ v: Double) -> String { KitchenFormatting.kitchenFraction(v)?.1 ?? KitchenFormatting.decimal(v, places: 2) }
        return m.isRange ? one(m.low) + "–" + one(m.high) : one(m.low)
    }

    /// Appends `ControlEscaping.append(capitalized(name))`: on the bytes when the name
    /// starts with an ASCII byte and has nothing to escape (the uppercase of an ASCII
    /// letter is its byte less 0x20, and whatever follows it, a combining mark included, is
    /// kept as it is), which is nearly every name; through `capitalized` otherwise.
    static func appendCapitalized(_ name: String, to out: inout [UInt8]) {
        var name = name
        let done = name.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, first < 0x80, ControlEscaping.isPlain(bytes) else { return false }
            out.append(first &- 0x61 < 26 ? first &- 0x20 : first)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.dropFirst()))
            return true
        }
        if !done { ControlEscaping.append(capitalized(name), to: &out) }
    }

    static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
