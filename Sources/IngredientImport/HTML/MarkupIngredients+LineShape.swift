extension MarkupIngredients {
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
}
