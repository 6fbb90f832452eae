import Testing
@testable import IngredientParsing
@testable import IngredientEvaluation

/// The defect classes of issue 15, each fixed by a general rule: the lines here are our own,
/// written to exercise the rule, not the lines that exposed it.
@Suite("Issue 15 defect classes")
struct DefectClassTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var quantity: Double?
        var quantityMax: Double?
        var unit: String?
        var name: String?
        var alternates: [Pair] = []
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // A number word, a unit and "of" open the line.
        Case(line: "a cup of whole milk", quantity: 1, quantityMax: 1, unit: "cup", name: "whole milk"),
        Case(line: "a tablespoon of olive oil", quantity: 1, quantityMax: 1, unit: "tablespoon", name: "olive oil"),
        // A mixed number with a thin, narrow no-break or no-break space inside.
        Case(line: "1\u{2009}½ teaspoons ground cumin", quantity: 1.5, quantityMax: 1.5, unit: "teaspoon", name: "ground cumin"),
        Case(line: "2\u{202F}¼ cups plain flour", quantity: 2.25, quantityMax: 2.25, unit: "cup", name: "plain flour"),
        Case(line: "3\u{00A0}¾ cups water", quantity: 3.75, quantityMax: 3.75, unit: "cup", name: "water"),
        // A fraction with spaces around its slash, alone or after a whole number.
        Case(line: "1 / 2 cup chopped parsley", quantity: 0.5, quantityMax: 0.5, unit: "cup", name: "parsley"),
        Case(line: "1 3 / 4 cups water", quantity: 1.75, quantityMax: 1.75, unit: "cup", name: "water"),
        Case(line: "3 /4 tsp salt", quantity: 0.75, quantityMax: 0.75, unit: "teaspoon", name: "salt"),
        // A plural mark glued to the unit, as programs write a unit for any count.
        Case(line: "3-4 tablespoon(s) sunflower oil", quantity: 3, quantityMax: 4, unit: "tablespoon", name: "sunflower oil"),
        Case(line: "2 clove(s) of garlic", quantity: 2, quantityMax: 2, unit: "clove", name: "garlic"),
        Case(line: "1 pinch(es) sea salt", quantity: 1, quantityMax: 1, unit: "pinch", name: "sea salt"),
        // Decimal commas that cannot separate thousands.
        Case(line: ",5 l vegetable stock", quantity: 0.5, quantityMax: 0.5, unit: "liter", name: "vegetable stock"),
        Case(line: "0,750 kg potatoes", quantity: 0.75, quantityMax: 0.75, unit: "kilogram", name: "potatoes"),
        // A percentage describes the name.
        Case(line: "1 cup 2% milk", quantity: 1, quantityMax: 1, unit: "cup", name: "2% milk"),
        Case(line: "500 ml 3%-fat yogurt", quantity: 500, quantityMax: 500, unit: "milliliter", name: "3%-fat yogurt"),
        // A countable unit's word alone after the quantity is the ingredient.
        Case(line: "3 cloves", quantity: 3, quantityMax: 3, unit: nil, name: "cloves"),
        // A part named before the amount ("… from", "… of"): the ingredient is the name after it.
        Case(line: "Segments from 3 grapefruit", quantity: 3, quantityMax: 3, unit: nil, name: "grapefruit"),
        Case(line: "Seeds of 4 cardamom pods", quantity: 4, quantityMax: 4, unit: nil, name: "cardamom pods"),
        // A times sign between the name and its amount.
        Case(line: "Fish oil x 1000mg", quantity: 1000, quantityMax: 1000, unit: "milligram", name: "Fish oil"),
        Case(line: "Magnesium citrate tablets x 250 mg", quantity: 250, quantityMax: 250, unit: "milligram", name: "Magnesium citrate tablets"),
        // A range with the unit glued to both ends; a hyphenated unit with a space after the hyphen.
        Case(line: "300g-350g new potatoes", quantity: 300, quantityMax: 350, unit: "gram", name: "new potatoes"),
        Case(line: "1 15- ounce can black beans", quantity: 1, quantityMax: 1, unit: "can", name: "black beans",
             alternates: [Pair(quantity: 15, unit: "ounce")]),
        // A weight right after a bare number in parentheses is that number's: one piece of that weight.
        Case(line: "1 (2 1/2) pound pork loin roast", quantity: 1, quantityMax: 1, unit: nil, name: "pork loin roast",
             alternates: [Pair(quantity: 2.5, unit: "pound")]),
        Case(line: "2 (4 1/2) pounds whole ducks", quantity: 2, quantityMax: 2, unit: nil, name: "whole ducks",
             alternates: [Pair(quantity: 4.5, unit: "pound")]),
        // A unit in the plural with no number before it: some of them, how many unsaid.
        Case(line: "Parsley sprigs", quantity: nil, quantityMax: nil, unit: "sprig", name: "Parsley"),
        Case(line: "Wedges of lime", quantity: nil, quantityMax: nil, unit: "wedge", name: "lime"),
        Case(line: "Slices of rye bread", quantity: nil, quantityMax: nil, unit: "slice", name: "rye bread"),
        // A number glued to a length word between a count and a countable unit is the size.
        Case(line: "Four ¼-inch-thick slices sourdough", quantity: 4, quantityMax: 4, unit: "slice", name: "sourdough"),
        Case(line: "Two 3-inch-long strips orange peel", quantity: 2, quantityMax: 2, unit: "strip", name: "orange peel"),
        // A whole number, "and" and a fraction are one number.
        Case(line: "1 and 1/2 cups basmati rice", quantity: 1.5, quantityMax: 1.5, unit: "cup", name: "basmati rice"),
        Case(line: "2 and 3/4 teaspoons baking powder", quantity: 2.75, quantityMax: 2.75, unit: "teaspoon", name: "baking powder"),
        // A container word in the plural after a measure with no count: the measure is the amount.
        Case(line: "500 g chunks pineapple", quantity: 500, quantityMax: 500, unit: "gram", name: "pineapple"),
        Case(line: "2 pounds strips flank steak", quantity: 2, quantityMax: 2, unit: "pound", name: "flank steak"),
    ]

    @Test("defect classes", arguments: cases)
    func parse(_ c: Case) {
        let p = parser.parse(c.line)
        #expect(p.kind == .ingredient)
        #expect(approx(p.quantity, c.quantity), "quantity \(String(describing: p.quantity))")
        #expect(approx(p.quantityMax, c.quantityMax), "quantityMax \(String(describing: p.quantityMax))")
        #expect(p.unit == c.unit)
        #expect(p.name == c.name)
        #expect(pairs(p.alternates) == c.alternates)
    }

    /// The rules stay narrow: a suspended hyphen, a comma after a word, a percent sign in a
    /// note and a unit with a name after it are read as before.
    @Test func rulesStayNarrow() {
        let hyphen = parser.parse("2 pounds 4- to 5-inch cucumbers")
        #expect(hyphen.quantity == 2)
        #expect(hyphen.unit == "pound")
        let list = parser.parse("2 eggs,5 tbsp sugar")
        #expect(list.quantity == 2)
        let clove = parser.parse("3 cloves garlic")
        #expect(clove.unit == "clove")
        #expect(clove.name == "garlic")
        let thousands = parser.parse("1,500 g flour")
        #expect(thousands.quantity == 1500)
        let ratio = parser.parse("400 / 500 g flour")
        #expect(ratio.quantity == 400)
        // A unit inside the parentheses, or a volume after them, stays the first amount's.
        let can = parser.parse("1 (15 ounce) can chickpeas")
        #expect(can.unit == "can")
        #expect(pairs(can.alternates) == [Pair(quantity: 15, unit: "ounce")])
        let thick = parser.parse("Four ¼-inch-thick slices sourdough")
        #expect(thick.size == "¼-inch-thick")
        #expect(thick.alternates.isEmpty)
        // A length written with its unit alone stays the container's size ("2-inch piece").
        let ginger = parser.parse("A 2-inch piece fresh ginger")
        #expect(ginger.unit == "piece")
        #expect(pairs(ginger.alternates) == [Pair(quantity: 2, unit: "inch")])
        // A unit in the singular with no number is one of it.
        let sprig = parser.parse("sprig of chervil")
        #expect(sprig.quantity == 1)
        #expect(sprig.unit == "sprig")
        let glass = parser.parse("glass of dry sherry")
        #expect(glass.quantity == 1)
        let volume = parser.parse("2 (1 1/2) cups whole milk")
        #expect(volume.quantity == 2)
        #expect(volume.unit == "cup")
    }

    /// "For" and one to five words, words only, is a section header.
    @Test(arguments: ["For frosting", "For the frosting", "for decoration", "For serving"])
    func forHeaders(_ line: String) {
        let p = parser.parse(line)
        #expect(p.kind == .header)
        #expect(p.section == line)
    }

    @Test(arguments: ["Flour, for dusting", "For", "For full ingredient list, see the notes"])
    func notForHeaders(_ line: String) {
        #expect(parser.parse(line).kind == .ingredient)
    }

    /// Text in decomposed form (a letter, then its combining accent, as some systems write it)
    /// parses as its composed form does; the input stays as given.
    @Test(arguments: ["1 onion, crème", "2 jalapeños, seeded and minced", "200 g gruyère cheese, grated",
                      "1 cup crème fraîche", "Pâte brisée, for the tart"])
    func decomposedTextReadsAsComposed(_ composed: String) {
        let decomposed = String(String.UnicodeScalarView(composed.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            switch scalar {
            case "è": ["e", "\u{300}"]
            case "é": ["e", "\u{301}"]
            case "ê": ["e", "\u{302}"]
            case "î": ["i", "\u{302}"]
            case "â": ["a", "\u{302}"]
            case "ñ": ["n", "\u{303}"]
            default: [scalar]
            }
        }))
        #expect(Array(decomposed.utf8) != Array(composed.utf8))
        let a = parser.parse(composed), b = parser.parse(decomposed)
        #expect(Array(b.input.unicodeScalars) == Array(decomposed.unicodeScalars))
        var expected = a
        expected.input = b.input
        #expect(b == expected)
        #expect(b.name.map { Array($0.unicodeScalars) } == a.name.map { Array($0.unicodeScalars) })
    }

    /// A combining mark with no letter to join, and a line whose composed form is longer than
    /// the line (U+0958 composes to two scalars), parse without loss: the input as given, and
    /// the same object from a session's JSON path as from the String path.
    @Test(arguments: ["1 cup \u{301}sugar", "\u{301}", "2 \u{958}\u{958}\u{958} cre\u{300}me", "\u{958}\u{958}\u{958}\u{958} e\u{301}"])
    func combiningMarksThatComposeToNothingOrMoreAreSafe(_ line: String) throws {
        let parsed = parser.parse(line)
        #expect(Array(parsed.input.unicodeScalars) == Array(line.unicodeScalars))
        var json: [UInt8] = []
        Array(line.utf8).withUnsafeBufferPointer { parser.makeSession().appendJSON(utf8: $0, to: &json) }
        var expected: [UInt8] = []
        JSONLine.append(parsed, to: &expected)
        #expect(json == expected)
    }

    /// Invisible format characters that web text carries (a zero-width joiner before the amount,
    /// soft hyphens inside words, a direction mark), a list marker that opens a pasted line (a
    /// bullet, a dash, a star, a list number before the amount) and a full stop that ends it are
    /// read as absent: each line parses as it does without them, the input stays as given, and
    /// the session's JSON path agrees.
    @Test(arguments: [
        ("\u{200D}225 g plain flour (maida)", "225 g plain flour (maida)"),
        ("\u{FEFF}300 g dark chocolate", "300 g dark chocolate"),
        ("2 EL Weizen\u{AD}mehl", "2 EL Weizenmehl"),
        ("5 oz Parmigiano\u{AD}-Reggiano, finely grated", "5 oz Parmigiano-Reggiano, finely grated"),
        ("5 large eggs, \u{200E}separated", "5 large eggs, separated"),
        ("1 cup\u{200B} sugar\u{2060}", "1 cup sugar"),
        ("• 1 cup flour", "1 cup flour"),
        ("- 2 tbsp butter, melted", "2 tbsp butter, melted"),
        ("* salt and pepper to taste", "salt and pepper to taste"),
        ("▪ 3 large eggs (room temperature)", "3 large eggs (room temperature)"),
        ("  – ½ tsp ground cumin", "½ tsp ground cumin"),
        ("✓ 1 (14 oz) can coconut milk", "1 (14 oz) can coconut milk"),
        ("1. 2 cups milk", "2 cups milk"),
        ("12) 1/2 cup chopped walnuts", "1/2 cup chopped walnuts"),
        ("1 cup shredded coconut.", "1 cup shredded coconut"),
        ("¼ cup toasted sesame oil.", "¼ cup toasted sesame oil"),
        ("3 tablespoons rice vinegar (not seasoned).", "3 tablespoons rice vinegar (not seasoned)"),
        ("- 1 lemon, juiced.", "1 lemon, juiced"),
        ("1 cup brown sugar...", "1 cup brown sugar"),
        ("2 tbsp olive oil..", "2 tbsp olive oil"),
        ("salt, to taste…", "salt, to taste"),
        ("2 eggs (beaten)...", "2 eggs (beaten)"),
    ])
    func readAsAbsent(_ line: String, _ bare: String) throws {
        expectParsesAs(line, bare)
    }

    /// A line of invisible characters is empty; a minus glued to a number, a number with a
    /// decimal point and a number before a word are no list markers.
    @Test func whatIsNotReadAsAbsent() {
        // A new parser's working memory holds no composed text yet: a line of invisible
        // characters alone composes to nothing there (this crashed before 2026-11-27).
        #expect(IngredientParser().parse("\u{200B}\u{AD}").kind == .empty)
        #expect(parser.parse("\u{200B}\u{AD}").kind == .empty)
        #expect(parser.parse("1.5 cups milk").quantity == 1.5)
        #expect(parser.parse("2. Salt").quantity == 2)
        let onion = parser.parse("1 onion, chopped")
        #expect(onion.quantity == 1 && onion.name == "onion")
    }

    /// A temperature (a number glued to a degree sign) is never an amount and is never lost:
    /// it stays in the note or preparation where it stands.
    @Test(arguments: [
        ("1 cup warm water (105°F)", 1.0, "cup", "105°F"),
        ("½ cup milk (heated to 110° to 115°F)", 0.5, "cup", "110°"),
        ("2 tablespoons water, about 40ºC", 2.0, "tablespoon", "40ºC"),
        ("3/4 cup lukewarm water (95°F/35°C)", 0.75, "cup", "35°C"),
        ("Heat the oven to 200°C", nil, nil, "200°C"),
    ] as [(String, Double?, String?, String)])
    func temperaturesStayInTheNotes(_ line: String, quantity: Double?, unit: String?, temperature: String) {
        let p = parser.parse(line)
        #expect(p.quantity == quantity)
        #expect(p.unit == unit)
        #expect(p.alternates.isEmpty)
        let fields = [p.name, p.size, p.preparation, p.comment, p.purpose].compactMap { $0 }.joined(separator: " | ")
        #expect(fields.contains(temperature), "\(fields)")
    }

    /// A percentage that is no amount is never lost: it goes with the note, preparation or
    /// name word right after it, or with the note before it; a parenthesis holding only a
    /// percentage inside a name does not stop the name.
    @Test(arguments: [
        ("100 g dark chocolate (72% cocoa solids), chopped", "dark chocolate", "72% cocoa solids"),
        ("½ cup whipping (36%) cream", "whipping cream", "36%"),
        ("150 g bittersweet chocolate, 64% to 70%", "bittersweet chocolate", "64% to 70%"),
        ("1 cup (250 mL) 3% cottage cheese", "3% cottage cheese", nil),
        ("4 oz semisweet (not unsweetened) (58%) chocolate", "semisweet chocolate", "58%"),
    ] as [(String, String, String?)])
    func percentagesAreKept(_ line: String, name: String, note: String?) {
        let p = parser.parse(line)
        #expect(p.name == name)
        if let note {
            let notes = [p.preparation, p.comment].compactMap { $0 }.joined(separator: " | ")
            #expect(notes.contains(note), "\(notes)")
        }
    }
}

