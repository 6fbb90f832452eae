/// Reads a plain-text (or Markdown) recipe: a title, an optional description, an ingredient
/// block under an "Ingredients" heading in any of its common spellings (or, without
/// headings, the blank-line blocks of short lines after the title), sub-headers such as
/// "For the sauce:" as groups, bullets and numbering removed, then the directions.
/// YAML front matter (`title:`, `servings:`, `ingredients:` lists) is understood.
enum PlainTextReader {
    enum Section { case header, ingredients, instructions, other }

    static let bulletPrefixes: [String] = ["- ", "* ", "• ", "· ", "– ", "— ", "+ ", "▪ ", "◦ ", "▢ ", "□ ", "☐ ", "○ ", "● ", "> ", "✓ ", "✔ "]

    /// The first bytes of the bullet prefixes: a line starting with another byte has none.
    static let bulletFirstBytes: Set<UInt8> = Set(bulletPrefixes.compactMap(\.utf8.first))

    /// `line` without a leading bullet, checkbox or "1." / "1)" / "Step 1:" numbering.
    static func strippingBullet(_ line: String) -> String {
        var s = Substring(line)
        if let b = s.utf8.first, bulletFirstBytes.contains(b) {
            for p in bulletPrefixes where s.hasPrefix(p) {
                s = s.dropFirst(p.count)
                break
            }
        }
        if s.first == "-" || s.first == "*" || s.first == "•", !s.dropFirst().isEmpty, s.dropFirst().first?.isLetter == true { s = s.dropFirst() }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 2 {
            let rest = s.dropFirst(digits.count)
            if (rest.hasPrefix(". ") || rest.hasPrefix(") ")), rest.dropFirst(2).first.map({ !$0.isNumber }) ?? false { s = rest.dropFirst(2) }
        }
        return TextCleaning.collapsingSpaces(String(s))
    }

    /// Markdown heading marks, emphasis and surrounding decoration removed.
    static func headingText(_ line: String) -> String {
        var s = Substring(line).drop { $0 == "#" || $0 == " " || $0 == "*" || $0 == "_" || $0 == "=" }
        s = s.trimmingSuffix { $0 == "#" || $0 == " " || $0 == "*" || $0 == "_" || $0 == "=" }
        return String(s)
    }

    /// The words of `s` between spaces (counted on the bytes of an ASCII line, where each
    /// character is a byte: splitting long lines into Substrings was most of their cost).
    static func wordCount(_ s: String) -> Int {
        var words = 0, inWord = false
        for b in s.utf8 {
            if b >= 0x80 { return s.split(separator: " ").count }
            if b == 0x20 { inWord = false } else if !inWord { inWord = true; words += 1 }
        }
        return words
    }

    /// Whether a line reads like an ingredient: it starts with an amount, or is short and
    /// is not a sentence.
    static func isIngredientLike(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        let words = wordCount(s)
        if first.properties.numericType != nil { return words <= 25 }
        return words <= 8 && !s.hasSuffix(".") && !s.contains(". ") && LineBytes.characterCount(s) <= 60
    }

    /// The title of a text with no title line: its file's name without the extension
    /// (`Latin Love.txt` → `Latin Love`), as Cooklang files are titled; nil for standard input
    /// or a name that is all extension.
    static func title(fromFileName name: String) -> String? {
        guard name != "-", let last = name.split(separator: "/").last else { return nil }
        var stem = last
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { stem = last[..<dot] }
        let title = TextCleaning.collapsingSpaces(String(stem))
        return title.isEmpty ? nil : title
    }

    /// Whether a line starts with a number (digits, a fraction character), as amounts do.
    static func isAmountLed(_ s: String) -> Bool {
        s.unicodeScalars.first?.properties.numericType != nil
    }

    static func isProse(_ s: String) -> Bool {
        wordCount(s) > 12 && (s.contains(". ") || s.hasSuffix(".") || s.hasSuffix("!")) || LineBytes.characterCount(s) > 160
    }

