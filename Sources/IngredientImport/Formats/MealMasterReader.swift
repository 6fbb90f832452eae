/// Reads MealMaster text: recipes framed by `MMMMM`/`-----` header and footer lines, a
/// `Title:`/`Categories:`/`Yield:` header, ingredients in fixed columns (amount 7, unit 2,
/// text from column 12; one or two columns, the two-column layout read column by column
/// within each section), `-` continuation lines, `MMMMM---SAUCE---` section lines (the
/// groups), then the directions.
///
/// Files whose frames and indentation were stripped (archives that start each recipe with
/// `Title:`) are read too: ingredient lines are then recognized by their amount and unit
/// words, and lost continuation dashes are guessed from line lengths and trailing commas.
enum MealMasterReader {
    static let units: Set<String> = {
        guard let text = EmbeddedDictionaries.files["import/mealmaster-units.tsv"] else { return [] }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0) })
    }()

    /// Header keys and the record field they fill.
    static let headerKeys: [String: String] = ["title": "title", "name": "title", "categories": "", "category": "",
                                                "yield": "yield", "servings": "yield", "serves": "yield", "source": "",
                                                "recipe by": "", "preparation time": "", "author": "", "cuisine": ""]

    /// Whether `text` looks like MealMaster: a `MMMMM`/`-----` recipe header, or (archives
    /// that stripped the frames) a `Title:` line among the first lines followed by
    /// `Categories:`, `Yield:` or `Servings:`.
    static func sniff(_ text: Substring) -> Bool {
        // Most files answer on their first lines: read those where they lie, and cut the
        // 2,000-character head and its lines (below) only when they do not.
        sniffFirstLines(text) ?? sniffHead(text)
    }

    /// `sniff` of the lines of the first 2,000 characters of `text`.
    static func sniffHead(_ text: Substring) -> Bool {
        var sniffer = Sniffer()
        for line in TextDecoding.lines(String(firstCharacters(2000, of: text))) {
            if let answer = sniffer.read(line) { return answer }
        }
        return false
    }

    /// What `sniff` has seen of a text's first lines, read one by one.
    struct Sniffer {
        var previousWasTitle = false
        var nonBlank = 0

        /// Reads the next line: the answer once it decides, nil to read on.
        mutating func read(_ line: Substring) -> Bool? {
            let t = LineBytes.droppingLeadingSpaces(line, tabs: true)
            if t.isEmpty { return nil }
            if isRecipeHeader(t) { return true }
            if previousWasTitle {
                let lower = t.lowercased()
                return lower.hasPrefix("categories:") || lower.hasPrefix("yield:") || lower.hasPrefix("servings:")
            }
            previousWasTitle = startsWithTitle(t)
            nonBlank += 1
            return nonBlank > 12 ? false : nil
        }
    }

    /// `sniff` of the lines that end within the first 1,999 bytes of `text`, which lie whole in
    /// its first 2,000 characters (a character takes at least a byte): nil when those lines
    /// do not answer.
    static func sniffFirstLines(_ text: Substring) -> Bool? {
        let u = text.utf8
        return u.withContiguousStorageIfAvailable { bytes -> Bool? in
            var sniffer = Sniffer()
            var start = 0, i = 0
            while i < bytes.count, i <= 1998 {
                let b = bytes[i]
                guard b == 0x0A || b == 0x0D else { i += 1; continue }
                let line = text[u.index(u.startIndex, offsetBy: start)..<u.index(u.startIndex, offsetBy: i)]
                i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                start = i
                if let answer = sniffer.read(line) { return answer }
            }
            return nil
        } ?? nil
    }

    /// `text.prefix(n)`, counted on the bytes while they are ASCII (`TextDecoding.asciiCharacters`):
    /// counting characters one by one cost ~42,000 instructions a file.
    static func firstCharacters(_ n: Int, of text: Substring) -> Substring {
        guard case let ascii?? = text.utf8.withContiguousStorageIfAvailable({ TextDecoding.asciiCharacters($0, atMost: n) }) else {
            return text.prefix(n)
        }
        return text[..<text.utf8.index(text.startIndex, offsetBy: ascii.end)]
    }

    /// Whether a line starts with `Title:` in any case (as `lowercased().hasPrefix("title:")`,
    /// without lowercasing the whole line: lines of non-recipe text can be long).
    static func startsWithTitle(_ line: Substring) -> Bool {
        // "title" in either case (a letter's case is its 0x20 bit), then ":".
        let check = { (b: UnsafeBufferPointer<UInt8>) -> Bool in
            b.count >= 6 && b[0] | 0x20 == 0x74 && b[1] | 0x20 == 0x69 && b[2] | 0x20 == 0x74 && b[3] | 0x20 == 0x6C
                && b[4] | 0x20 == 0x65 && b[5] == 0x3A
        }
        return line.utf8.withContiguousStorageIfAvailable(check) ?? Array(line.utf8.prefix(6)).withUnsafeBufferPointer(check)
    }

    /// Whether the bytes of `line` start with `MMMMM` or `-----`: false whenever the line's
    /// characters do not (a byte test in front of the character tests, which cost ~2,000
    /// instructions a line).
    static func mayStartFrame(_ line: Substring) -> Bool {
        let check = { (b: UnsafeBufferPointer<UInt8>) -> Bool in
            b.count >= 5 && (b[0] == 0x4D || b[0] == 0x2D) && b[1] == b[0] && b[2] == b[0] && b[3] == b[0] && b[4] == b[0]
        }
        return line.utf8.withContiguousStorageIfAvailable(check) ?? Array(line.utf8.prefix(5)).withUnsafeBufferPointer(check)
    }

    static func isRecipeHeader(_ line: Substring) -> Bool {
        guard mayStartFrame(line), line.hasPrefix("MMMMM") || line.hasPrefix("-----") else { return false }
        if LineBytes.isASCII(line) {
            return LineBytes.asciiContainsIgnoringCase(line, "meal-master") || LineBytes.asciiContainsIgnoringCase(line, "mealmaster")
                || LineBytes.asciiContainsIgnoringCase(line, "recipe via") || LineBytes.asciiContainsIgnoringCase(line, "recipe extracted")
        }
        let lower = line.lowercased()
        return lower.contains("meal-master") || lower.contains("mealmaster") || lower.contains("recipe via") || lower.contains("recipe extracted")
    }

    static func isFooter(_ line: Substring) -> Bool {
        let t = line.trimmingSuffix { $0 == " " }
        guard t.count >= 5 else { return false }
        return t.allSatisfy { $0 == "M" } || (t.count <= 12 && t.allSatisfy { $0 == "-" })
    }

    /// The name of a section line (`MMMMM----SAUCE----`, `-----SAUCE-----`), or nil.
    static func sectionName(_ line: Substring) -> String? {
        guard mayStartFrame(line), line.hasPrefix("MMMMM") || line.hasPrefix("-----") else { return nil }
        let name = line.drop { $0 == "M" || $0 == "-" }.trimmingSuffix { $0 == "-" || $0 == " " || $0 == "M" }
        let clean = TextCleaning.collapsingSpaces(String(name))
        return clean.isEmpty ? nil : clean
    }

    /// The records of a MealMaster text.
    static func records(_ text: String) -> [RecipeRecord] {
        let lines = TextDecoding.lines(text)
        var records: [RecipeRecord] = []
        var block: [Substring] = []
        var framed = false
        var inRecipe = false
        func finish() {
            if inRecipe, let r = recipe(block, framed: framed) { records.append(r) }
            block.removeAll()
            inRecipe = false
        }
        for line in lines {
            let t = LineBytes.droppingLeadingSpaces(line)
            if isRecipeHeader(t) {
                finish()
                inRecipe = true
                framed = true
                continue
            }
            if framed, inRecipe, isFooter(t) {
                finish()
                continue
            }
            if !(inRecipe && framed), startsWithTitle(t) {
                // Unframed archives: each `Title:` starts a recipe.
                if inRecipe { finish() }
                inRecipe = true
                framed = false
            }
            if inRecipe { block.append(line) }
        }
        finish()
        return records
    }

    /// One ingredient as its three fields.
    struct Item {
        var amount: String
        var unit: String
        var text: String
        var line: String {
            var line = amount
            if !unit.isEmpty {
                if !line.isEmpty { line += " " }
                line += unit
            }
            if !text.isEmpty {
                if !line.isEmpty { line += " " }
                line += text
            }
            return line
        }
    }

    /// The scalars of `line` (as `Array(line.unicodeScalars)`), made straight from the bytes
    /// when the line is ASCII (decoding scalar by scalar cost ~3,700 instructions a line).
    static func scalars(_ line: Substring) -> [Unicode.Scalar] {
        let ascii = line.utf8.withContiguousStorageIfAvailable { bytes -> [Unicode.Scalar]? in
            var isASCII = true
            let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                for k in 0..<bytes.count {
                    let b = bytes[k]
                    if b >= 0x80 { isASCII = false; break }
                    (buffer.baseAddress! + k).initialize(to: Unicode.Scalar(b))
                    count = k + 1
                }
            }
            return isASCII ? scalars : nil
        }
        return ascii.flatMap { $0 } ?? Array(line.unicodeScalars)
    }

    static func isAmountScalar(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "." || s == "/" || s == "-" || (s.value >= 0x30 && s.value <= 0x39)
    }

    /// The fixed-column fields at column `p` of `s`, ending before `end`.
    static func fixedItem(_ s: [Unicode.Scalar], at p: Int, end: Int? = nil) -> Item? {
        let stop = min(end ?? s.count, s.count)
        guard stop > p + 11, s[p + 7] == " ", s[p + 10] == " " else { return nil }
        let amountScalars = s[p..<p + 7]
        guard amountScalars.allSatisfy(isAmountScalar) else { return nil }
        let amount = String(String.UnicodeScalarView(amountScalars)).trimmingCharacters(" ")
        guard amount.isEmpty || amount.contains(where: \.isNumber) else { return nil }
        let unit = String(String.UnicodeScalarView(s[p + 8..<p + 10])).trimmingCharacters(" ")
        guard unit.isEmpty || units.contains(unit) || units.contains(unit.lowercased()) else { return nil }
        let text = TextCleaning.collapsingSpaces(String(String.UnicodeScalarView(s[p + 11..<stop])))
        guard !text.isEmpty else { return nil }
        if amount.isEmpty, unit.isEmpty, s[p + 11] == " " || s[p + 11] == "-" { return nil } // indented prose, continuations
        return Item(amount: amount, unit: unit, text: text)
    }

    /// Ingredient fields recognized by their words rather than columns: an amount
    /// ("1", "1 1/2", "1-2", ".5"), a unit code, or both, then the text.
    static func looseItem(_ line: Substring) -> Item? {
        // Most lines asked about are prose: a first word that is neither a number nor a unit
        // code answers without splitting the line (the same answer as below, far cheaper).
        if let first = line.utf8.first(where: { $0 != 0x20 }), first < 0x80, first != 0x2E, !(0x30...0x39).contains(first) {
            let word = LineBytes.droppingLeadingSpaces(line).prefix { $0 != " " }
            if word.utf8.count > longestUnit || !units.contains(String(word)) { return nil }
        }
        var asciiAnswer: Item?? // .none until an ASCII line is answered on its bytes
        _ = line.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.allSatisfy({ $0 < 0x80 }) { asciiAnswer = .some(looseASCIIItem(bytes)) }
        }
        if let answer = asciiAnswer { return answer }
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, line.count <= 80 else { return nil }
        func isNumber(_ w: Substring) -> Bool {
            guard let f = w.first, f.isNumber || f == "." else { return false }
            return w.allSatisfy { $0.isNumber || $0 == "/" || $0 == "." || $0 == "-" } && w.last != "." && w.contains(where: \.isNumber)
        }
        var k = 0
        var amount: [Substring] = []
        if isNumber(words[0]) {
            amount.append(words[0])
            k = 1
            if words.count > 2, words[1].contains("/"), isNumber(words[1]), !words[0].contains("/") { amount.append(words[1]); k = 2 }
        }
        var unit = ""
        if k < words.count - 1, units.contains(String(words[k])) {
            unit = String(words[k])
            k += 1
        }
        guard !amount.isEmpty || !unit.isEmpty, k < words.count else { return nil }
        let text = words[k...].joined(separator: " ")
        guard let first = text.first, first != ".", first != ")" else { return nil }
        return Item(amount: amount.joined(separator: " "), unit: unit, text: text)
    }

    /// `looseItem` of an ASCII line, on its bytes: the same rules, where each character is one
    /// byte and only 0–9 are numbers (splitting the line into Substrings cost ~14,000
    /// instructions a line).
    static func looseASCIIItem(_ b: UnsafeBufferPointer<UInt8>) -> Item? {
        guard b.count <= 80 else { return nil }
        // At most 40 words in 80 bytes: their ranges live on the stack.
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 41) { words -> Item? in
            var count = 0
            var i = 0
            while i < b.count {
                if b[i] == 0x20 { i += 1; continue }
                let start = i
                while i < b.count, b[i] != 0x20 { i += 1 }
                words[count] = start..<i
                count += 1
            }
            guard count >= 2 else { return nil }
            func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
            func isNumber(_ w: Range<Int>) -> Bool {
                guard isDigit(b[w.lowerBound]) || b[w.lowerBound] == 0x2E, b[w.upperBound - 1] != 0x2E else { return false }
                return b[w].allSatisfy { isDigit($0) || $0 == 0x2F || $0 == 0x2E || $0 == 0x2D } && b[w].contains(where: isDigit)
            }
            var k = 0
            var amount = 0..<0 // the words of the amount
            if isNumber(words[0]) {
                amount = 0..<1
                k = 1
                if count > 2, b[words[1]].contains(0x2F), isNumber(words[1]), !b[words[0]].contains(0x2F) { amount = 0..<2; k = 2 }
            }
            var unit = ""
            if k < count - 1, isUnit(b[words[k]]) {
                unit = String(decoding: b[words[k]], as: UTF8.self)
                k += 1
            }
            guard !amount.isEmpty || !unit.isEmpty, k < count else { return nil }
            guard b[words[k].lowerBound] != 0x2E, b[words[k].lowerBound] != 0x29 else { return nil }
            // The words `parts`, one space between them.
            func joined(_ parts: Range<Int>) -> String {
                guard !parts.isEmpty else { return "" }
                // Room for exactly the words and their spaces: up to 15 bytes is a small string,
                // stored in place.
                let count = parts.reduce(parts.count - 1) { $0 + words[$1].count }
                return String(unsafeUninitializedCapacity: count) { out in
                    var n = 0
                    for part in parts {
                        if n > 0 { out[n] = 0x20; n += 1 }
                        for j in words[part] { out[n] = b[j]; n += 1 }
                    }
                    return n
                }
            }
            return Item(amount: joined(amount), unit: unit, text: joined(k..<count))
        }
    }

    /// The bytes of the longest unit code: a longer word is no unit.
    static let longestUnit = units.reduce(0) { max($0, $1.utf8.count) }

    /// Whether the ASCII word `w` is a unit code.
    static func isUnit(_ w: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        w.count <= longestUnit && units.contains(String(decoding: w, as: UTF8.self))
    }

    /// A continuation line's text (without its dash), if `s` is one at column `p`.
    static func continuation(_ s: [Unicode.Scalar], at p: Int, end: Int? = nil) -> String? {
        let stop = min(end ?? s.count, s.count)
        guard stop > p else { return nil }
        var k = p
        while k < stop, s[k] == " " { k += 1 }
        guard k < stop, s[k] == "-", k >= p + 7 else { return nil }
        if k + 1 < stop, s[k + 1] == "-", k + 2 < stop, s[k + 2] == "-" { return nil }
        let text = String(String.UnicodeScalarView(s[(k + 1)..<stop])).drop { $0 == "-" || $0 == " " }
        return text.isEmpty ? nil : TextCleaning.collapsingSpaces(String(text))
    }

    /// The column where a second ingredient column starts on this line, if it has one.
    static func secondColumn(_ s: [Unicode.Scalar]) -> Int? {
        for p in [40, 41, 39, 42, 38] where s.count > p + 11 && s[p - 1] == " " {
            if let right = fixedItem(s, at: p), !right.amount.isEmpty || !right.unit.isEmpty, fixedItem(s, at: 0, end: p) != nil || s[0..<p].allSatisfy({ $0 == " " }) {
                return p
            }
        }
        return nil
    }

    static func recipe(_ block: [Substring], framed: Bool) -> RecipeRecord? {
        var record = RecipeRecord(format: .mealmaster)
        var i = 0
        // Header fields.
        while i < block.count {
            let t = LineBytes.droppingLeadingSpaces(block[i], tabs: true)
            if t.isEmpty { i += 1; continue }
            guard let colon = LineBytes.firstIndex(of: 0x3A, in: t) else { break }
            let key = t[..<colon].lowercased().trimmingCharacters(" ")
            guard let field = headerKeys[key] else { break }
            let value = TextCleaning.collapsingSpaces(String(t[t.index(after: colon)...]))
            if field == "title", record.title == nil, !value.isEmpty { record.title = value }
            if field == "yield", record.yield == nil, !value.isEmpty { record.yield = value }
            i += 1
        }
        var group: String?
        var left: [Item] = []
        var right: [Item] = []
        var twoColumn: Int?
        var started = false
        var instructions: [String] = []
        var paragraph: [String] = []
        var inDirections = false

        func flush() {
            for item in left + right {
                // A credit among the ingredients ("Posted by …", "Formatted by …"): a warning.
                if item.amount.isEmpty, item.unit.isEmpty, CreditLines.isCredit(item.text) {
                    record.warnings.append(CreditLines.warning(item.text.trimmingCharacters(" ")))
                    continue
                }
                record.ingredients.append(.init(group: group, text: item.line))
            }
            left.removeAll()
            right.removeAll()
        }
        func endParagraph() {
            if !paragraph.isEmpty { instructions.append(LineBytes.joined(paragraph)) }
            paragraph.removeAll()
        }
        func nextIsIngredient(_ from: Int) -> Bool {
            var k = from
            while k < block.count, block[k].allSatisfy({ $0 == " " }) { k += 1 }
            guard k < block.count else { return false }
            let s = scalars(block[k])
            return fixedItem(s, at: 0) != nil || looseItem(LineBytes.droppingLeadingSpaces(block[k])) != nil
        }

        while i < block.count {
            let line = block[i]
            let scalars = Self.scalars(line)
            let trimmed = LineBytes.droppingLeadingSpaces(line, tabs: true)
            i += 1
            if trimmed.isEmpty {
                if twoColumn != nil { flush(); twoColumn = nil }
                if inDirections { endParagraph() }
                continue
            }
            if let name = sectionName(trimmed) {
                if inDirections, !nextIsIngredient(i) {
                    endParagraph()
                    instructions.append(name)
                    continue
                }
                flush()
                twoColumn = nil
                inDirections = false
                group = name
                started = true
                continue
            }
            if !inDirections {
                // Two columns: split the row, keep each side in its own list.
                if let p = twoColumn ?? secondColumn(scalars) {
                    twoColumn = p
                    if let l = fixedItem(scalars, at: 0, end: p) { left.append(l) }
                    else if let c = continuation(scalars, at: 0, end: p), !left.isEmpty { left[left.count - 1].text += " " + c }
                    if let r = fixedItem(scalars, at: p) { right.append(r) }
                    else if let c = continuation(scalars, at: p) {
                        if !right.isEmpty { right[right.count - 1].text += " " + c } else if !left.isEmpty { left[left.count - 1].text += " " + c }
                    }
                    started = true
                    continue
                }
                if let c = continuation(scalars, at: 0), !left.isEmpty || !record.ingredients.isEmpty {
                    if !left.isEmpty { left[left.count - 1].text += " " + c } else {
                        record.ingredients[record.ingredients.count - 1].text += " " + c
                    }
                    continue
                }
                if let item = fixedItem(scalars, at: 0) ?? looseItem(trimmed) {
                    left.append(item)
                    started = true
                    continue
                }
                if !framed || !LineBytes.startsWith(line, 0x20), let handled = looseLine(trimmed, started: started, left: &left, group: &group, next: i < block.count ? block[i] : nil) {
                    if handled { started = true }
                    continue
                }
                flush()
                inDirections = true
            }
            let colon = LineBytes.startsWith(trimmed, 0x3A)
            if colon { endParagraph() }
            let text = TextCleaning.collapsingSpaces(String(colon ? trimmed.dropFirst() : trimmed))
            if !text.isEmpty { paragraph.append(text) }
        }
        flush()
        endParagraph()
        record.instructions = instructions
        if record.title == nil, record.ingredients.isEmpty, record.instructions.isEmpty { return nil }
        return record
    }

    /// Lines of unframed, unindented archives that match no ingredient pattern: a lost
    /// continuation, an ingredient without amount, a sub-header, or text before the first
    /// ingredient. Returns nil when the line starts the directions, true when it added to
    /// the ingredients, false when it was skipped.
    static func looseLine(_ line: Substring, started: Bool, left: inout [Item], group: inout String?, next: Substring?) -> Bool? {
        let text = TextCleaning.collapsingSpaces(String(line))
        let nextIsItem = next.map {
            let t = LineBytes.droppingLeadingSpaces($0)
            return looseItem(t) != nil || LineBytes.startsWith(t, 0x2D)
        } ?? false
        let count = LineBytes.characterCount(text)
        if !started {
            // Submitter ids and notes before the ingredients.
            return nextIsItem || count <= 40 ? false : nil
        }
        guard var last = left.last else { return nil }
        if text.hasPrefix("-") {
            last.text += " " + text.drop { $0 == "-" || $0 == " " }
            left[left.count - 1] = last
            return true
        }
        let previous = last.text
        let short = count <= 30
        if short, LineBytes.endsOpen(previous) || LineBytes.characterCount(previous) >= 20 || text.first?.isLowercase == true {
            last.text += " " + text
            left[left.count - 1] = last
            return true
        }
        guard nextIsItem, count <= 45 else { return nil }
        if text.hasSuffix(":") || (text.uppercased() == text && text.contains(where: \.isLetter)) {
            group = String(text.trimmingSuffix { $0 == ":" })
            return false
        }
        left.append(Item(amount: "", unit: "", text: text))
        return true
    }
}

extension String {
    /// The string without leading and trailing `c`.
    func trimmingCharacters(_ c: Character) -> String {
        String(drop { $0 == c }.trimmingSuffix { $0 == c })
    }
}