/// A spaced "&" reads as the word "and" ("salt & pepper", "1 & 1/2 cups"), and the trainer
/// learns it as "and" is labeled between the words it joins.
@Suite("An ampersand is and")
struct AmpersandTests {
    @Test func ampersandParsesAsAnd() {
        let pepper = parser.parse("Salt & freshly ground black pepper, to taste")
        #expect(pepper.name == "Salt & black pepper")
        let flour = parser.parse("1 & 1/2 cups flour")
        #expect(flour.quantity == 1.5 && flour.unit == "cup" && flour.name == "flour")
        #expect(parser.parse("M&M candies").name == "M&M candies")
        #expect(parser.parse("1 cup Lea & Perrins Worcestershire sauce").name == "Lea & Perrins Worcestershire sauce")
        // The fields keep the "&" as written; the tagger reads it as "and".
        let and = parser.parse("Salt and freshly ground black pepper, to taste")
        #expect(and.name == "Salt and black pepper")
        #expect(and.preparation == pepper.preparation && and.comment == pepper.comment)
    }

    @Test func trainingLabelsAnAmpersandAsTheWordsAroundIt() throws {
        let gold = try GoldSentence(jsonLine: """
            {"input": "1 tbsp Lea & Perrins sauce, to taste", "amounts": [], "name": "Lea Perrins sauce", \
            "tokens": ["1", "tbsp", "Lea", "&", "Perrins", "sauce", ",", "to", "taste"], \
            "labels": ["QTY", "UNIT", "NAME", "PUNC", "NAME", "NAME", "PUNC", "COMMENT", "COMMENT"]}
            """)
        let line = Array(gold.input.utf8)
        let labels = try #require(line.withUnsafeBufferPointer { b in
            GoldAlignment.labels(for: Tokenizer.tokenize(b), line: b, gold: gold)
        })
        #expect(labels == [Label.quantity, .unit, .name, .name, .name, .name, .punctuation, .comment, .comment].map(\.rawValue))
    }
}

