/// Reads MasterCook exports: the text export (`.mxp`: recipes after
/// `* Exported from MasterCook *`, a header, an Amount / Measure / Ingredient table whose
/// column widths the dashed line under its heading gives, then directions) and the XML
/// export (`.mx2`: `<RcpE>` elements with `<IngR name unit qty>` ingredients).
enum MasterCookReader {
    static func isExportLine(_ line: Substring) -> Bool {
        let squeezed = line.filter { $0 != " " }.lowercased()
        return squeezed.contains("exportedfrommastercook")
    }

    /// The records of a MasterCook text export.
    static func records(_ text: String) -> [RecipeRecord] {
        var records: [RecipeRecord] = []
        var block: [Substring] = []
        var inRecipe = false
        for line in TextDecoding.lines(text) {
            if isExportLine(line) {
                if inRecipe, let r = recipe(block) { records.append(r) }
                block.removeAll()
                inRecipe = true
                continue
            }
            if inRecipe { block.append(line) }
        }
        if inRecipe, let r = recipe(block) { records.append(r) }
        return records
    }

    /// Column ranges from a dashed rule such as `--------  ------------  ------`.
    static func columns(_ rule: [Unicode.Scalar]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (k, s) in rule.enumerated() {
            if s == "-" { if start == nil { start = k } } else if let st = start { result.append(st..<k); start = nil }
        }
        if let st = start { result.append(st..<rule.count) }
        return result
    }

    static func field(_ s: [Unicode.Scalar], _ range: Range<Int>, toEnd: Bool = false) -> String {
        guard range.lowerBound < s.count else { return "" }
        let upper = toEnd ? s.count : min(range.upperBound, s.count)
        return TextCleaning.collapsingSpaces(String(String.UnicodeScalarView(s[range.lowerBound..<upper])))
    }

    static func recipe(_ block: [Substring]) -> RecipeRecord? {
        var record = RecipeRecord(format: .mastercook)
        var i = 0
        while i < block.count, block[i].allSatisfy({ $0 == " " }) { i += 1 }
        if i < block.count { record.title = TextCleaning.collapsingSpaces(String(block[i])); i += 1 }
        var spans: [Range<Int>] = []
        while i < block.count {
            let t = TextCleaning.collapsingSpaces(String(block[i]))
            i += 1
            if t.lowercased().hasPrefix("serving size"), let colon = t.firstIndex(of: ":") {
                let size = t[t.index(after: colon)...].split(separator: " ").first.map(String.init) ?? ""
                if !size.isEmpty, size != "0" { record.yield = size }
            }
            if t.hasPrefix("--------") {
                spans = columns(Array(block[i - 1].unicodeScalars))
                break
            }
        }
        guard spans.count >= 3 else {
            record.instructions = block[i...].map { TextCleaning.collapsingSpaces(String($0)) }.filter { !$0.isEmpty }
            return record.title == nil && record.instructions.isEmpty ? nil : record
        }
        // Ingredients, until the first blank line after some.
        var group: String?
        while i < block.count {
            let raw = Array(block[i].unicodeScalars)
            if raw.allSatisfy({ $0 == " " }) {
                if record.ingredients.isEmpty { i += 1; continue }
                break
            }
            i += 1
            let amount = field(raw, spans[0]), measure = field(raw, spans[1]), text = field(raw, spans[2], toEnd: true)
            let startsInAmount = raw.count > 0 && raw[0..<min(spans[1].lowerBound, raw.count)].contains { $0 != " " }
            if amount.isEmpty, measure.isEmpty, !startsInAmount {
                if text.hasPrefix("--"), !record.ingredients.isEmpty {
                    record.ingredients[record.ingredients.count - 1].text += ", " + text.drop { $0 == "-" || $0 == " " }
                    continue
                }
                if text.hasSuffix(":") || (text.uppercased() == text && text.contains(where: \.isLetter)) {
                    group = String(text.trimmingSuffix { $0 == ":" || $0 == " " }).trimmingCharacters("*")
                    continue
                }
            }
            var line = [amount, measure, text].filter { !$0.isEmpty }.joined(separator: " ")
            if startsInAmount, amount.isEmpty { line = TextCleaning.collapsingSpaces(String(block[i - 1])) }
            line = line.replacing(" -- ", with: ", ")
            if line.hasSuffix(" --") { line.removeLast(3) }
            if !line.isEmpty { record.ingredients.append(.init(group: group, text: line)) }
        }
        // Directions, up to the closing rule.
        var paragraph: [String] = []
        func end() {
            if !paragraph.isEmpty { record.instructions.append(paragraph.joined(separator: " ")) }
            paragraph.removeAll()
        }
        while i < block.count {
            let t = TextCleaning.collapsingSpaces(String(block[i]))
            i += 1
            if t.hasPrefix("- - - -") { break }
            if t.isEmpty { end(); continue }
            paragraph.append(t)
        }
        end()
        return record
    }
}

