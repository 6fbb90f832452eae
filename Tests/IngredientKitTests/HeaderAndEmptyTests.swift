import Testing

/// Section headers and empty lines.
@Suite("Headers and empty lines")
struct HeaderAndEmptyTests {
    static let headers: [(String, String)] = [
        ("For the sauce:", "For the sauce"),
        ("For the sauce", "For the sauce"),         // a colon-less header listed in headers.tsv
        ("  For the sauce:  ", "For the sauce"),
        ("DRESSING", "DRESSING"),
        ("Topping:", "Topping"),
        ("INGREDIENTS", "INGREDIENTS"),
        ("To serve:", "To serve"),
        ("For the dough", "For the dough"),
        ("SAUCE", "SAUCE"),
        ("Sauce -", "Sauce"),
        ("** Filling **", "Filling"),
        ("For the pickled red onions:", "For the pickled red onions"),
    ]

    @Test("headers", arguments: headers)
    func header(_ line: String, _ section: String) {
        let p = parser.parse(line)
        #expect(p.kind == .header)
        #expect(p.section == section)
        #expect(p.input == line)
        #expect(p.amount == nil)
        #expect(p.name == nil)
        #expect(p.alternates.isEmpty)
        #expect(!p.isOptional)
        #expect(p.confidence == 1)
    }

    @Test("not headers", arguments: [
        "2 cups flour:",            // has a quantity
        "Step 1:",                  // has a digit
        "Salt",                     // a bare ingredient
        "salt and pepper to taste",
        "One two three four five six seven eight nine:", // more than eight words
    ])
    func notHeader(_ line: String) {
        let p = parser.parse(line)
        #expect(p.kind == .ingredient)
        #expect(p.section == nil)
    }

    @Test("empty lines", arguments: ["", " ", "   ", "\t", " \t \u{00A0}", "\u{0}", "\r"])
    func empty(_ line: String) {
        let p = parser.parse(line)
        #expect(p.kind == .empty)
        #expect(p.input == line)
        #expect(p.amount == nil)
        #expect(p.name == nil)
        #expect(p.section == nil)
        #expect(p.confidence == 1)
    }
}