/// A whole number written as a word that opens the line is the count, as the labeled sources
/// write every such line, also where a number further on reads as an amount.
@Suite("A number word opening the line")
struct LeadingNumberWordTests {
    @Test(arguments: [
        ("three whole garlic cloves, unpeeled", 3.0, "clove", "whole garlic"),
        ("four wild salmon fillets, each about 175g/6oz, skinned", 4.0, nil, "wild salmon fillets"),
        ("Four venison fillets or 240g/9oz venison saddle", 4.0, nil, "venison fillets"),
        ("Two 400g tins chopped tomatoes", 2.0, "tin", "chopped tomatoes"),
        ("one hundred grams sugar", 100.0, "gram", "sugar"),
    ] as [(String, Double, String?, String)])
    func numberWordIsTheCount(_ line: String, _ quantity: Double, _ unit: String?, _ name: String) {
        let p = parser.parse(line)
        #expect(p.quantity == quantity)
        #expect(p.unit == unit)
        #expect(p.name == name)
    }

    /// Number words make ranges as digits do, also after a digit ("one or two eggs" reads as
    /// "1 or 2 eggs"); a number word before a fraction counts what the fraction measures.
    @Test(arguments: [
        ("one or two eggs", 1.0, 2.0, nil, "eggs"),
        ("two to three cups flour", 2.0, 3.0, "cup", "flour"),
        ("1 to two teaspoons cumin seeds", 1.0, 2.0, "teaspoon", "cumin seeds"),
        ("Three or four sprigs thyme", 3.0, 4.0, "sprig", "thyme"),
        ("One ½-inch piece fresh ginger", 1.0, 1.0, "piece", "fresh ginger"),
    ] as [(String, Double, Double, String?, String)])
    func numberWordRanges(_ line: String, _ low: Double, _ high: Double, _ unit: String?, _ name: String) {
        let p = parser.parse(line)
        #expect(p.quantity == low && p.quantityMax == high)
        #expect(p.unit == unit)
        #expect(p.name == name)
    }

