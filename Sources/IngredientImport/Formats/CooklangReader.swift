/// Reads Cooklang (`.cook`): ingredients are marked inside the steps as `@salt`,
/// `@sea salt{1%pinch}` or `@eggs{3}(beaten)`; each first mention with its amount becomes an
/// ingredient line ("1 pinch sea salt", "3 eggs, beaten") whose quantity, unit and name are
/// stated (`StatedIngredient`): the parser does not read them again. `= Section` lines are groups,
/// `>> key: value` lines and YAML front matter give the title and servings, `--` and
/// `[- -]` comments are dropped, and the steps are the paragraphs with the marks removed.
enum CooklangReader {
    static func records(_ text: String, fileName: String) -> [RecipeRecord] {
        var record = RecipeRecord(format: .cooklang)
        var group: String?
        var steps: [String] = []
        var paragraph: [String] = []
        var seen: Set<String> = []
        var inFrontMatter = false
        var body = text
        // Block comments.
        while let open = body.firstRange(of: "[-"), let close = body[open.upperBound...].firstRange(of: "-]") {
            body.removeSubrange(open.lowerBound..<close.upperBound)
        }
        func endParagraph() {
            if !paragraph.isEmpty { steps.append(paragraph.joined(separator: " ")) }
            paragraph.removeAll()
        }
        for (n, rawLine) in TextDecoding.lines(body).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "--"), !(line.hasPrefix("---")) { line = line[..<comment.lowerBound] }
            let trimmed = TextCleaning.collapsingSpaces(String(line))
            if trimmed == "---" {
                if n == 0 || inFrontMatter { inFrontMatter.toggle(); continue }
            }
            if inFrontMatter || trimmed.hasPrefix(">>") {
                let meta = trimmed.hasPrefix(">>") ? String(trimmed.dropFirst(2)) : trimmed
                if let colon = meta.firstIndex(of: ":") {
                    let key = meta[..<colon].lowercased().trimmingCharacters(" ")
                    let value = TextCleaning.collapsingSpaces(String(meta[meta.index(after: colon)...])).trimmingCharacters("\"")
                    if key == "title", !value.isEmpty { record.title = value }
                    if ["servings", "serves", "yield", "portions"].contains(key), !value.isEmpty { record.yield = value }
                }
                continue
            }
            if trimmed.isEmpty { endParagraph(); continue }
            if trimmed.hasPrefix("=") {
                endParagraph()
                let name = trimmed.drop { $0 == "=" || $0 == " " }.trimmingSuffix { $0 == "=" || $0 == " " }
                group = name.isEmpty ? nil : String(name)
                if let group { steps.append(group) }
                continue
            }
            if trimmed.hasPrefix(">") { continue } // a note
            let (plain, found) = scan(trimmed)
            for item in found where !seen.contains(item.key) || item.hasAmount {
                seen.insert(item.key)
                record.ingredients.append(.init(group: group, text: item.line, stated: item.stated))
            }
            if !plain.isEmpty { paragraph.append(plain) }
        }
        endParagraph()
        record.instructions = steps
        if record.title == nil {
            var name = Substring(fileName.split(separator: "/").last ?? "")
            if name.lowercased().hasSuffix(".cook") { name = name.dropLast(5) }
            if !name.isEmpty { record.title = String(name) }
        }
        if record.ingredients.isEmpty && record.instructions.isEmpty { return [] }
        return [record]
    }

    struct Mention {
        var name: String
        var quantity: String
        var unit: String
        var note: String
        /// What the mark states: its amount (when it has braces) and its name.
        var stated: StatedIngredient
        var key: String { name.lowercased() }
        var hasAmount: Bool { !quantity.isEmpty }
        var line: String {
            var s = [quantity, unit, name].filter { !$0.isEmpty }.joined(separator: " ")
            if !note.isEmpty { s += ", " + note }
            return s
        }
    }

    static let stopPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", "(", ")", "[", "]", "\"", "@", "#", "~"]

    /// The step text with marks rendered as words, and the ingredient mentions in it.
    static func scan(_ line: String) -> (String, [Mention]) {
        var out = ""
        var mentions: [Mention] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "@" || c == "#" || c == "~", i + 1 < chars.count, !chars[i + 1].isWhitespace else {
                out.append(c)
                i += 1
                continue
            }
            var k = i + 1
            while k < chars.count, chars[k] == "?" || chars[k] == "&" || chars[k] == "-" || chars[k] == "+" { k += 1 }
            // Multi-word name up to `{`, unless punctuation or another mark comes first.
            var brace: Int?
            var m = k
            while m < chars.count, chars[m] != "{" {
                if stopPunctuation.contains(chars[m]) { break }
                m += 1
            }
            if m < chars.count, chars[m] == "{" { brace = m }
            var name: String
            var quantity = "", unit = ""
            // A bare `@salt` states its name and that it has no amount.
            var stated = StatedIngredient(statesQuantity: true, statesUnit: true)
            var end: Int
            if let brace {
                name = String(chars[k..<brace])
                let close = chars[brace...].firstIndex(of: "}") ?? chars.count
                let amount = CooklangAmount(braces: String(chars[(brace + 1)..<min(close, chars.count)]))
                quantity = amount.quantityText
                unit = amount.unitText
                stated = amount.stated
                end = min(close + 1, chars.count)
            } else {
                var e = k
                while e < chars.count, chars[e].isLetter || chars[e].isNumber || chars[e] == "_" || chars[e] == "-" { e += 1 }
                name = String(chars[k..<e])
                end = e
            }
            name = TextCleaning.collapsingSpaces(name)
            var note = ""
            if c == "@", end < chars.count, chars[end] == "(" , let close = chars[end...].firstIndex(of: ")") {
                note = TextCleaning.collapsingSpaces(String(chars[(end + 1)..<close]))
                end = close + 1
            }
            switch c {
            case "@":
                stated.name = name
                if !name.isEmpty { mentions.append(Mention(name: name, quantity: quantity, unit: unit, note: note, stated: stated)) }
                out += name
            case "#":
                out += name
            default:
                out += [quantity, unit].filter { !$0.isEmpty }.joined(separator: " ")
                if !name.isEmpty && quantity.isEmpty { out += name }
            }
            i = max(end, i + 1)
        }
        return (TextCleaning.collapsingSpaces(out), mentions)
    }
}
