import IngredientLexicon

/// A small, lenient HTML reader: enough of a tree to find JSON-LD scripts, microdata and
/// the class names recipe plugins put on ingredient lists. It never fails: unclosed and
/// stray tags are resolved the way browsers mostly do (void elements, `<li>`, `<p>`,
/// table cells and options close implicitly; an end tag with no open match is ignored).
struct HTMLDocument {
    /// An element or a run of text.
    struct Node {
        /// The element's lowercase tag name; empty for text.
        var tag: Substring
        /// Attributes with lowercase names and raw (undecoded) values.
        var attributes: [(name: Substring, value: Substring)]
        /// The parent element's index (-1 for the root's children).
        var parent: Int
        /// Child node indices, in order.
        var children: [Int]
        /// For text nodes, the raw text (character references not yet decoded).
        var text: Substring
    }

    /// Every node, in document order (a node's descendants follow it).
    private(set) var nodes: [Node] = []
    /// Indices of top-level nodes.
    private(set) var roots: [Int] = []
    /// The raw content of `<script>` elements with their `type` attribute, in order.
    private(set) var scripts: [(type: String, content: Substring)] = []
    /// For each node, the index of the last node of its subtree (itself when it has no children).
    private(set) var subtreeEnd: [Int] = []
    /// Whether elements were nested deeper than `maxDepth` (the deeper ones were read as
    /// siblings of the element at that depth).
    private(set) var depthLimited = false
    /// Per element, the unit (and any second amount) that the element states only in its
    /// `data-` attributes, to be read after its text (see `statedUnit(of:)`).
    private(set) var statedUnits: [Int: String] = [:]
    /// Per node, its class names and whether it is visible, worked out the first time they are
    /// asked for: the extractors ask for the same nodes many times (working them out anew each
    /// time was a quarter of a page's time) and for most nodes never. Shared by the copies of a
    /// document, which never change after it is read; a document is read on one thread.
    private final class Memo {
        var classes: [[Substring]?]
        /// 0: not worked out yet; 1: visible; 2: hidden.
        var visibility: [UInt8]
        init(count: Int) {
            classes = Array(repeating: nil, count: count)
            visibility = Array(repeating: 0, count: count)
        }
    }
    private var memo = Memo(count: 0)

    /// How deep elements nest: deeper start tags open no new level, so no walk over a
    /// node's ancestors or subtree (text, containment, recursion) costs more than this per
    /// node, whatever the page (40,000 unclosed `<div>` would otherwise cost quadratic time).
    static let maxDepth = 256