    /// A number word that opens a name of the synonym tables is that name's first word, in
    /// any case and with or without an amount after the name; other number words still count.
    @Test(arguments: [
        ("Five spice powder", nil, nil, "Five spice powder"),
        ("five spice powder, to taste", nil, nil, "five spice powder"),
        ("Half and half, 1 cup", 1.0, "cup", "Half and half"),
        ("Thousand Island dressing", nil, nil, "Thousand Island dressing"),
        ("Five eggs", 5.0, nil, "eggs"),
        ("two tsp five spice powder", 2.0, "teaspoon", "five spice powder"),
    ] as [(String, Double?, String?, String)])
    func numberWordOpeningAName(_ line: String, _ quantity: Double?, _ unit: String?, _ name: String) {
        let p = parser.parse(line)
        #expect(p.quantity == quantity)
        #expect(p.unit == unit)
        #expect(p.name == name)
    }

    /// Articles, halves and vague words keep their readings.
    @Test func otherNumberWordsKeepTheirReading() {
        #expect(parser.parse("Cut into two pieces").quantity == nil)
        #expect(parser.parse("half a lemon").quantity == 0.5)
        #expect(parser.parse("a few sprigs thyme").quantity == nil)
        #expect(parser.parse("A dozen eggs").quantity == 12)
    }
}

