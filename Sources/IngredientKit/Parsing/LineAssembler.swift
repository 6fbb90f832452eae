/// Turns labeled tokens into the fields of a `ParsedIngredient`: amounts from QTY and UNIT
/// tokens, and name, size, preparation, comment and purpose from runs of their labels.
struct LineAssembler {
    let lexicon: Lexicon
    let tokens: [Token]
    let labels: [Int]
    let line: UnsafeBufferPointer<UInt8>

    /// What assembly noticed that lowers confidence.
    struct Doubts {
        var unknownUnit = false
        var quantityWordUnread = false
    }

    func label(_ i: Int) -> Label { Label(rawValue: labels[i])! }

    func text(_ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: line[r]), as: UTF8.self)
    }

    func wordAt(_ allowed: Set<Label>) -> (Int) -> Range<Int>? {
        { i in
            i < tokens.count && tokens[i].kind == .word && allowed.contains(label(i)) ? tokens[i].stemRange : nil
        }
    }

    func assemble(into result: inout ParsedIngredient) -> Doubts {
        var doubts = Doubts()
        var amounts: [Amount] = []
        var amountEnds: [Int] = [] // token index after each amount
        var extraComments: [String] = []
        var sizes: [String] = []
        var i = 0
        let n = tokens.count
        while i < n {
            let l = label(i)
            if l == .quantity {
                var quantity: Double?
                var quantityMax: Double?
                var multiplier = false
                let amountStart = i
                let t = tokens[i]
                if t.kind == .quantity {
                    quantity = t.value
                    quantityMax = t.maxValue
                    multiplier = t.isMultiplier
                    i += 1
                } else if t.kind == .word, let m = lexicon.numbers.longestMatch(in: line, start: i, wordAt: wordAt([.quantity, .comment, .unit])) {
                    quantity = m.value
                    quantityMax = m.value
                    i += m.words
                } else {
                    if t.kind == .word { doubts.quantityWordUnread = true }
                    i += 1
                    continue
                }
                let (unit, known, next) = readUnit(from: i, sizes: &sizes, extra: &extraComments)
                if unit != nil, !known { doubts.unknownUnit = true }
                var amount = Amount(quantity: quantity, quantityMax: quantityMax, unit: unit, isKnownUnit: known, isMultiplier: multiplier)
                if let previous = amounts.last, amountEnds.last == amountStart, isComposite(previous, amount) {
                    amount.isComposite = true
                }
                amounts.append(amount)
                amountEnds.append(next)
                i = next
            } else if l == .unit {
                let start = i
                let (unit, known, next) = readUnit(from: i, sizes: &sizes, extra: &extraComments)
                if let unit {
                    if !known { doubts.unknownUnit = true }
                    if amounts.isEmpty {
                        // "a pinch of salt", "half bunch mint": a number word just before the unit.
                        var quantity: Double?
                        if start > 0, let value = numberWordEnding(at: start - 1) { quantity = value }
                        amounts.append(Amount(quantity: quantity, unit: unit, isKnownUnit: known))
                        amountEnds.append(next)
                    } else if amounts[0].unit == nil {
                        // "1 (14 oz) can tomatoes", "2 x 50g pieces salmon": the unit of the first amount.
                        amounts[0].unit = unit
                        amounts[0].isKnownUnit = known
                    }
                }
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
        // Number phrases the tagger left unlabeled at the start: "a couple of onions", "a dozen eggs".
        if amounts.isEmpty, let first = tokens.first, first.kind == .word,
           let m = lexicon.numbers.longestMatch(in: line, start: 0, wordAt: { k in k < n && tokens[k].kind == .word ? tokens[k].stemRange : nil }),
           m.words > 1 || !isArticle(tokens[0]), m.words < n, label(m.words) != .quantity {
            amounts.append(Amount(quantity: m.value, unit: nil))
        }
        result.amount = amounts.first
        result.alternates = Array(amounts.dropFirst())

        result.name = runs(of: .name, joiner: " ")
        let sizeRuns = runs(of: .size, joiner: " ")
        sizes.append(contentsOf: sizeRuns.map { [$0] } ?? [])
        result.size = sizes.isEmpty ? nil : sizes.joined(separator: " ")
        result.preparation = runs(of: .preparation, joiner: ", ")
        var comments = extraComments
        if let c = runs(of: .comment, joiner: ", ") { comments.append(c) }
        result.comment = comments.isEmpty ? nil : comments.joined(separator: ", ")
        result.purpose = runs(of: .purpose, joiner: ", ")
        result.isOptional = hasOptionalPhrase()
        return doubts
    }

    private func isArticle(_ t: Token) -> Bool {
        HeaderDetection.isWord(t, "a", line) || HeaderDetection.isWord(t, "an", line)
    }

    /// The value of a number word or phrase that ends at token `end` ("a", "half", "one").
    private func numberWordEnding(at end: Int) -> Double? {
        guard tokens[end].kind == .word else { return nil }
        let any: (Int) -> Range<Int>? = { k in k <= end && tokens[k].kind == .word ? tokens[k].stemRange : nil }
        for start in stride(from: end, through: max(0, end - 3), by: -1) {
            if let m = lexicon.numbers.longestMatch(in: line, start: start, wordAt: any), start + m.words - 1 == end {
                return m.value
            }
        }
        return nil
    }

    private func isComposite(_ a: Amount, _ b: Amount) -> Bool {
        guard let ua = a.unit, let ub = b.unit, let da = lexicon.unit(id: ua), let db = lexicon.unit(id: ub),
              da.dimension == db.dimension, da.dimension != .item,
              let fa = da.factor, let fb = db.factor, fb < fa else { return false }
        return true
    }

    /// Reads a run of UNIT tokens from `start`: the unit id, whether the table knows it, and
    /// the index after the run. Size words in the run go to `sizes`, other words to `extra`.
    private func readUnit(from start: Int, sizes: inout [String], extra: inout [String]) -> (String?, Bool, Int) {
        var end = start
        while end < tokens.count, label(end) == .unit, tokens[end].kind == .word || (tokens[end].kind == .punctuation && tokens[end].mark == 0x2E) {
            end += 1
        }
        guard end > start else { return (nil, true, start) }
        var found: (id: String, from: Int, to: Int)?
        var k = start
        while k < end, found == nil {
            let t = tokens[k]
            if t.kind == .word {
                if let idx = lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))] {
                    found = (lexicon.units[Int(idx)].id, k, k + 1)
                } else if let m = lexicon.unitAliases.longestMatch(in: line, start: k, wordAt: { j in j < end && tokens[j].kind == .word ? tokens[j].stemRange : nil }) {
                    found = (lexicon.units[Int(m.value)].id, k, k + m.words)
                }
            }
            k += 1
        }
        guard let found else {
            let raw = text(tokens[start].start..<tokens[end - 1].stemEnd).lowercased()
            return (raw, false, end)
        }
        for j in start..<end where j < found.from || j >= found.to {
            guard tokens[j].kind == .word else { continue }
            let word = text(tokens[j].stemRange)
            if lexicon.sizes.value(forWordHash: tokens[j].hash) != nil { sizes.append(word) } else { extra.append(word) }
        }
        return (found.id, true, end)
    }

    /// Text of the runs of tokens labeled `target`, each run from its first to its last
    /// token as written (punctuation inside a run kept), runs joined by `joiner`.
    func runs(of target: Label, joiner: String) -> String? {
        var parts: [String] = []
        var i = 0
        let n = tokens.count
        while i < n {
            guard label(i) == target else { i += 1; continue }
            var last = i
            var j = i + 1
            while j < n {
                if label(j) == target { last = j; j += 1; continue }
                if label(j) == .punctuation, tokens[j].kind == .punctuation {
                    var k = j
                    while k < n, label(k) == .punctuation, tokens[k].kind == .punctuation { k += 1 }
                    if k < n, label(k) == target, !closesOrOpensParen(j..<k) { j = k; continue }
                }
                break
            }
            var startByte = tokens[i].start, endByte = tokens[last].end
            // Keep enclosing parentheses: "(to taste)".
            if i > 0, last + 1 < n, tokens[i - 1].kind == .punctuation, tokens[i - 1].mark == 0x28,
               tokens[last + 1].kind == .punctuation, tokens[last + 1].mark == 0x29 {
                startByte = tokens[i - 1].start
                endByte = tokens[last + 1].end
            }
            var piece = text(startByte..<endByte)
            while let c = piece.last, c == "," || c == ";" || c == ":" || c == "-" || c == "*" { piece.removeLast() }
            if !piece.isEmpty { parts.append(piece) }
            i = last + 1
        }
        return parts.isEmpty ? nil : parts.joined(separator: joiner)
    }

    private func closesOrOpensParen(_ r: Range<Int>) -> Bool {
        r.contains { tokens[$0].mark == 0x28 || tokens[$0].mark == 0x29 || tokens[$0].mark == 0x5B || tokens[$0].mark == 0x5D }
    }

    private func hasOptionalPhrase() -> Bool {
        let wordAt: (Int) -> Range<Int>? = { k in
            k < tokens.count && tokens[k].kind == .word ? tokens[k].stemRange : nil
        }
        for i in tokens.indices where tokens[i].kind == .word && label(i) != .name {
            if let m = lexicon.phrases.longestMatch(in: line, start: i, wordAt: wordAt), m.value.optional { return true }
        }
        return false
    }
}
