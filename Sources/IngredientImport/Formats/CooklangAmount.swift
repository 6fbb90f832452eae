/// The amount Cooklang states in an ingredient's braces (`@flour{200%g}`): the quantity before
/// `%`, the unit after it.
///
/// Quantities are numbers (`3`, `1.5`, `1,5`), fractions with or without spaces (`1/2`,
/// `1 / 2`, `1 1/2`, `½`) or ranges (`1-2`); empty braces state that there is no quantity. A
/// quantity in words (`few`, `some`) states none the parser could not read better from the
/// line, so it is left to the parser (and so is the unit, unless `%` states it). Without
/// `%`, a number followed by words (`7 k`, `1 colher de chá`) is read as quantity and unit.
struct CooklangAmount: Hashable {
    /// The quantity as written (spacing collapsed), for the line's text.
    var quantityText: String
    /// The unit as written, for the line's text and the record.
    var unitText: String
    /// The stated fields (quantity, unit), without the name.
    var stated: StatedIngredient

    /// The amount of the text inside the braces.
    init(braces inside: String) {
        let parts = inside.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        var quantity = TextCleaning.collapsingSpaces(String(parts.first ?? "")).replacing("*", with: "")
        quantity = TextCleaning.collapsingSpaces(quantity)
        var unit = parts.count > 1 ? TextCleaning.collapsingSpaces(String(parts[1])) : ""
        var stated = StatedIngredient(statesUnit: parts.count > 1)
        if parts.count == 1, Self.value(quantity) == nil {
            // "7 k", "1 colher de chá": a number and words, without the `%` between them.
            for space in quantity.indices.reversed() where quantity[space] == " " {
                let number = String(quantity[..<space]), words = String(quantity[quantity.index(after: space)...])
                if Self.value(number) != nil, !words.contains(where: \.isNumber) {
                    quantity = number
                    unit = words
                    stated.statesUnit = true
                    break
                }
            }
            // A number alone states that there is no unit.
            if Self.value(quantity) != nil || quantity.isEmpty { stated.statesUnit = true }
        }
        if quantity.isEmpty {
            stated.statesQuantity = true
        } else if let (low, high) = Self.value(quantity) {
            stated.statesQuantity = true
            stated.quantity = low
            stated.quantityMax = high
        }
        stated.unit = unit.isEmpty ? nil : unit
        self.quantityText = quantity
        self.unitText = unit
        self.stated = stated
    }

    /// The value of a quantity: a number, fraction, mixed number or range (low, high).
    static func value(_ text: String) -> (Double, Double)? {
        let t = text.replacing(" ", with: "")
        guard !t.isEmpty else { return nil }
        for dash in ["-", "–", "—"] where t.dropFirst().contains(dash) {
            let sides = t.split(separator: Character(dash), maxSplits: 1)
            guard sides.count == 2, let low = single(String(sides[0])), let high = single(String(sides[1])), high >= low else { return nil }
            return (low, high)
        }
        // A mixed number keeps its space: "1 1/2".
        let words = text.split(separator: " ")
        if words.count == 2, !words[0].contains("/"), let whole = single(String(words[0])), words[1].contains("/") || words[1].unicodeScalars.count == 1,
           let part = single(String(words[1])), part < 1 {
            return (whole + part, whole + part)
        }
        guard let v = single(t) else { return nil }
        return (v, v)
    }

    /// A number without spaces: `3`, `1.5`, `1,5`, `1/2`, `½`, `1½`.
    static func single(_ t: String) -> Double? {
        if let slash = t.firstIndex(of: "/") {
            let numerator = t[..<slash], denominator = t[t.index(after: slash)...]
            // "01/2" is not a fraction (Cooklang keeps it as text).
            guard !numerator.isEmpty, !(numerator.count > 1 && numerator.hasPrefix("0")),
                  let n = decimal(String(numerator)), let d = decimal(String(denominator)), d != 0 else { return nil }
            return n / d
        }
        if let last = t.unicodeScalars.last, last.properties.numericType != nil, !("0"..."9").contains(last),
           let fraction = last.properties.numericValue {
            let whole = String(t.unicodeScalars.dropLast())
            if whole.isEmpty { return fraction }
            return decimal(whole).map { $0 + fraction }
        }
        return decimal(t)
    }

    /// Digits with at most one `.` or `,` between digits.
    static func decimal(_ t: String) -> Double? {
        var seenPoint = false
        for (k, c) in t.enumerated() {
            if c.isASCII, c.isNumber { continue }
            guard c == "." || c == ",", !seenPoint, k > 0, k < t.count - 1 else { return nil }
            seenPoint = true
        }
        return t.isEmpty ? nil : Double(t.replacing(",", with: "."))
    }
}