    static let voidElements: Set<Substring> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                               "param", "source", "track", "wbr", "keygen", "command"]
    static let rawTextElements: Set<Substring> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]
    /// Elements whose start implicitly closes an open `<p>`.
    static let closesParagraph: Set<Substring> = ["address", "article", "aside", "blockquote", "div", "dl", "fieldset", "footer",
                                                  "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol",
                                                  "p", "pre", "section", "table", "ul", "figure"]
    /// Elements whose text is set apart from its neighbours by a line break.
    static let blockElements: Set<Substring> = ["address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt",
                                                "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
                                                "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
                                                "table", "tr", "ul", "tbody", "thead", "details", "summary"]
    /// Elements whose content is never text a reader sees.
    static let hiddenElements: Set<Substring> = ["script", "style", "template", "noscript", "svg", "button", "select", "option",
                                                 "head", "iframe", "textarea", "input"]

    /// Reads `html`.
    init(_ html: String) {
        var html = html
        html.makeContiguousUTF8() // so that the searches below read its bytes in place
        let u = html.utf8
        var stack: [Int] = []
        var i = u.startIndex
        var textStart = i
        // Start tags past `maxDepth` not pushed, so their end tags close nothing above.
        var unpushed = 0
        // Where a search for a closing needle ("-->", "</script") found nothing: a later
        // search from there on cannot find it either, so unclosed comments or scripts
        // repeated n times cost O(n), not O(n²).
        var absentFrom: [String: String.UTF8View.Index] = [:]
        func find(_ needle: String, from: String.UTF8View.Index, caseInsensitive: Bool = false) -> String.UTF8View.Index? {
            if let known = absentFrom[needle], known <= from { return nil }
            let found = caseInsensitive ? Self.findCaseInsensitive(u, needle, from: from) : Self.find(u, needle, from: from)
            if found == nil { absentFrom[needle] = from }
            return found
        }

        func addNode(_ node: Node) -> Int {
            let index = nodes.count
            nodes.append(node)
            if let top = stack.last { nodes[top].children.append(index) } else { roots.append(index) }
            return index
        }
        func flushText(_ end: String.UTF8View.Index) {
            if textStart < end {
                _ = addNode(Node(tag: "", attributes: [], parent: stack.last ?? -1, children: [],
                                 text: Substring(u[textStart..<end])))
            }
        }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func popTo(_ position: Int) { stack.removeSubrange(position...) }
        func closeOpen(_ names: Set<Substring>, stoppingAt barriers: Set<Substring>) {
            for k in stack.indices.reversed() {
                let tag = nodes[stack[k]].tag
                if names.contains(tag) { popTo(k); return }
                if barriers.contains(tag) { return }
            }
        }

        while i < u.endIndex {
            guard u[i] == 0x3C else { i = u.index(after: i); continue }
            let lt = i
            var j = u.index(after: i)
            guard j < u.endIndex else { break }
            let b = u[j]
            if b == 0x21, Self.hasPrefix(u, at: j, "![CDATA[") { // character data: its content is text
                flushText(lt)
                let start = u.index(j, offsetBy: 8)
                let close = find("]]>", from: start, caseInsensitive: true) ?? u.endIndex
                if start < close {
                    _ = addNode(Node(tag: "", attributes: [], parent: stack.last ?? -1, children: [], text: Substring(u[start..<close])))
                }
                i = close < u.endIndex ? u.index(close, offsetBy: 3) : close
                textStart = i
                continue
            }
            if b == 0x21 { // <!-- comment --> or <!DOCTYPE>
                flushText(lt)
                if Self.hasPrefix(u, at: j, "!--"), let end = find("-->", from: u.index(j, offsetBy: 3)) {
                    i = end
                } else {
                    i = Self.find(u, ">", from: j) ?? u.endIndex
                }
                textStart = i
                continue
            }
            if b == 0x3F { // <?xml ?>
                flushText(lt)
                i = Self.find(u, ">", from: j) ?? u.endIndex
                textStart = i
                continue
            }
            let closing = b == 0x2F
            if closing { j = u.index(after: j) }
            guard j < u.endIndex, isLetter(u[j]) else { i = u.index(after: i); continue }
            // Tag name.
            var k = j
            while k < u.endIndex, u[k] != 0x20, u[k] != 0x3E, u[k] != 0x2F, u[k] != 0x0A, u[k] != 0x09, u[k] != 0x0D { k = u.index(after: k) }
            let name = Substring(u[j..<k]).lowercased()[...]
            flushText(lt)
            // Attributes.
            var attributes: [(name: Substring, value: Substring)] = []
            var selfClosing = false
            while k < u.endIndex {
                let c = u[k]
                if c == 0x3E { k = u.index(after: k); break }
                if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0x0C { k = u.index(after: k); continue }
                if c == 0x2F { selfClosing = true; k = u.index(after: k); continue }
                selfClosing = false
                let nameStart = k
                while k < u.endIndex, u[k] != 0x3D, u[k] != 0x3E, u[k] != 0x20, u[k] != 0x0A, u[k] != 0x09, u[k] != 0x0D,
                      !(u[k] == 0x2F && u.index(after: k) < u.endIndex && u[u.index(after: k)] == 0x3E) {
                    k = u.index(after: k)
                }
                let attrName = Substring(u[nameStart..<k]).lowercased()[...]
                var value: Substring = ""
                var m = k
                while m < u.endIndex, u[m] == 0x20 || u[m] == 0x0A || u[m] == 0x09 || u[m] == 0x0D { m = u.index(after: m) }
                if m < u.endIndex, u[m] == 0x3D {
                    m = u.index(after: m)
                    while m < u.endIndex, u[m] == 0x20 || u[m] == 0x0A || u[m] == 0x09 || u[m] == 0x0D { m = u.index(after: m) }
                    if m < u.endIndex, u[m] == 0x22 || u[m] == 0x27 {
                        let q = u[m]
                        let vs = u.index(after: m)
                        var ve = vs
                        while ve < u.endIndex, u[ve] != q { ve = u.index(after: ve) }
                        value = Substring(u[vs..<ve])
                        k = ve < u.endIndex ? u.index(after: ve) : ve
                    } else {
                        let vs = m
                        var ve = vs
                        while ve < u.endIndex, u[ve] != 0x20, u[ve] != 0x3E, u[ve] != 0x0A, u[ve] != 0x09 { ve = u.index(after: ve) }
                        value = Substring(u[vs..<ve])
                        k = ve
                    }
                } else {
                    k = m
                }
                if !attrName.isEmpty { attributes.append((attrName, value)) }
            }
            i = k
            textStart = i
            if closing {
                if unpushed > 0 {
                    unpushed -= 1
                    continue
                }
                if let position = stack.lastIndex(where: { nodes[$0].tag == name }), stack.count - position <= 64 {
                    popTo(position)
                }
                continue
            }
            // Implied end tags.
            switch name {
            case "li": closeOpen(["li"], stoppingAt: ["ul", "ol", "menu"])
            case "dt", "dd": closeOpen(["dt", "dd"], stoppingAt: ["dl"])
            case "tr": closeOpen(["tr"], stoppingAt: ["table", "tbody", "thead", "tfoot"])
            case "td", "th": closeOpen(["td", "th"], stoppingAt: ["tr", "table"])
            case "option": closeOpen(["option"], stoppingAt: ["select", "datalist"])
            default: break
            }
            if Self.closesParagraph.contains(name) { closeOpen(["p"], stoppingAt: ["div", "section", "article", "li", "td", "body"]) }
            let index = addNode(Node(tag: name, attributes: attributes, parent: stack.last ?? -1, children: [], text: ""))
            if Self.rawTextElements.contains(name) {
                let end = find("</" + name, from: i, caseInsensitive: true) ?? u.endIndex
                let content = Substring(u[i..<end])
                if name == "script" {
                    let type = attributes.last { $0.name == "type" }.map { String($0.value).lowercased() } ?? ""
                    scripts.append((type, content))
                } else {
                    nodes.append(Node(tag: "", attributes: [], parent: index, children: [], text: content))
                    nodes[index].children.append(nodes.count - 1)
                }
                i = Self.find(u, ">", from: end) ?? u.endIndex
                textStart = i
                continue
            }
            // `/>` closes only foreign (SVG, MathML) elements; HTML ignores it on its own elements.
            if !Self.voidElements.contains(name), !selfClosing || Self.blockElements.contains(name) || name == "span" || name == "a" {
                if stack.count < Self.maxDepth {
                    stack.append(index)
                } else {
                    depthLimited = true
                    unpushed += 1
                }
            }
        }
        flushText(u.endIndex)
        subtreeEnd = Array(nodes.indices)
        for k in nodes.indices.reversed() {
            if let last = nodes[k].children.last { subtreeEnd[k] = subtreeEnd[last] }
        }
        memo = Memo(count: nodes.count)
        for k in nodes.indices where nodes[k].attributes.count >= 2 {
            if let unit = statedUnit(of: k) { statedUnits[k] = unit }
        }
    }

    /// The unit an element that shows only a number keeps in its `data-` attributes, as
    /// scripts that convert or scale amounts write it: `<b data-primary-amount="195"
    /// data-primary-unit="g" data-secondary-amount="1.5" data-secondary-unit="cup">195</b>`
    /// reads "195 g (1.5 cup)". An attribute `data-…unit` counts when a `data-…amount` of the
    /// same stem sits beside it; the first such pair is the amount shown, the others are
    /// given in parentheses. Nil when the element's text holds a letter (its unit is
    /// already there), holds no digit, or when the line it stands in already shows the unit
    /// (`<span data-amount="1" data-unit="cup">1</span> <span>cup</span>`).
    func statedUnit(of k: Int) -> String? {
        var pairs: [(amount: String, unit: String)] = []
        for a in nodes[k].attributes where a.name.hasPrefix("data-") && a.name.hasSuffix("unit") {
            let stem = a.name.dropLast(4)
            guard let amount = nodes[k].attributes.last(where: { $0.name.count == stem.count + 6 && $0.name.hasPrefix(stem) && $0.name.hasSuffix("amount") }) else { continue }
            pairs.append((TextCleaning.line(String(amount.value)), TextCleaning.line(String(a.value))))
        }
        guard let first = pairs.first, !first.unit.isEmpty, first.unit.contains(where: \.isLetter) else { return nil }
        let own = text(of: k)
        guard own.contains(where: \.isNumber), !own.contains(where: \.isLetter) else { return nil }
        // The line the element stands in: its nearest block (or cell) ancestor.
        var line = nodes[k].parent
        while line >= 0, !Self.blockElements.contains(nodes[line].tag), nodes[line].tag != "td" { line = nodes[line].parent }
        if line >= 0 {
            // The unit as a word of the line, or with a plural ending ("ounce", "ounces").
            let words = text(of: line).lowercased().split { !$0.isLetter }
            for p in pairs {
                guard let unit = p.unit.lowercased().split(whereSeparator: { !$0.isLetter }).first else { continue }
                if words.contains(where: { $0 == unit || (unit.count >= 3 && $0.hasPrefix(unit) && $0.count - unit.count <= 2) }) { return nil }
            }
        }
        var suffix = first.unit
        for p in pairs.dropFirst() where !p.amount.isEmpty && !p.unit.isEmpty && p.amount.contains(where: \.isNumber) {
            suffix += " (\(p.amount) \(p.unit))"
        }
        return suffix
    }

    static func hasPrefix(_ u: String.UTF8View, at i: String.UTF8View.Index, _ s: String) -> Bool {
        var k = i
        for b in s.utf8 {
            guard k < u.endIndex, u[k] == b else { return false }
            k = u.index(after: k)
        }
        return true
    }

    /// The index just past the first `needle` at or after `from`.
    static func find(_ u: String.UTF8View, _ needle: String, from: String.UTF8View.Index) -> String.UTF8View.Index? {
        let n = Array(needle.utf8)
        let start = u.distance(from: u.startIndex, to: from)
        let found = withBytes(u) { b -> Int? in
            var i = start
            while i + n.count <= b.count {
                if b[i] == n[0] {
                    var k = 1
                    while k < n.count, b[i + k] == n[k] { k += 1 }
                    if k == n.count { return i + n.count }
                }
                i += 1
            }
            return nil
        }
        return found.map { u.index(u.startIndex, offsetBy: $0) }
    }

    /// The start of the first `needle` (ASCII case ignored) at or after `from`.
    static func findCaseInsensitive(_ u: String.UTF8View, _ needle: String, from: String.UTF8View.Index) -> String.UTF8View.Index? {
        let n = Array(needle.utf8)
        let start = u.distance(from: u.startIndex, to: from)
        let found = withBytes(u) { b -> Int? in
            var i = start
            while i < b.count {
                if b[i] == n[0] {
                    var k = 0
                    while k < n.count, i + k < b.count, b[i + k] | 0x20 == n[k] | 0x20 { k += 1 }
                    if k == n.count { return i }
                }
                i += 1
            }
            return nil
        }
        return found.map { u.index(u.startIndex, offsetBy: $0) }
    }

    /// Runs `body` on the UTF-8 bytes of `u`: in place, as a document's text always is (`init`
    /// makes it contiguous; a String.UTF8View step per byte cost ~10 instructions), else a copy.
    static func withBytes<Result>(_ u: String.UTF8View, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        u.withContiguousStorageIfAvailable(body) ?? Array(u).withUnsafeBufferPointer(body)
    }

    // MARK: Queries

    /// The decoded value of attribute `name` of node `index`.
    func attribute(_ name: Substring, of index: Int) -> String? {
        nodes[index].attributes.last { $0.name == name }.map { CharacterReferences.decoding(String($0.value)) }
    }

    /// Whether node `index` has attribute `name`.
    func hasAttribute(_ name: Substring, _ index: Int) -> Bool {
        nodes[index].attributes.contains { $0.name == name }
    }

    /// The lowercase class names of node `index`.
    func classes(of index: Int) -> [Substring] {
        if let known = memo.classes[index] { return known }
        let classes: [Substring]
        if let raw = nodes[index].attributes.last(where: { $0.name == "class" })?.value {
            classes = Self.classNames(raw)
        } else {
            classes = []
        }
        memo.classes[index] = classes
        return classes
    }

    /// The lowercase class names of a `class` attribute's value: split at spaces, tabs, line
    /// feeds and carriage returns (the characters; CR LF is one character and no separator).
    /// An ASCII value is split on its bytes, the same cuts without walking characters.
    static func classNames(_ raw: Substring) -> [Substring] {
        var lowered = raw.lowercased()
        let ranges = lowered.withUTF8 { b -> [Range<Int>]? in
            var ranges: [Range<Int>] = []
            var start = -1
            for i in 0..<b.count {
                let c = b[i]
                if c >= 0x80 || (c == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A) { return nil }
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                    if start >= 0 { ranges.append(start..<i); start = -1 }
                } else if start < 0 {
                    start = i
                }
            }
            if start >= 0 { ranges.append(start..<b.count) }
            return ranges
        }
        guard let ranges else {
            return lowered.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        }
        return TextDecoding.substrings(of: lowered, at: ranges)
    }

    /// Whether a reader would see node `index`'s content (not hidden by its tag, `hidden`,
    /// `aria-hidden`, a screen-reader-only class, or as a tab panel behind the active one).
    func isVisible(_ index: Int) -> Bool {
        switch memo.visibility[index] {
        case 1: return true
        case 2: return false
        default:
            let visible = computeVisibility(index)
            memo.visibility[index] = visible ? 1 : 2
            return visible
        }
    }

    /// `isVisible(index)` worked out (once per node, the first time it is asked).
    private func computeVisibility(_ index: Int) -> Bool {
        let node = nodes[index]
        if Self.hiddenElements.contains(node.tag) { return false }
        if node.tag.isEmpty { return true }
        for a in node.attributes {
            if a.name == "hidden" { return false }
            if a.name == "aria-hidden", a.value.lowercased() == "true" { return false }
            if a.name == "style" {
                let style = a.value.lowercased().filter { $0 != " " }
                if style.contains("display:none") || style.contains("visibility:hidden") { return false }
            }
        }
        for c in classes(of: index) where c == "sr-only" || c == "screen-reader-text" || c == "visually-hidden" || c == "visuallyhidden" || c == "hidden" {
            return false
        }
        return !isTabPanel(index) || isShownPanel(index)
    }

    /// Whether node `index` is a tab panel (`role="tabpanel"`).
    func isTabPanel(_ index: Int) -> Bool {
        nodes[index].attributes.contains { $0.name == "role" && $0.value.lowercased() == "tabpanel" }
    }

    /// The classes by which tab scripts mark the panel shown.
    static let shownPanelClasses: Set<Substring> = ["active", "show", "in", "selected", "current", "is-active"]

    /// Whether tab panel `index` is the one a reader sees: the panel marked active (its class
    /// says `active`, `show`, `in`, `selected` or `current`, as tab scripts set it), or any
    /// panel when none of its sibling panels is marked (metric and US tabs of one list show one).
    func isShownPanel(_ index: Int) -> Bool {
        func isMarked(_ k: Int) -> Bool { classes(of: k).contains(where: Self.shownPanelClasses.contains) }
        if isMarked(index) { return true }
        let parent = nodes[index].parent
        guard parent >= 0 else { return true }
        return !nodes[parent].children.contains { k in k != index && isTabPanel(k) && isMarked(k) }
    }

    /// The raw (undecoded) visible text of node `index`; the elements in `breaks` (by
    /// default every block element) are set apart by line breaks.
    func rawText(of index: Int, into out: inout String, breaks: Set<Substring>? = nil) {
        let node = nodes[index]
        if node.tag.isEmpty { out += node.text; return }
        guard isVisible(index) else { return }
        let block = (breaks ?? Self.blockElements).contains(node.tag)
        let separator: String = block ? "\n" : Self.blockElements.contains(node.tag) || node.tag == "td" || node.tag == "th" ? " " : Self.elementBoundary
        out += separator
        for child in node.children { rawText(of: child, into: &out, breaks: breaks) }
        if let unit = statedUnits[index] { out += " " + unit }
        out += separator
    }

    /// Marks where an inline element starts or ends in raw text: `TextCleaning` makes it a
    /// space between two letters or digits (`<span>flour</span><span>85 g</span>` reads
    /// "flour 85 g", as the page shows it) and drops it elsewhere.
    static let elementBoundary = "\u{E000}"

    /// The visible text of node `index` as one line.
    func text(of index: Int) -> String {
        var raw = ""
        rawText(of: index, into: &raw)
        return TextCleaning.line(raw)
    }

    /// Elements that end a line of text as people write it: breaks, paragraphs, headings, items.
    static let lineBreakingElements: Set<Substring> = ["br", "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "dt", "dd", "hr"]

    /// The visible text of node `index` as lines; `breaks` are the elements that separate
    /// lines (by default every block element).
    func lines(of index: Int, breaks: Set<Substring>? = nil) -> [String] {
        var raw = ""
        rawText(of: index, into: &raw, breaks: breaks)
        return TextCleaning.lines(raw)
    }

    /// Whether `ancestor` contains `index`.
    func contains(_ ancestor: Int, _ index: Int) -> Bool {
        var p = nodes[index].parent
        while p >= 0 {
            if p == ancestor { return true }
            p = nodes[p].parent
        }
        return false
    }

    /// The element indices under `index` (not including it), in document order.
    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = nodes[index].children.reversed() as [Int]
        while let k = stack.popLast() {
            if !nodes[k].tag.isEmpty {
                result.append(k)
                stack.append(contentsOf: nodes[k].children.reversed())
            }
        }
        return result
    }

    /// The document's language from `<html lang>`, if given.
    var language: String? {
        for k in nodes.indices where nodes[k].tag == "html" { return attribute("lang", of: k) }
        return nil
    }
}
