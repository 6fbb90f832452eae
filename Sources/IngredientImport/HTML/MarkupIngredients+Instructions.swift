extension MarkupIngredients {
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
