extension MarkupIngredients {
    // MARK: Candidates

    /// Whether `text` could be an ingredient line (not a paragraph of prose or a step).
    static func isPlausibleLine(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 300, text.contains(where: \.isLetter) else { return false }
        var words = 1
        for b in text.utf8 where b == 0x20 { words += 1 }
        return words <= 30
    }

    static func score(_ lines: [RecipeRecord.Ingredient]) -> Int {
        var score = 0
        for line in lines {
            if isAmountLed(line.text), line.text.split(separator: " ").count <= 2 {
                score -= 2 // "1 kilogram": an amount torn from its ingredient
            } else if isPlausibleLine(line.text) {
                score += line.text.contains(where: \.isNumber) ? 2 : 1
            } else {
                score -= 4
            }
        }
        return score
    }

    /// A heading-like element inside a list container: its text, or nil.
    func groupTitle(_ k: Int) -> String? {
        let node = doc.nodes[k]
        let byTag = Self.headingTags.contains(node.tag) || node.tag == "dt" || node.tag == "legend" || node.tag == "caption"
        let byClass = !byTag && has(.group, k)
        var byColon = false
        if !byTag, !byClass, ["strong", "b", "p", "span", "div", "label"].contains(node.tag), doc.subtreeEnd[k] - k <= 6 {
            let t = doc.text(of: k)
            // "Sauce:" anywhere, or a bold "Sauce" standing alone between the lists.
            byColon = (t.hasSuffix(":") || node.tag == "strong" || node.tag == "b") && t.count <= 60 && !t.contains(where: \.isNumber)
            byColon = byColon || boldTitle(k) != nil
        }
        guard byTag || byClass || byColon else { return nil }
        // A heading holds no list.
        for d in k...doc.subtreeEnd[k] where doc.nodes[d].tag == "li" || doc.nodes[d].tag == "ul" || doc.nodes[d].tag == "ol" { return nil }
        let text = doc.text(of: k)
        guard !text.isEmpty, text.count <= 80 else { return nil }
        return text
    }

    /// The lines of the items under `container`, each with the sub-header before it.
    func candidate(container: Int, isItem: (Int) -> Bool, note: String?) -> Candidate? {
        var lines: [RecipeRecord.Ingredient] = []
        var group: String?
        var k = container + 1
        let end = doc.subtreeEnd[container]
        while k <= end {
            let node = doc.nodes[k]
            if node.tag.isEmpty { k += 1; continue }
            if !doc.isVisible(k) || (ignored[k] && !ignored[container]) {
                k = doc.subtreeEnd[k] + 1
                continue
            }
            // A title: an item that holds only a heading (`<li><h3>For the dough</h3></li>`),
            // or a group title outside the items, names the group of the lines after it; an
            // ingredients heading starts the lines anew, another heading ends them.
            if let title = isItem(k) ? headingItemTitle(k) : groupTitle(k) {
                switch RecipeHeadings.kind(of: title) {
                case .ingredients?: group = nil
                case .instructions?, .other?: if !lines.isEmpty { k = end + 1; continue }
                case nil: group = Self.groupName(title)
                }
                k = doc.subtreeEnd[k] + 1
                continue
            }
            if isItem(k) {
                // An item that holds a list is a group: its own text names it.
                if node.tag == "li", let nested = (k + 1...max(k + 1, doc.subtreeEnd[k])).first(where: { $0 <= doc.subtreeEnd[k] && (doc.nodes[$0].tag == "ul" || doc.nodes[$0].tag == "ol") }) {
                    var raw = ""
                    for child in doc.nodes[k].children where child < nested && !doc.contains(child, nested) {
                        doc.rawText(of: child, into: &raw)
                    }
                    let title = TextCleaning.line(raw)
                    if !title.isEmpty { group = Self.groupName(title) }
                    k = nested
                    continue
                }
                // An item that is really a block of lines (a group's title and its lines
                // separated by <br> or paragraphs) gives each line.
                let inside = (k...doc.subtreeEnd[k]).map { doc.nodes[$0].tag }
                let multiline = node.tag != "li" && node.tag != "tr"
                    && (inside.contains { $0 == "br" || Self.headingTags.contains($0) } || inside.filter { $0 == "p" }.count >= 3)
                let itemLines = multiline ? doc.lines(of: k, breaks: HTMLDocument.lineBreakingElements) : [doc.text(of: k)]
                let blockItem = itemLines.count >= 3
                for (n, text) in itemLines.enumerated() where !text.isEmpty {
                    if let kind = RecipeHeadings.kind(of: text) {
                        if kind != .ingredients, !lines.isEmpty { k = end + 1; break }
                        continue
                    }
                    if blockItem, n == 0, let title = firstHeadingText(in: k), title == text {
                        group = Self.groupName(title)
                        continue
                    }
                    if blockItem, text.hasSuffix(":"), text.count <= 60, !text.contains(where: \.isNumber) {
                        group = Self.groupName(text)
                        continue
                    }
                    lines.append(.init(group: group, text: text))
                }
                if k <= end { k = doc.subtreeEnd[k] + 1 }
                continue
            }
            k += 1
        }
        guard !lines.isEmpty else { return nil }
        let unique = Self.withoutRepeat(Self.withoutDuplicates(lines))
        return Candidate(lines: unique, score: Self.score(unique), warning: note)
    }

