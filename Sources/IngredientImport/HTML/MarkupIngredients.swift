/// Ingredient (and instruction) lists found through page markup rather than recipe data:
/// lists and repeated elements whose class or id names ingredients, or a list under an
/// "Ingredients" heading. Fragments come from `Dictionaries/import/markup.tsv`.
struct MarkupIngredients {
    /// A list of lines found one way, with a score of how much it looks like ingredients.
    struct Candidate {
        var lines: [RecipeRecord.Ingredient]
        var score: Int
        var warning: String?
    }

    /// The most plausible ingredient list of the page, if any.
    private(set) var best: Candidate?

    enum Role: String, CaseIterable {
        case ingredients, instructions, group, part, ignore
        var bit: UInt8 { 1 << UInt8(Role.allCases.firstIndex(of: self)!) }
    }

    /// The fragments of each role, as UTF-8 bytes.
    static let fragments: [Role: [[UInt8]]] = {
        var table: [Role: [[UInt8]]] = [:]
        guard let text = EmbeddedDictionaries.files["import/markup.tsv"] else { return table }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t")
            guard columns.count == 2, let role = Role(rawValue: String(columns[0])) else { continue }
            table[role] = columns[1].split(separator: "|").map { Array($0.utf8) }
        }
        return table
    }()

    /// Whether `token` contains a fragment of `role`.
    static func matches(_ token: String, _ role: Role) -> Bool {
        let t = Array(token.utf8)
        for f in fragments[role] ?? [] where f.count <= t.count {
            var k = 0
            while k + f.count <= t.count {
                if t[k] == f[0], t[k..<(k + f.count)].elementsEqual(f) { return true }
                k += 1
            }
        }
        return false
    }

    /// The class names and id of node `k`, lowercased.
    static func tokens(_ doc: HTMLDocument, _ k: Int) -> [String] {
        var tokens = doc.classes(of: k).map(String.init)
        if let id = doc.nodes[k].attributes.last(where: { $0.name == "id" })?.value { tokens.append(id.lowercased()) }
        return tokens
    }

    func has(_ role: Role, _ k: Int) -> Bool { roles[k] & role.bit != 0 }

    static let headingTags: Set<Substring> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    let doc: HTMLDocument
    /// Per node, the roles its class names or id carry (bits of `Role.bit`).
    private var roles: [UInt8] = []
    /// Per node, whether it or an ancestor is page furniture.
    private var ignored: [Bool] = []
    /// Per node, whether its subtree (itself included) holds a `<br>`, and whether a block
    /// element (`ul`, `ol`, `li`, `p`, `div`, `table`) lies below it: made once, bottom-up, so
    /// that asking for every element of a deep page is not quadratic.
    private var breakInSubtree: [Bool] = []
    private var blockBelow: [Bool] = []

    init(_ doc: HTMLDocument) {
        self.doc = doc
        roles = Array(repeating: 0, count: doc.nodes.count)
        ignored = Array(repeating: false, count: doc.nodes.count)
        for k in doc.nodes.indices where !doc.nodes[k].tag.isEmpty {
            var mask: UInt8 = 0
            for t in Self.tokens(doc, k) {
                for role in Role.allCases where Self.matches(t, role) { mask |= role.bit }
            }
            roles[k] = mask
            let parent = doc.nodes[k].parent
            let tag = doc.nodes[k].tag
            // Page furniture starts at a small element: a class on <body> or on a wrapper of
            // most of the page ("has-sidebar", "menu-open") says nothing about its content.
            let small = !["html", "body", "main", "article"].contains(tag) && doc.subtreeEnd[k] - k < doc.nodes.count / 4
            ignored[k] = (parent >= 0 && ignored[parent]) || (small && (tag == "nav" || tag == "footer"
                || (mask & Role.ignore.bit != 0 && mask & Role.ingredients.bit == 0)))
        }
        breakInSubtree = Array(repeating: false, count: doc.nodes.count)
        blockBelow = Array(repeating: false, count: doc.nodes.count)
        let blocks: Set<Substring> = ["ul", "ol", "li", "p", "div", "table"]
        for k in doc.nodes.indices.reversed() {
            var hasBreak = doc.nodes[k].tag == "br", hasBlock = false
            for c in doc.nodes[k].children {
                hasBreak = hasBreak || breakInSubtree[c]
                hasBlock = hasBlock || blockBelow[c] || blocks.contains(doc.nodes[c].tag)
            }
            breakInSubtree[k] = hasBreak
            blockBelow[k] = hasBlock
        }
        best = bestCandidate(in: doc.nodes.indices)
    }

    /// The most plausible ingredient list among the nodes of `range` (the whole page, or one
    /// recipe of a page that holds several).
    func bestCandidate(in range: Range<Int>) -> Candidate? {
        var best: Candidate?
        func consider(_ c: Candidate?) {
            guard let c, c.lines.count >= 2 || (c.lines.count == 1 && c.score > 0) else { return }
            if best == nil || c.score > best!.score { best = c }
        }
        let markupNote = "no schema.org recipe data; ingredients taken from the page's ingredient list markup"
        var tokenElements: [String: [Int]] = [:]
        for k in range where has(.ingredients, k) && !ignored[k] {
            let tokens = Self.tokens(doc, k).filter { Self.matches($0, .ingredients) }
            for t in tokens { tokenElements[t, default: []].append(k) }
            // A container of list items (or table rows).
            let tag = doc.nodes[k].tag
            if tag != "li", tag != "tr", tag != "body", tag != "html", tag != "main" {
                let hasItems = (k + 1...max(k + 1, doc.subtreeEnd[k])).contains { $0 < doc.nodes.count && (doc.nodes[$0].tag == "li" || doc.nodes[$0].tag == "tr") }
                if hasItems {
                    consider(candidate(container: k, isItem: { doc.nodes[$0].tag == "li" || doc.nodes[$0].tag == "tr" }, note: markupNote))
                } else if doc.subtreeEnd[k] > k, !tokens.allSatisfy(Self.isPart) {
                    consider(paragraphCandidate(container: k, note: markupNote))
                }
            }
        }
        // Repeated line elements carrying the same ingredient class name.
        for (token, elements) in tokenElements.sorted(by: { $0.key < $1.key }) where elements.count >= 2 {
            var items: [Int] = []
            for e in elements where !items.contains(where: { doc.contains($0, e) }) {
                let item = Self.isPart(token) ? Self.lineOfPart(doc, e, among: elements) : Self.lifted(doc, e, among: elements)
                if !items.contains(item) { items.append(item) }
            }
            guard items.count >= 2, let container = Self.commonAncestor(doc, items), range.contains(container) else { continue }
            let set = Set(items)
            var c = candidate(container: container, isItem: { set.contains($0) }, note: markupNote)
            if Self.isPart(token) { c?.score -= 1 }
            consider(c)
        }
        let markupScore = best?.score
        if best == nil || best!.score < 2 {
            for k in range where !doc.nodes[k].tag.isEmpty && doc.nodes[k].tag != "li" {
                guard doc.subtreeEnd[k] - k <= 12, !ignored[k] else { continue }
                let text = doc.text(of: k)
                guard text.count <= 60, RecipeHeadings.kind(of: text) == .ingredients else { continue }
                consider(headingCandidate(after: k, within: range))
            }
        }
        // Lines found by shape compete unless the page's ingredient markup gave a list that
        // states amounts: when nothing was found, when only a heading led to a list (its words
        // may also head a search box or a tab, above prose and cooking times), or when the
        // list found states no amount at all (a "You'll need" heading over a list of pans).
        if best == nil || (markupScore ?? 0) < 2 || !best!.lines.contains(where: { $0.text.contains(where: \.isNumber) }) {
            consider(shapeCandidate(in: range))
        }
        return best
    }

    static func isPart(_ token: String) -> Bool { matches(token, .part) }

    static let inlineTags: Set<Substring> = ["span", "a", "strong", "b", "em", "i", "label", "small", "sup", "sub", "font", "mark", "u"]

    /// An inline part of a line (`<span class="ingredient-amount">`) stands for the block
    /// that holds it, when that block holds no other element of the same class.
    static func lifted(_ doc: HTMLDocument, _ e: Int, among elements: [Int]) -> Int {
        guard inlineTags.contains(doc.nodes[e].tag) else { return e }
        var p = doc.nodes[e].parent
        while p >= 0, inlineTags.contains(doc.nodes[p].tag) { p = doc.nodes[p].parent }
        guard p >= 0 else { return e }
        let others = elements.filter { $0 != e && doc.contains(p, $0) }
        // A line element (item, row, paragraph) whose parts all carry the class is the line.
        let lineTags: Set<Substring> = ["li", "tr", "p", "dd"]
        if !others.isEmpty, lineTags.contains(doc.nodes[p].tag), others.count <= 3, others.allSatisfy({ inlineTags.contains(doc.nodes[$0].tag) }) {
            return p
        }
        return others.isEmpty ? p : e
    }

    /// A part of a line (`<div class="ingredient-name">`) stands for the line that holds it:
    /// the smallest enclosing element that holds no other element of the same class and
    /// shows more than the part (its amount: `<div class="ingredient-amount">20 g</div>`), so
    /// that the line keeps every part in page order ("20 g Butter", never "Butter").
    static func lineOfPart(_ doc: HTMLDocument, _ e: Int, among elements: [Int]) -> Int {
        let lifted = lifted(doc, e, among: elements)
        guard lifted == e else { return lifted }
        let own = doc.text(of: e)
        var p = doc.nodes[e].parent
        while p >= 0, doc.subtreeEnd[p] - p <= 40 {
            if elements.contains(where: { $0 != e && doc.contains(p, $0) }) { return e }
            if doc.text(of: p) != own { return p }
            p = doc.nodes[p].parent
        }
        return e
    }

    static func commonAncestor(_ doc: HTMLDocument, _ items: [Int]) -> Int? {
        var chain: [Int] = []
        var p = doc.nodes[items[0]].parent
        while p >= 0 { chain.append(p); p = doc.nodes[p].parent }
        for a in chain where items.allSatisfy({ doc.contains(a, $0) }) { return a }
        return nil
    }

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
            if let title = groupTitle(k) {
                switch RecipeHeadings.kind(of: title) {
                case .ingredients?: group = nil
                case .instructions?, .other?: if !lines.isEmpty { k = end + 1; continue }
                case nil: group = Self.groupName(title)
                }
                k = doc.subtreeEnd[k] + 1
                continue
            }
            k += 1
        }
        guard !lines.isEmpty else { return nil }
        let unique = Self.withoutRepeat(Self.withoutDuplicates(lines))
        return Candidate(lines: unique, score: Self.score(unique), warning: note)
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
        for line in doc.lines(of: container) {
            if let kind = RecipeHeadings.kind(of: line) {
                if kind == .ingredients { continue }
                if !lines.isEmpty { break }
                continue
            }
            if line.hasSuffix(":"), line.count <= 60, !line.contains(where: \.isNumber) {
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
                if isHeading || (text.hasSuffix(":") && text.count <= 60) {
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
                    for line in paragraph {
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

    // MARK: Line shape

    /// Whether a line starts with an amount ("2 eggs", "½ cup", "1-2 tbsp").
    static func isAmountLed(_ line: String) -> Bool {
        line.unicodeScalars.first?.properties.numericType != nil
    }

    /// For pages with neither recipe markup nor an "Ingredients" heading: the run of lists
    /// (or paragraphs of `<br>`-separated lines) whose lines mostly start with amounts, with
    /// the short titles between them as groups.
    func shapeCandidate(in range: Range<Int>) -> Candidate? {
        struct Block { var lines: [String]; var start: Int }
        var runs: [[RecipeRecord.Ingredient]] = []
        var run: [RecipeRecord.Ingredient] = []
        var gap = 0
        var pendingTitle: String?
        func closeRun() {
            if !run.isEmpty { runs.append(run) }
            run = []
            pendingTitle = nil
        }
        var k = range.lowerBound
        while k < range.upperBound {
            let node = doc.nodes[k]
            if node.tag.isEmpty {
                let t = TextCleaning.line(String(node.text))
                gap += t.count
                if !t.isEmpty, t.count <= 50, !t.contains(where: \.isNumber) { pendingTitle = String(t.trimmingSuffix { $0 == ":" }) }
                if RecipeHeadings.kind(of: t).map({ $0 != .ingredients }) ?? false { closeRun() }
                if gap > 300 { closeRun() }
                k += 1
                continue
            }
            if ignored[k] || !doc.isVisible(k) { k = doc.subtreeEnd[k] + 1; continue }
            var lines: [String]?
            // Rows of plain elements that are not ingredient lines (paragraphs of prose) may
            // still hold a list further down: the walk goes on inside them.
            var rowsOfElements = false
            if node.tag == "ul" || node.tag == "ol" {
                lines = node.children.filter { doc.nodes[$0].tag == "li" && doc.isVisible($0) }.map { doc.text(of: $0) }
            } else if ["p", "div", "td", "h2", "h3", "h4", "h5", "h6"].contains(node.tag), breakInSubtree[k], !blockBelow[k] {
                lines = doc.lines(of: k, breaks: HTMLDocument.lineBreakingElements).map(PlainTextReader.strippingBullet)
            } else if let rows = repeatedRows(of: k) {
                lines = rows.map { doc.text(of: $0) }
                rowsOfElements = true
            }
            if let lines {
                let clean = lines.filter { !$0.isEmpty && !YieldWords.isRecipeFact($0) }
                let amountLed = clean.filter(Self.isAmountLed).count
                let words = clean.reduce(0) { $0 + $1.split(separator: " ").count }
                // A run starts with a block of mostly amount-led lines; the blocks that follow
                // it (salt, pepper, herbs) need fewer.
                let needed = run.isEmpty ? 2 : 3
                if clean.count >= (run.isEmpty ? 3 : 2), amountLed * needed >= clean.count, words <= clean.count * 14, clean.allSatisfy(Self.isPlausibleLine) {
                    if gap > 300 { closeRun() }
                    let group = run.isEmpty ? nil : pendingTitle
                    run += clean.map { .init(group: group, text: $0) }
                    if run.count == clean.count, let title = pendingTitle, RecipeHeadings.kind(of: title) == nil {
                        // The first list's own title names its group when more lists follow.
                        run = run.map { .init(group: title, text: $0.text) }
                    }
                } else if rowsOfElements {
                    k += 1
                    continue
                } else {
                    closeRun()
                }
                gap = 0
                pendingTitle = nil
                k = doc.subtreeEnd[k] + 1
                continue
            }
            k += 1
        }
        closeRun()
        guard let best = runs.max(by: { Self.score($0) < Self.score($1) }) else { return nil }
        // Groups only when there are several: a single list keeps no title.
        let lines = Set(best.map(\.group)).count > 1 ? best : best.map { .init(group: nil, text: $0.text) }
        return Candidate(lines: lines, score: Self.score(lines) - 2,
                         warning: "no recipe markup and no 'Ingredients' heading; ingredients taken from the page's list of amount-led lines")
    }

    /// Elements that hold rows, and that rows are (`repeatedRows`).
    static let rowTags: Set<Substring> = ["div", "section", "article", "span", "label", "p"]
    /// Elements a row never holds (a `<p>` may be the row itself).
    static let notInsideRows: Set<Substring> = ["ul", "ol", "li", "table", "p", "h1", "h2", "h3", "h4", "h5", "h6"]

    /// The rows of a list built from plain elements instead of `<ul>`/`<li>`: element `k`'s
    /// visible children when at least three of them, and at least two thirds, are the same
    /// element with the same class (a checklist of `<div class="row">…</div>`, a run of `<p>` lines),
    /// each a short run of inline parts with no list or line break inside. Nil for any other element.
    func repeatedRows(of k: Int) -> [Int]? {
        let blockTags = Self.rowTags
        guard blockTags.contains(doc.nodes[k].tag) else { return nil }
        let children = doc.nodes[k].children.filter { !doc.nodes[$0].tag.isEmpty && doc.isVisible($0) }
        guard children.count >= 3 else { return nil }
        func signature(_ c: Int) -> String { String(doc.nodes[c].tag) + " " + doc.classes(of: c).joined(separator: " ") }
        var counts: [String: Int] = [:]
        for c in children { counts[signature(c), default: 0] += 1 }
        guard let (common, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
              count >= 3, count * 3 >= children.count * 2
        else { return nil }
        let rows = children.filter { signature($0) == common }
        guard blockTags.contains(doc.nodes[rows[0]].tag) else { return nil }
        for row in rows {
            if breakInSubtree[row] || ignored[row] { return nil }
            for d in row...doc.subtreeEnd[row] where d > row || doc.nodes[d].tag != "p" {
                if Self.notInsideRows.contains(doc.nodes[d].tag) { return nil }
            }
            // A row is a line, not a card: a few inline parts (amount, name, note).
            if doc.subtreeEnd[row] - row > 24 { return nil }
        }
        return rows
    }

    // MARK: Instructions

    /// Instruction steps from markup: items of a list whose class or id names the method, or
    /// the lines of such an element.
    func instructions() -> [String] {
        for k in doc.nodes.indices where has(.instructions, k) && !ignored[k] {
            let items = (k...doc.subtreeEnd[k]).filter { doc.nodes[$0].tag == "li" }
            let steps = items.isEmpty ? doc.lines(of: k) : items.filter { i in !items.contains { $0 != i && doc.contains($0, i) } }.map { doc.text(of: $0) }
            let clean = steps.filter { !$0.isEmpty && RecipeHeadings.kind(of: $0) == nil }
            if !clean.isEmpty { return clean }
        }
        return []
    }
}