    /// A sub-header line ("For the sauce:", "TOPPING"), as its group name.
    static func subHeader(_ s: String) -> String? {
        guard LineBytes.characterCount(s) <= 60, !s.contains(where: \.isNumber) else { return nil }
        if s.hasSuffix(":") { return String(s.dropLast()).trimmingCharacters(" ") }
        let lower = s.lowercased()
        if lower.hasPrefix("for the ") && wordCount(s) <= 6 { return s }
        if s.uppercased() == s, s.contains(where: \.isLetter), wordCount(s) <= 5 { return s }
        return nil
    }

    /// A yield written on its own line ("Serves 4", "Yield: 2 loaves"), or nil. With
    /// `numberFirst` (lines before the ingredients), also a number followed by one serving
    /// word ("6 servings"), returned whole.
    static func yieldValue(_ s: String, numberFirst: Bool = false) -> String? {
        // A long ASCII line needs only the part a yield word can cover lowercased.
        let lower = !numberFirst && s.utf8.count > YieldWords.longestStart && s.utf8.allSatisfy({ $0 < 0x80 })
            ? String(decoding: s.utf8.prefix(YieldWords.longestStart), as: UTF8.self).lowercased() : s.lowercased()
        for key in YieldWords.starts where lower.hasPrefix(key) {
            let rest = s.dropFirst(key.count).drop { $0 == ":" || $0 == " " || $0 == "-" }
            if !rest.isEmpty, rest.count <= 40, rest.contains(where: \.isNumber) { return String(rest) }
        }
        // Two words at most: counted on the bytes first (an ASCII line), before splitting.
        if numberFirst, !s.utf8.allSatisfy({ $0 < 0x80 }) || wordCount(s) == 2 {
            let words = lower.split(separator: " ")
            if words.count == 2, let first = words.first?.first, first.isNumber,
               words[0].allSatisfy({ $0.isNumber || $0 == "-" || $0 == "–" }),
               YieldWords.follows.contains(String(words[1].filter(\.isLetter))) {
                return s
            }
        }
        return nil
    }

    static func records(_ text: String) -> [RecipeRecord] {
        var record = RecipeRecord(format: .text)
        let rawLines = TextDecoding.lines(text).map { TextCleaning.collapsingSpaces(String($0)) }
        var section = Section.header
        var group: String?
        var sawHeading = false
        var headerLines: [String] = []
        // The line the title was taken from (as `blocks` sees it), when it was a line of text.
        var titleLine: String?
        var frontMatter = false
        var k = 0
        for raw in rawLines {
            k += 1
            if raw == "---" || raw == "..." {
                if k == 1 || (frontMatter && section == .header) { frontMatter.toggle() }
                continue
            }
            if raw.isEmpty { continue }
            let heading = headingText(raw)
            // Front-matter style keys.
            if let colon = LineBytes.firstIndex(of: 0x3A, in: Substring(raw)), raw.distance(from: raw.startIndex, to: colon) <= 16 {
                let key = raw[..<colon].lowercased()
                let value = TextCleaning.collapsingSpaces(String(raw[raw.index(after: colon)...])).trimmingCharacters("\"")
                if ["title", "name"].contains(key), !value.isEmpty, record.title == nil {
                    record.title = value
                    continue
                }
                if frontMatter, !value.isEmpty, RecipeHeadings.kind(of: key) == nil {
                    if YieldWords.starts.contains(key), record.yield == nil { record.yield = value }
                    continue
                }
            }
            if let kind = RecipeHeadings.kind(of: heading) {
                sawHeading = true
                group = nil
                switch kind {
                case .ingredients: section = .ingredients
                case .instructions: section = .instructions
                case .other: section = .other
                }
                continue
            }
            if record.yield == nil, let y = yieldValue(heading, numberFirst: section == .header), section != .instructions {
                record.yield = y
                continue
            }
            switch section {
            case .header:
                if record.title == nil, raw.count <= 120 {
                    record.title = heading.isEmpty ? raw : heading
                    titleLine = raw
                } else {
                    headerLines.append(raw)
                }
            case .ingredients:
                let line = strippingBullet(raw)
                if line.isEmpty { continue }
                if CreditLines.isCredit(line) { record.warnings.append(CreditLines.warning(line)); continue }
                if let g = subHeader(headingText(line)) { group = g; continue }
                record.ingredients.append(.init(group: group, text: line))
            case .instructions:
                let line = strippingBullet(raw)
                if !line.isEmpty { record.instructions.append(line) }
            case .other:
                break
            }
        }
        if !sawHeading || (record.ingredients.isEmpty && !headerLines.isEmpty) {
            blocks(rawLines, titleLine: titleLine, into: &record)
        }
        if record.ingredients.isEmpty && record.instructions.isEmpty { return [] }
        return [record]
    }

