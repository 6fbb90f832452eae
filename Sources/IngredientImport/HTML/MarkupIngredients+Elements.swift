extension MarkupIngredients {
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
}