    /// The text of a paragraph that holds nothing but one bold element (`<p><strong>The
    /// marinade</strong></p>`), short and without digits: a sub-header between lines.
    func boldTitle(_ k: Int) -> String? {
        guard doc.nodes[k].tag == "p", let bold = soleChild(of: k, where: { $0 == "strong" || $0 == "b" }) else { return nil }
        return Self.shortTitle(doc.text(of: bold))
    }

    /// The text of a list item that holds nothing but one heading element, if `k` is one.
    func headingItemTitle(_ k: Int) -> String? {
        guard doc.nodes[k].tag == "li", let heading = soleChild(of: k, where: { Self.headingTags.contains($0) }) else { return nil }
        let text = doc.text(of: heading)
        return text.isEmpty || text.count > 80 ? nil : text
    }

    /// Node `k`'s one visible element child, when `tag` accepts that child's tag and `k` holds
    /// nothing else but blank text (a title standing alone in a paragraph or an item).
    func soleChild(of k: Int, where tag: (Substring) -> Bool) -> Int? {
        var only: Int?
        for c in doc.nodes[k].children {
            if doc.nodes[c].tag.isEmpty {
                guard TextCleaning.line(String(doc.nodes[c].text)).isEmpty else { return nil }
            } else if doc.isVisible(c) {
                guard only == nil, tag(doc.nodes[c].tag) else { return nil }
                only = c
            }
        }
        return only
    }

    /// `text` when it can be a sub-header: not empty, at most 60 characters, no digit.
    static func shortTitle(_ text: String) -> String? {
        text.isEmpty || text.count > 60 || text.contains(where: \.isNumber) ? nil : text
    }

    /// The text of the first heading element inside node `k`, if any.
    func firstHeadingText(in k: Int) -> String? {
        for d in k...doc.subtreeEnd[k] where Self.headingTags.contains(doc.nodes[d].tag) || has(.group, d) && d != k {
            let t = doc.text(of: d)
            if !t.isEmpty { return t }
        }
        return nil
    }

    /// Lines without exact duplicates (same group, same text) when there are many: a list
    /// shown again in a "cooking mode" overlay or per step repeats every line.
    static func withoutDuplicates(_ lines: [RecipeRecord.Ingredient]) -> [RecipeRecord.Ingredient] {
        var seen: Set<RecipeRecord.Ingredient> = []
        let unique = lines.filter { seen.insert($0).inserted }
        // A few repeats are real (salt for the meat and for the sauce); most lines twice are not.
        return (lines.count - unique.count) * 10 >= lines.count * 3 ? unique : lines
    }

    /// Lines without an exact repeat of themselves: pages often carry the same list twice
    /// (desktop and mobile layouts, metric and US tabs).
    static func withoutRepeat(_ lines: [RecipeRecord.Ingredient]) -> [RecipeRecord.Ingredient] {
        let n = lines.count
        guard n >= 2, n % 2 == 0 else { return lines }
        let half = n / 2
        for k in 0..<half where lines[k].text != lines[k + half].text { return lines }
        return Array(lines[..<half])
    }

    /// A sub-header without its final colon.
    static func groupName(_ title: String) -> String {
        String(title.trimmingSuffix { $0 == ":" || $0 == " " })
    }