    /// Without headings: after the title, the first run of blank-line-separated blocks whose
    /// lines read like ingredients is the ingredient list; the prose after it the directions.
    /// `titleLine` is the line the title was taken from, if any: with no blank line after it,
    /// it heads a block, where it is the title and not an ingredient or step too; but a line
    /// led by an amount (`2 tbsp oil` above the other lines of a list) is no title.
    static func blocks(_ lines: [String], titleLine: String? = nil, into record: inout RecipeRecord) {
        var blocks: [[String]] = [[]]
        for line in lines {
            if line.isEmpty { if !blocks[blocks.count - 1].isEmpty { blocks.append([]) } } else { blocks[blocks.count - 1].append(line) }
        }
        blocks.removeAll { $0.isEmpty }
        // A paragraph of prose written right above the list (no blank line between) is a
        // block of its own: split blocks where prose and short lines meet.
        var titleSeen = record.title != nil
        if !titleSeen, let first = blocks.first?.first, LineBytes.characterCount(first) <= 120 {
            record.title = headingText(first)
            titleSeen = true
            blocks[0].removeFirst()
        }
        blocks = blocks.flatMap { block -> [[String]] in
            var runs: [[String]] = []
            for line in block {
                if let last = runs.last?.last, isProse(last) == isProse(line) { runs[runs.count - 1].append(line) } else { runs.append([line]) }
            }
            return runs
        }
        // The block the title line heads (no blank line after it): the line is the title, and
        // is not read again as the block's first ingredient or step; or, led by an amount, it
        // is the list's first line, and the text has no title line.
        var titleBlock: Int?
        if let titleLine, record.title != nil, let k = blocks.firstIndex(where: { $0.first == titleLine }), blocks[k].count > 1 {
            if isAmountLed(strippingBullet(titleLine)) { record.title = nil } else { titleBlock = k }
        }
        var ingredients: [RecipeRecord.Ingredient] = []
        var instructions: [String] = []
        var phase = 0 // 0 before ingredients, 1 in them, 2 after
        var group: String?
        for (b, block) in blocks.enumerated() {
            var lines = block
            if !titleSeen, let first = lines.first, LineBytes.characterCount(first) <= 120 {
                record.title = headingText(first)
                titleSeen = true
                lines.removeFirst()
                if lines.isEmpty { continue }
            }
            if lines.allSatisfy({ $0 == record.title }) { continue }
            let cleaned = lines.map(strippingBullet)
            let likeCount = cleaned.filter(isIngredientLike).count
            let amountCount = cleaned.filter(isAmountLed).count
            let looksLikeIngredients = likeCount * 10 >= cleaned.count * 7 && !cleaned.contains(where: isProse)
                && (amountCount > 0 || phase == 1)
            if phase < 2, looksLikeIngredients {
                phase = 1
                for line in b == titleBlock ? cleaned.dropFirst() : cleaned[...] {
                    if let y = yieldValue(line), record.yield == nil { record.yield = y; continue }
                    if CreditLines.isCredit(line) { record.warnings.append(CreditLines.warning(line)); continue }
                    if let g = subHeader(line), cleaned.count > 1 { group = g; continue }
                    ingredients.append(.init(group: group, text: line))
                }
            } else if phase == 1 || (phase == 0 && cleaned.contains(where: isProse) && !ingredients.isEmpty) {
                phase = 2
                instructions += b == titleBlock ? cleaned.dropFirst() : cleaned[...]
            } else if phase == 2 {
                instructions += b == titleBlock ? cleaned.dropFirst() : cleaned[...]
            } else if let g = cleaned.count == 1 ? subHeader(cleaned[0]) : nil {
                group = g
            }
        }
        if record.ingredients.isEmpty {
            record.ingredients = ingredients
            if !ingredients.isEmpty { record.warnings.append("no 'Ingredients' heading: the ingredient block was found by its short, amount-led lines") }
        }
        if record.instructions.isEmpty { record.instructions = instructions }
    }
}
