extension MarkupIngredients {
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
}