    /// Lines of a container that holds no list: its text split at line breaks; short lines
    /// ending in ":" are sub-headers.
    func paragraphCandidate(container: Int, note: String?) -> Candidate? {
        var lines: [RecipeRecord.Ingredient] = []
        var group: String?
        // Sub-headers: bold paragraphs and headings inside the container.
        let boldTitles = Set((container...doc.subtreeEnd[container]).compactMap { d -> String? in
            if let title = boldTitle(d) { return title }
            guard d > container, Self.headingTags.contains(doc.nodes[d].tag) else { return nil }
            return Self.shortTitle(doc.text(of: d))
        })
        for line in doc.lines(of: container) {
            if let kind = RecipeHeadings.kind(of: line) {
                if kind == .ingredients { continue }
                if !lines.isEmpty { break }
                continue
            }
            if boldTitles.contains(line) || (line.hasSuffix(":") && line.count <= 60 && !line.contains(where: \.isNumber)) {
                group = Self.groupName(line)
                continue
            }
            lines.append(.init(group: group, text: line))
        }
        guard lines.count >= 2 else { return nil }
        var c = Candidate(lines: lines, score: Self.score(lines), warning: note)
        c.score -= 2
        return c
    }

    /// The lists (or short lines) that follow an "Ingredients" heading, up to the next
    /// section heading.
    func headingCandidate(after heading: Int, within range: Range<Int>) -> Candidate? {
        let note = "no recipe markup; ingredients taken from the list under the page's 'Ingredients' heading"
        var lines: [RecipeRecord.Ingredient] = []
        var group: String?
        let headingLevel = Self.headingTags.contains(doc.nodes[heading].tag) ? Int(String(doc.nodes[heading].tag.dropFirst())) : nil
        var k = doc.subtreeEnd[heading] + 1
        var walked = 0
        var sawList = false
        while k < range.upperBound, walked < 600 {
            walked += 1
            let node = doc.nodes[k]
            if node.tag.isEmpty {
                // Loose text right after the heading: lines separated by <br>.
                if !sawList {
                    let text = TextCleaning.line(String(node.text))
                    if text.count > 250 { break }
                }
                k += 1
                continue
            }
            if !doc.isVisible(k) { k = doc.subtreeEnd[k] + 1; continue }
            if node.tag == "ul" || node.tag == "ol" {
                for item in node.children where doc.nodes[item].tag == "li" && doc.isVisible(item) {
                    let text = doc.text(of: item)
                    if !text.isEmpty { lines.append(.init(group: group, text: text)) }
                }
                sawList = true
                k = doc.subtreeEnd[k] + 1
                continue
            }
            let isHeading = Self.headingTags.contains(node.tag)
            if isHeading, (k...doc.subtreeEnd[k]).contains(where: { doc.nodes[$0].tag == "br" }) {
                // A "heading" element that holds the lines themselves, one per <br>.
                let block = doc.lines(of: k, breaks: HTMLDocument.lineBreakingElements).map(PlainTextReader.strippingBullet)
                if block.count >= 2, block.allSatisfy(Self.isPlausibleLine) {
                    lines += block.map { .init(group: group, text: $0) }
                    k = doc.subtreeEnd[k] + 1
                    continue
                }
            }
            if isHeading || doc.subtreeEnd[k] - k <= 8 {
                let text = doc.text(of: k)
                if let kind = RecipeHeadings.kind(of: text), kind != .ingredients { break }
                if isHeading, let level = Int(String(node.tag.dropFirst())), let headingLevel, level <= headingLevel { break }
                if isHeading || (text.hasSuffix(":") && text.count <= 60) || boldTitle(k) != nil {
                    if !text.isEmpty { group = Self.groupName(text) }
                    k = doc.subtreeEnd[k] + 1
                    continue
                }
            }
            if node.tag == "p", !sawList {
                let paragraph = doc.lines(of: k)
                if paragraph.contains(where: { !Self.isPlausibleLine($0) }) || paragraph.joined().count > 600 {
                    if !lines.isEmpty { break }
                } else {
                    // A yield under the heading ("for 3 to 4 servings") is no ingredient.
                    for line in paragraph where !YieldWords.isYieldLine(line) {
                        if line.hasSuffix(":"), line.count <= 60 { group = Self.groupName(line) } else { lines.append(.init(group: group, text: line)) }
                    }
                }
                k = doc.subtreeEnd[k] + 1
                continue
            }
            if sawList, node.tag == "p" || node.tag == "div" || node.tag == "section", doc.text(of: k).count > 200 { break }
            k += 1
        }
        guard !lines.isEmpty else { return nil }
        var c = Candidate(lines: lines, score: Self.score(lines), warning: note)
        c.score -= 1
        return c
    }
}
