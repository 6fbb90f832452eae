import IngredientText

extension ShoppingList {
    /// The list as the `ingest list --json` document (see docs/json.md, "ingest list --json"): one
    /// JSON object, each item on its own line, ending with a newline. Same list, same bytes.
    public func json() -> String {
        var out: [UInt8] = []
        appendJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `json()`'s bytes to `out`.
    public func appendJSON(to out: inout [UInt8]) {
        writeJSON(to: &out, chunk: .max) { (_: inout [UInt8]) in }
    }

    /// Writes `json()`'s bytes in pieces, so that a large list is never held as one
    /// document: appends to `out` and hands it to `flush` after an item once it holds
    /// `chunk` bytes or more, and at the end; `flush` writes the bytes and empties `out`.
    public func writeJSON<E: Error>(to out: inout [UInt8], chunk: Int = 1 << 16,
                                    flush: (inout [UInt8]) throws(E) -> Void) throws(E) {
        func raw(_ s: StaticString) { out.append(literal: s) }
        func integer(_ n: Int) { out.append(contentsOf: String(n).utf8) }
        func string(_ s: String?) {
            if let s { JSONBytes.appendString(s, to: &out) } else { raw("null") }
        }
        func number(_ n: Double?) {
            if let n { JSONBytes.appendNumber(n, to: &out) } else { raw("null") }
        }
        func strings(_ list: [String]) {
            raw("[")
            for (i, s) in list.enumerated() {
                if i > 0 { raw(",") }
                string(s)
            }
            raw("]")
        }
        func measure(_ m: Measure) {
            let family = m.family.id, baseUnit = m.family.baseUnit
            JSONBytes.append(upTo: Self.measureRoom(family: family, baseUnit: baseUnit), to: &out) {
                Self.writeMeasure(m, family: family, baseUnit: baseUnit, into: &$0)
            }
        }
        func item(_ item: ListItem, withSources: Bool = true) {
            raw(#"{"id":"#); string(item.id)
            raw(#","key":"#); string(item.key)
            raw(#","name":"#); string(item.name)
            raw(#","aisle":"#); string(item.aisle.id)
            raw(#","quantities":["#)
            for (i, q) in item.quantities.enumerated() {
                if i > 0 { raw(",") }
                measure(q.measure)
                raw(#","text":"#); string(q.display.text)
                raw(#","quantity":"#); number(q.display.quantity)
                raw(#","quantityMax":"#); number(q.display.quantityMax)
                raw(#","unit":"#); string(q.display.unit)
                raw(#","total":"#); number(q.total.low)
                raw(#","totalMax":"#); number(q.total.high)
                raw(#","onHand":"#); number(q.onHand?.low)
                raw(#","onHandText":"#); string(q.onHandDisplay?.text)
                raw(#","lines":"#); integer(q.lineCount)
                raw("}")
            }
            raw(#"],"flags":"#); strings(item.flags.names)
            raw(#","notes":"#); strings(item.notes)
            guard withSources else { raw("}"); return }
            raw(#","sources":["#)
            for (i, s) in item.sources.enumerated() {
                if i > 0 { raw(",") }
                Self.appendSource(s, to: &out)
            }
            raw("]}")
        }
        func itemList(_ list: [ListItem]) throws(E) {
            raw("[")
            for (i, it) in list.enumerated() {
                raw(i == 0 ? "\n" : ",\n")
                item(it)
                if out.count >= chunk { try flush(&out) }
            }
            raw(list.isEmpty ? "]" : "\n]")
        }

        raw(#"{"locale":"#); string(locale.rawValue)
        raw(#","recipes":["#)
        for (i, r) in recipes.enumerated() {
            raw(i == 0 ? "\n" : ",\n")
            raw(#"{"id":"#); string(r.id)
            raw(#","title":"#); string(r.title)
            raw(#","planEntry":"#); string(r.planEntryID)
            raw(#","servingsFactor":"#); number(r.servingsFactor)
            raw(#","protein":"#); string(r.protein.rawValue)
            raw(#","lines":"#); integer(r.ingredientLines)
            raw("}")
            if out.count >= chunk { try flush(&out) }
        }
        raw(recipes.isEmpty ? "]" : "\n]")
        raw(#","aisles":["#)
        for (i, a) in aisles.enumerated() {
            if i > 0 { raw(",") }
            raw(#"{"id":"#); string(a.id)
            raw(#","title":"#); string(a.title)
            raw("}")
        }
        raw(#"],"skippedLines":"#); integer(skippedLines)
        raw(#","items":"#); try itemList(items)
        raw(#","hidden":"#); try itemList(hiddenItems)
        raw(#","suggestions":["#)
        for (i, s) in suggestions.enumerated() {
            raw(i == 0 ? "\n" : ",\n")
            raw(#"{"merge":"#); string(s.merge.id)
            raw(#","into":"#); string(s.into.id)
            raw(#","keys":"#); strings([s.merge.key, s.into.key])
            raw(#","names":"#); strings([s.merge.name, s.into.name])
            raw(#","confidence":"#); number((s.confidence * 1000).rounded() / 1000)
            raw(#","reasons":"#); strings(s.reasons)
            raw(#","result":"#); item(s.result, withSources: false)
            raw("}")
            if out.count >= chunk { try flush(&out) }
        }
        raw(suggestions.isEmpty ? "]" : "\n]")
        raw("}\n")
        try flush(&out)
    }

    /// The start of a measure's object, left open for what follows it: its family (`family`
    /// is the family's id), exact amounts and base unit.
    static func writeMeasure(_ m: Measure, family: String, baseUnit: String, into w: inout ByteWriter) {
        w.raw(#"{"family":"#); w.string(family)
        w.raw(#","exact":"#); w.number(m.low)
        w.raw(#","exactMax":"#); w.number(m.high)
        w.raw(#","baseUnit":"#); w.string(baseUnit)
    }

    /// Room enough for `writeMeasure`: six bytes per byte of each string escaped and its
    /// quotes, 48 per number, and the names.
    static func measureRoom(family: String, baseUnit: String) -> Int {
        6 * (family.utf8.count + baseUnit.utf8.count) + 4 + 2 * 48 + 64
    }

    /// Appends one source's JSON object to `out`, written in one piece of reserved room
    /// (a list has a source per recipe line, and small appends cost more than the bytes).
    static func appendSource(_ s: ItemSource, to out: inout [UInt8]) {
        let m = s.measure
        let family = m?.family.id, baseUnit = m?.family.baseUnit, amount = m != nil ? s.amount?.text : nil
        // Each string takes at most six bytes per byte escaped and its quotes, or "null";
        // each number at most 48 bytes; the names and punctuation under 200.
        func room(_ text: String?) -> Int { 6 * (text?.utf8.count ?? 0) + 4 }
        let strings = room(s.recipeID) + room(s.recipeTitle) + room(s.planEntryID) + room(s.line) + room(family)
            + room(baseUnit) + room(amount) + room(s.size) + room(s.preparation) + room(s.comment) + room(s.purpose)
        JSONBytes.append(upTo: strings + 3 * 48 + 256, to: &out) { w in
            w.raw(#"{"recipe":"#); w.string(s.recipeID)
            w.raw(#","title":"#); w.string(s.recipeTitle)
            w.raw(#","planEntry":"#); w.string(s.planEntryID)
            w.raw(#","line":"#); w.string(s.line)
            w.raw(#","servingsFactor":"#); w.number(s.servingsFactor)
            w.raw(#","amount":"#)
            if let m, let family, let baseUnit {
                Self.writeMeasure(m, family: family, baseUnit: baseUnit, into: &w)
                w.raw(#","text":"#); w.string(amount)
                w.raw("}")
            } else { w.raw("null") }
            w.raw(#","size":"#); w.string(s.size)
            w.raw(#","preparation":"#); w.string(s.preparation)
            w.raw(#","comment":"#); w.string(s.comment)
            w.raw(#","purpose":"#); w.string(s.purpose)
            w.raw(#","optional":"#); w.raw(s.isOptional ? "true" : "false")
            w.raw("}")
        }
    }
}
