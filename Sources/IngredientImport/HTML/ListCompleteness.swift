/// Compares two ingredient lists of the same recipe (JSON-LD or microdata, and the page's
/// visible list) line by line, by completeness: which one shows the amounts the other has.
///
/// Two lists correspond when they have the same number of lines and each line shares most of
/// its words with the line at the same place in the other list (word order, spacing,
/// punctuation and `500.0` / `500` aside). A list *loses an amount* when one of its lines lacks
/// a number the corresponding line of the other list shows ("⅓ cup olive oil" against
/// "⅓ cup (80 ml) olive oil").
enum ListCompleteness {
    /// How the page's list compares with the structured list.
    enum Verdict: Equatable {
        /// The lists do not correspond line by line.
        case unrelated
        /// The lines correspond and show the same amounts.
        case same
        /// The page's list shows amounts the structured list lacks, and lacks none of its.
        case markupFuller
        /// The page's list lacks amounts the structured list shows.
        case markupLosesAmounts
    }

    /// The verdict for `markup` against `structured`.
    static func compare(markup: [RecipeRecord.Ingredient], structured: [RecipeRecord.Ingredient]) -> Verdict {
        guard markup.count == structured.count, !markup.isEmpty else { return .unrelated }
        var markupGains = false, markupLoses = false
        for (m, s) in zip(markup, structured) {
            let mt = tokens(m.text), st = tokens(s.text)
            guard correspond(mt.words, st.words) else { return .unrelated }
            if !isSubset(st.numbers, of: mt.numbers) { markupLoses = true }
            if !isSubset(mt.numbers, of: st.numbers) { markupGains = true }
        }
        if markupLoses { return .markupLosesAmounts }
        return markupGains ? .markupFuller : .same
    }

    /// Whether the page's list shows the same lines as the structured list with the amounts
    /// in front, where the structured list writes them after the names ("200 gr bloem" for
    /// "bloem 200gr"): the lines correspond one to one with the same numbers, and most lines
    /// that hold an amount lead with it on the page but not in the structured list.
    static func markupLeadsWithAmounts(markup: [RecipeRecord.Ingredient], structured: [RecipeRecord.Ingredient]) -> Bool {
        guard markup.count >= 2, compare(markup: markup, structured: structured) == .same else { return false }
        var withNumbers = 0, moved = 0
        for (m, s) in zip(markup, structured) where !tokens(m.text).numbers.isEmpty {
            withNumbers += 1
            if MarkupIngredients.isAmountLed(m.text), !MarkupIngredients.isAmountLed(s.text) { moved += 1 }
        }
        return withNumbers > 0 && moved * 2 > withNumbers
    }

    /// Whether the page's list is the structured list with converted amounts added right
    /// after the lines' amounts ("1 ¼ cup (315 mL) flour" for "1 1/4 cup flour"): the lists
    /// correspond one to one, at least one page line adds a parenthesized amount the
    /// structured line lacks, each such amount follows the line's leading amount and unit
    /// (at most three words from its start), and without them every page line is the
    /// structured line (fractions and spacing aside). Converted amounts elsewhere in a line
    /// ("short ribs (680 g), cut") are left to the other rules: widgets that convert
    /// amounts put theirs after the name.
    static func markupAddsConvertedAmounts(markup: [RecipeRecord.Ingredient], structured: [RecipeRecord.Ingredient]) -> Bool {
        guard markup.count == structured.count, !markup.isEmpty else { return false }
        var added = 0
        for (m, s) in zip(markup, structured) {
            var rest = m.text
            var searchFrom = rest.startIndex
            var changed = false
            while let open = rest[searchFrom...].firstIndex(of: "(") {
                guard let close = rest[open...].firstIndex(of: ")") else { break }
                let group = rest[open...close]
                let inner = group.dropFirst()
                if group.contains(where: \.isNumber), !s.text.contains(group), !inner.contains("(") {
                    let before = rest[..<open].split(separator: " ")
                    guard let first = before.first, MarkupIngredients.isAmountLed(String(first)), before.count <= 3 else { return false }
                    rest.replaceSubrange(open...close, with: " ")
                    changed = true
                    searchFrom = rest.startIndex
                    continue
                }
                searchFrom = rest.index(after: open)
            }
            guard squashed(rest) == squashed(s.text) else { return false }
            if changed { added += 1 }
        }
        return added > 0
    }

    /// Whether the page's list writes as people do the amounts that the structured list
    /// writes as a program converts them, and is otherwise the same list: the lists
    /// correspond one to one with the same numbers, except on at least one line whose
    /// structured amount has a decimal part of two digits or more ending in zero ("18.20 gm
    /// olive oil", "125.00 gm water") where the page's line has none ("1 tbsp olive oil").
    /// Such lines need only agree after their first word (the unit the program chose).
    static func markupReplacesProgramAmounts(markup: [RecipeRecord.Ingredient], structured: [RecipeRecord.Ingredient]) -> Bool {
        guard markup.count == structured.count, !markup.isEmpty else { return false }
        var replaced = 0
        for (m, s) in zip(markup, structured) {
            let mt = tokens(m.text), st = tokens(s.text)
            let programWritten = hasProgramDecimal(s.text) && !hasProgramDecimal(m.text)
            guard correspond(mt.words, st.words) || (programWritten && correspond(Array(mt.words.dropFirst()), Array(st.words.dropFirst()))) else { return false }
            if mt.numbers.sorted() != st.numbers.sorted() {
                guard programWritten else { return false }
                replaced += 1
            }
        }
        return replaced > 0
    }