@Suite("HTML character references in a line")
struct CharacterReferenceTests {
    /// A raw line copied from a page reads as the page shows it: named, decimal and hex
    /// references (and references escaped twice) are decoded for the fields, while the input
    /// stays as given; the session's JSON path agrees.
    @Test(arguments: [
        ("1 &frac12; cups flour", "1 ½ cups flour"),
        ("1&frac12; cups flour", "1½ cups flour"),
        ("&#189; tsp salt", "½ tsp salt"),
        ("&#xBD; tsp salt", "½ tsp salt"),
        ("2 cups cr&egrave;me fra&icirc;che", "2 cups crème fraîche"),
        ("salt &amp; pepper", "salt & pepper"),
        ("1 &amp;frac12; cup milk", "1 ½ cup milk"),
        ("5 cups confectioners&#8217; sugar", "5 cups confectioners’ sugar"),
        ("200&nbsp;g butter", "200\u{A0}g butter"),
    ])
    func referencesReadDecoded(_ line: String, _ decoded: String) {
        expectParsesAs(line, decoded)
    }

    /// An ampersand that opens no known reference stays as written.
    @Test func unknownReferencesStay() {
        #expect(parser.parse("2 cups M&Ms").name == "M&Ms")
        #expect(parser.parse("1 jar Pick&Mix sweets").name == "Pick&Mix sweets")
    }
}

/// Expects `line` to parse as `other` does but for its input, which stays `line`, and the
/// session's JSON path to write that same parse.
func expectParsesAs(_ line: String, _ other: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let parsed = parser.parse(line)
    var expected = parser.parse(other)
    expected.input = line
    #expect(parsed == expected, sourceLocation: sourceLocation)
    var json: [UInt8] = []
    Array(line.utf8).withUnsafeBufferPointer { parser.makeSession().appendJSON(utf8: $0, to: &json) }
    var written: [UInt8] = []
    JSONLine.append(parsed, to: &written)
    #expect(json == written, sourceLocation: sourceLocation)
}
