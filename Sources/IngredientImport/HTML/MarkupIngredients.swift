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
        /// 1 << the role's place in `allCases`.
        var bit: UInt8 {
            switch self {
            case .ingredients: 1
            case .instructions: 2
            case .group: 4
            case .part: 8
            case .ignore: 16
            }
        }
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

    /// Every fragment with its role's bit, by the fragment's first byte.
    static let fragmentsByFirstByte: [[(bit: UInt8, bytes: [UInt8])]] = {
        var table = Array(repeating: [(bit: UInt8, bytes: [UInt8])](), count: 256)
        for role in Role.allCases {
            for f in fragments[role] ?? [] where !f.isEmpty { table[Int(f[0])].append((role.bit, f)) }
        }
        return table
    }()

    /// Whether `token` contains a fragment of `role`.
    static func matches(_ token: String, _ role: Role) -> Bool {
        roleMask(token) & role.bit != 0
    }

    /// The roles whose fragments `token` contains (bits of `Role.bit`), found at once: at each
    /// byte of the token only the fragments that start with it are tried.
    static func roleMask(_ token: String) -> UInt8 {
        var mask: UInt8 = 0
        var token = token
        token.withUTF8 { t in
            for k in t.indices {
                for (bit, f) in fragmentsByFirstByte[Int(t[k])] where mask & bit == 0 && k + f.count <= t.count {
                    var m = 1
                    while m < f.count, t[k + m] == f[m] { m += 1 }
                    if m == f.count { mask |= bit }
                }
            }
        }
        return mask
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
    private(set) var ignored: [Bool] = []
    /// Per node, whether its subtree (itself included) holds a `<br>`, and whether a block
    /// element (`ul`, `ol`, `li`, `p`, `div`, `table`) lies below it: made once, bottom-up, so
    /// that asking for every element of a deep page is not quadratic.
    private(set) var breakInSubtree: [Bool] = []
    private(set) var blockBelow: [Bool] = []

    init(_ doc: HTMLDocument) {
        self.doc = doc
        roles = Array(repeating: 0, count: doc.nodes.count)
        ignored = Array(repeating: false, count: doc.nodes.count)
        for k in doc.nodes.indices where !doc.nodes[k].tag.isEmpty {
            var mask: UInt8 = 0
            for t in Self.tokens(doc, k) { mask |= Self.roleMask(t) }
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
}