    /// Whether a line holds a number with a decimal part of two digits or more that ends in
    /// zero ("18.20", "125.00"), as programs print converted amounts.
    static func hasProgramDecimal(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < scalars.count && ("0"..."9").contains(scalars[k]) }
        for k in scalars.indices where scalars[k] == "." && isDigit(k - 1) && isDigit(k + 1) {
            var e = k + 1
            while isDigit(e) { e += 1 }
            if e - k - 1 >= 2, scalars[e - 1] == "0" { return true }
        }
        return false
    }

    /// A line without spaces and case, vulgar fractions written "n/d" ("1 ¼ Cup" and
    /// "1 1/4 cup" are the same).
    static func squashed(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace { continue }
            if scalar.properties.numericType != nil, let value = scalar.properties.numericValue, value < 1 {
                out += fractionText(value).joined(separator: "/")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The open plurals of `Dictionaries/import/artifacts.tsv` ("(s)").
    static let openPlurals: [String] = ImportWordTable.rows("import/artifacts.tsv").filter { $0.kind == "open-plural" }.map(\.phrase)

    /// How many lines write their amounts as a program fills a template, not as people write
    /// them: a whole number with a decimal part of zeros ("1.0 Prise", "500.00 g") or a
    /// plural left open ("cup(s)", "clove(s)").
    static func artifacts(in lines: [RecipeRecord.Ingredient]) -> Int {
        lines.filter { line in
            let t = line.text
            if openPlurals.contains(where: { t.contains($0) }) { return true }
            let scalars = Array(t.unicodeScalars)
            var k = 1
            while k + 1 < scalars.count {
                if scalars[k] == ".", ("0"..."9").contains(scalars[k - 1]), scalars[k + 1] == "0" {
                    var e = k + 1
                    while e < scalars.count, scalars[e] == "0" { e += 1 }
                    if e == scalars.count || !("0"..."9").contains(scalars[e]) { return true }
                }
                k += 1
            }
            return false
        }.count
    }

    /// Whether two lines' words mostly agree: the shorter line's words are at least two
    /// thirds in the longer one (a word and its form with an ending of one or two letters
    /// added, "teaspoon" and "teaspoons", count as the same).
    static func correspond(_ a: [String], _ b: [String]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard !short.isEmpty else { return long.isEmpty }
        let shared = short.filter { w in long.contains { sameWord(w, $0) } }.count
        return shared * 3 >= short.count * 2
    }

    /// The same word, or the same but for an ending of one or two letters.
    static func sameWord(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return short.count >= 3 && long.count - short.count <= 2 && long.hasPrefix(short)
    }

    /// Whether every element of `a` is in `b`, as multisets.
    static func isSubset(_ a: [String], of b: [String]) -> Bool {
        var rest = b
        for x in a {
            guard let i = rest.firstIndex(of: x) else { return false }
            rest.remove(at: i)
        }
        return true
    }

    /// The words (lowercase runs of letters) and numbers (runs of digits, without a decimal
    /// part of zeros; a vulgar fraction is its numerator and denominator) of a line.
    static func tokens(_ line: String) -> (words: [String], numbers: [String]) {
        var words: [String] = [], numbers: [String] = []
        var word = "", number = ""
        var decimalZeros = false
        func flushWord() { if !word.isEmpty { words.append(word); word = "" } }
        func flushNumber() {
            if !number.isEmpty, !(decimalZeros && number.allSatisfy { $0 == "0" }) { numbers.append(number) }
            number = ""
            decimalZeros = false
        }
        let scalars = Array(line.lowercased().unicodeScalars)
        for (k, s) in scalars.enumerated() {
            if s.properties.isAlphabetic {
                flushNumber()
                word.unicodeScalars.append(s)
            } else if ("0"..."9").contains(s) {
                flushWord()
                number.unicodeScalars.append(s)
            } else if s.properties.numericType != nil, let value = s.properties.numericValue, value < 1 {
                // "½" counts as the numbers 1 and 2, as "1/2" does.
                flushWord(); flushNumber()
                let text = fractionText(value)
                numbers += text
            } else {
                flushWord()
                // "500.0" and "500,00": the zeros after the point are no amount of their own.
                let next = k + 1 < scalars.count ? scalars[k + 1] : " "
                flushNumber()
                decimalZeros = (s == "." || s == ",") && next == "0" && k > 0 && ("0"..."9").contains(scalars[k - 1])
            }
        }
        flushWord(); flushNumber()
        return (words, numbers)
    }

    /// Numerator and denominator of a common fraction's value.
    static func fractionText(_ value: Double) -> [String] {
        for d in 2...10 {
            let n = (value * Double(d)).rounded()
            if abs(n / Double(d) - value) < 0.001 { return [String(Int(n)), String(d)] }
        }
        return [String(value)]
    }
}