/// Reads recipe XML exports through the lenient HTML reader: MasterCook `.mx2` (`<RcpE>`,
/// `<IngR name unit qty>`, `<DirT>`) and Krecipes `.kreml` (`<krecipes-recipe>`,
/// `<ingredient-group>`, `<ingredient>` with `<amount>`, `<unit>`, `<name>`, `<prep>`).
enum XMLRecipeReader {
    static func records(_ text: String) -> [RecipeRecord] {
        let doc = HTMLDocument(text)
        var records: [RecipeRecord] = []
        for k in doc.nodes.indices {
            switch doc.nodes[k].tag {
            case "rcpe": records.append(masterCook(doc, k))
            case "krecipes-recipe": records.append(krecipes(doc, k))
            default: break
            }
        }
        return records
    }

    static func masterCook(_ doc: HTMLDocument, _ k: Int) -> RecipeRecord {
        var record = RecipeRecord(format: .mastercook)
        record.title = doc.attribute("name", of: k).map(TextCleaning.line)
        for d in doc.descendants(of: k) {
            switch doc.nodes[d].tag {
            case "serv":
                if let q = doc.attribute("qty", of: d), q != "0", !q.isEmpty { record.yield = q }
            case "ingr":
                let qty = doc.attribute("qty", of: d) ?? "", unit = doc.attribute("unit", of: d) ?? "", name = doc.attribute("name", of: d) ?? ""
                var line = [qty, unit, name].map(TextCleaning.line).filter { !$0.isEmpty }.joined(separator: " ")
                if let prep = doc.descendants(of: d).first(where: { doc.nodes[$0].tag == "iprp" }).map({ doc.text(of: $0) }), !prep.isEmpty {
                    line += ", " + prep
                }
                line = line.replacing(" -- ", with: ", ")
                if !line.isEmpty { record.ingredients.append(.init(group: nil, text: line)) }
            case "dirt":
                record.instructions += doc.lines(of: d)
            default:
                break
            }
        }
        return record
    }

    static func krecipes(_ doc: HTMLDocument, _ k: Int) -> RecipeRecord {
        var record = RecipeRecord(format: .krecipes)
        for d in doc.descendants(of: k) {
            switch doc.nodes[d].tag {
            case "title" where record.title == nil:
                record.title = doc.text(of: d)
            case "serving", "yield":
                if record.yield == nil { record.yield = doc.text(of: d) }
            case "ingredient":
                var parts: [String: String] = [:]
                for c in doc.nodes[d].children where !doc.nodes[c].tag.isEmpty { parts[String(doc.nodes[c].tag)] = doc.text(of: c) }
                var line = [parts["amount"], parts["unit"], parts["name"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                if let prep = parts["prep"], !prep.isEmpty { line += ", " + prep }
                var group: String?
                var p = doc.nodes[d].parent
                while p >= 0, p != k {
                    if doc.nodes[p].tag == "ingredient-group" { group = doc.attribute("name", of: p); break }
                    p = doc.nodes[p].parent
                }
                if !line.isEmpty { record.ingredients.append(.init(group: group, text: line)) }
            case "krecipes-instructions":
                record.instructions += doc.lines(of: d)
            default:
                break
            }
        }
        return record
    }
}
