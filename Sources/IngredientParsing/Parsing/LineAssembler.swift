import IngredientText
import IngredientLexicon

/// Turns labeled tokens into the fields of a `ParsedIngredient`: amounts from QTY and UNIT
/// tokens, and name, size, preparation, comment and purpose from runs of their labels.
struct LineAssembler {
    let tables: LexiconReference
    var lexicon: Lexicon { _read { yield tables.lexicon } }
    let tokens: [Token]
    /// The tagger's labels; assembly relabels a few tokens (number words it reads, phrases
    /// from the phrase table) so that each token's text lands in exactly one field.
    var labels: [Int]
    let line: UnsafeBufferPointer<UInt8>
    /// The tokens that may start a phrase of the phrase table (from the feature extractor).
    let phraseStarts: PhraseStarts
    /// The byte ranges of the text fields, in the order their pieces are joined.
    var spans: [Span] = []

    /// What assembly noticed that lowers confidence.
    struct Doubts {
        var unknownUnit = false
        var quantityWordUnread = false
    }

    func label(_ i: Int) -> Label { Label(rawValue: labels[i])! }

    /// Words whose label is one of `allowed` (a bit set of label raw values).
    func wordAt(_ allowed: Int) -> Words { Words(tokens, labels: labels, allowed: allowed) }

    /// Reads amounts and fields into `view` (its spans are this assembler's `spans`).
    mutating func assemble(into view: inout LineView) -> Doubts {
        relabelPhrases()
        let n = tokens.count
        // "a cup of flour": a number word, a unit and "of" opening the line are its amount
        // even when the tagger read them as a note.
        if n > 3, label(0) != .quantity, tokens[0].kind == .word { relabelLeadingAmount() }
        if n >= 4 { relabelAmountAfterTimesSign() }
        var doubts = Doubts()
        var amounts: [LineAmount] = []
        swap(&amounts, &view.amounts) // reuse the storage the caller handed in
        amounts.removeAll(keepingCapacity: true)
        var amountEnds = SmallIndexList() // token index after each amount
        var container: Int32? // a container unit's row ("400g tin")
        var i = 0
        while i < n {
            let l = label(i)
            if l == .quantity {
                var quantity: Double?
                var quantityMax: Double?
                var multiplier = false
                let amountStart = i
                let t = tokens[i]
                if t.kind == .quantity {
                    if let word = percentNameStart(at: i) {
                        i = word
                        continue
                    }
                    // "Stuff x 300mg": a times sign between a name and its amount is neither.
                    if i >= 2, label(i - 1) == .name, isTimesSign(tokens[i - 1]), tokens[i - 2].kind == .word {
                        labels[i - 1] = Label.punctuation.rawValue
                    }
                    quantity = t.value
                    quantityMax = t.maxValue
                    multiplier = t.isMultiplier
                    i += 1
                    // "200g-250g": a unit word glued to the number is its unit even when the
                    // tagger read it as part of the quantity.
                    if t.gluedToNext, i < n, label(i) == .quantity, tokens[i].kind == .word, tokens[i].start == t.end,
                       unitMatch(at: i)?.words == 1 {
                        labels[i] = Label.unit.rawValue
                    }
                    // "14- ounce", "4–pound": a dash glued to the number joins it to the unit
                    // after it, as the hyphen of "14-ounce" does.
                    if i + 1 < n, tokens[i].kind == .punctuation, tokens[i].mark == 0x2D, tokens[i].start == t.end,
                       label(i + 1) == .unit, tokens[i + 1].kind == .word {
                        i += 1
                    }
                    // "2 dozen", "1½ dozen": a count word multiplies.
                    if i < n, tokens[i].kind == .word, let factor = lexicon.numbers.value(forWordHash: tokens[i].hash),
                       factor >= 10 {
                        quantity = t.value * factor
                        quantityMax = t.maxValue * factor
                        labels[i] = Label.quantity.rawValue
                        i += 1
                    }
                } else if t.kind == .word, let m = lexicon.numbers.longestMatch(start: i, words: wordAt(1 << Label.quantity.rawValue | 1 << Label.comment.rawValue | 1 << Label.unit.rawValue)) {
                    quantity = m.value.isNaN ? nil : m.value
                    quantityMax = quantity
                    for k in i..<(i + m.words) { labels[k] = Label.quantity.rawValue }
                    i += m.words
                } else {
                    if t.kind == .word { doubts.quantityWordUnread = true }
                    i += 1
                    continue
                }
                var (unit, next) = readUnit(from: i, record: true, container: &container)
                if case .unknown = unit { doubts.unknownUnit = true }
                // "200g-250g", "¾ cup to 1 cup": a range written with the unit on both ends.
                if let low = quantity, let upper = rangeEnd(after: next, unit: unit), upper.value > low {
                    quantityMax = upper.value
                    next = upper.next
                }
                var amount = LineAmount(quantity: quantity, quantityMax: quantityMax, unit: unit, isMultiplier: multiplier)
                if let previous = amounts.last, amountEnds.last == amountStart, isComposite(previous, amount) {
                    amount.isComposite = true
                }
                // "1 cup plus 2 tablespoons": the second amount adds to the first.
                if let previous = amounts.last, amountStart > 0, HeaderDetection.isWord(tokens[amountStart - 1], "plus", line),
                   sameDimension(previous, amount) {
                    amount.isComposite = true
                    labels[amountStart - 1] = Label.quantity.rawValue
                }
                amounts.append(amount)
                amountEnds.append(next)
                // "400g tin tomatoes", "2-inch piece ginger": one container of that size, unless a
                // count came first ("2 x 400g tins").
                if let item = container {
                    container = nil
                    if amounts.count >= 2, amounts[0].unit == .none {
                        amounts[0].unit = .known(item)
                    } else if amounts.count == 1 {
                        amounts.insert(LineAmount(quantity: 1, unit: .known(item)), at: 0)
                        amountEnds.insertFirst(amountStart)
                    }
                }
                i = next
            } else if l == .unit {
                if tokens[i].kind == .quantity, let word = percentNameStart(at: i) {
                    i = word
                    continue
                }
                let start = i
                let (unit, next) = readUnit(from: i, record: true, container: &container)
                if unit != .none {
                    if case .unknown = unit { doubts.unknownUnit = true }
                    if amounts.isEmpty {
                        // "a pinch of salt", "half bunch mint": a number word just before the unit.
                        // A unit alone means one of it ("pinch of salt", "small bunch mint").
                        var quantity: Double? = 1
                        if start > 0, let (value, from) = numberWordEnding(at: start - 1) {
                            quantity = value.isNaN ? nil : value // "a few sprigs": no number
                            for k in from..<start { labels[k] = Label.quantity.rawValue }
                        }
                        amounts.append(LineAmount(quantity: quantity, unit: unit))
                        amountEnds.append(next)
                    } else if amounts[0].unit == .none {
                        // "1 (14 oz) can tomatoes", "2 x 50g pieces salmon": the unit of the first amount.
                        amounts[0].unit = unit
                    }
                }
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
        // Number phrases the tagger left unlabeled at the start: "a couple of onions", "a dozen eggs".
        if amounts.isEmpty, let first = tokens.first, first.kind == .word,
           let m = lexicon.numbers.longestMatch(start: 0, words: Words(tokens)),
           m.words > 1 || !isArticle(tokens[0]), m.words < n, label(m.words) != .quantity, !m.value.isNaN {
            amounts.append(LineAmount(quantity: m.value, unit: .none))
            for k in 0..<m.words { labels[k] = Label.quantity.rawValue }
        }
        // "1 clove": when a countable unit's word is the only word after the quantity, it is the
        // ingredient, not the unit.
        if amounts.count == 1, case .known(let row) = amounts[0].unit, lexicon.units[Int(row)].dimension == .item,
           let word = onlyUnitWord() {
            labels[word] = Label.name.rawValue
            amounts[0].unit = .none
        }
        swap(&view.amounts, &amounts)
        partBeforeAmount()
        // Only the labels the line has are looked for (most lines have three or four).
        var present = 0
        // Masking shifts: labels are below 8, so `&<<` equals `<<` without its range checks.
        for l in labels { present |= 1 &<< l }
        func has(_ l: Label) -> Bool { present & (1 &<< l.rawValue) != 0 }
        if has(.name) {
            appendRuns(of: .name, as: .name, onlyAcross: 1 << Label.preparation.rawValue | 1 << Label.size.rawValue | 1 << Label.punctuation.rawValue)
        }
        if has(.size) { appendRuns(of: .size, as: .size) }
        if has(.preparation) { appendRuns(of: .preparation, as: .preparation) }
        if has(.comment) { appendRuns(of: .comment, as: .comment) }
        if has(.purpose) { appendRuns(of: .purpose, as: .purpose) }
        view.isOptional = hasOptionalPhrase()
        return doubts
    }

    /// For a number glued to a percent sign that describes the name after it ("1%-fat milk",
    /// "2% milk"): labels the number and the marks up to that name as name and returns the
    /// name's first token; nil otherwise.
    private mutating func percentNameStart(at i: Int) -> Int? {
        let n = tokens.count
        guard i + 1 < n, tokens[i + 1].kind == .punctuation, tokens[i + 1].mark == 0x25, tokens[i + 1].start == tokens[i].end else {
            return nil
        }
        var k = i + 2
        while k < n, tokens[k].kind == .punctuation, tokens[k].mark == 0x2D, tokens[k].start == tokens[k - 1].end { k += 1 }
        guard k < n, tokens[k].kind == .word, label(k) == .name else { return nil }
        for j in i..<k { labels[j] = Label.name.rawValue }
        return k
    }

    /// "Peels from 40-50 bananas", "Seeds from 1 pomegranate": a name that ends in "from" or
    /// "of" right before the amount names a part of what the amount counts. When a name
    /// follows the amount, that is the ingredient, and the part becomes a comment; otherwise
    /// the words after "from" would be lost, as name runs end at the amount.
    private mutating func partBeforeAmount() {
        let n = tokens.count
        guard let q = (0..<n).first(where: { label($0) == .quantity }), q >= 2,
              label(q - 2) == .name, tokens[q - 2].kind == .word, tokens[q - 1].kind == .word,
              HeaderDetection.isWord(tokens[q - 1], "from", line) || HeaderDetection.isWord(tokens[q - 1], "of", line)
        else { return }
        var after = q
        while after < n, label(after) == .quantity || label(after) == .unit || label(after) == .punctuation { after += 1 }
        guard after < n, label(after) == .name else { return }
        var start = q - 2
        while start > 0, label(start - 1) == .name { start -= 1 }
        for k in start..<q { labels[k] = Label.comment.rawValue }
    }

    /// "Cod liver oil x 500mg": a number and its unit after a times sign that ends the line
    /// are the line's amount, also where the tagger read them into the name (the amount loop
    /// then makes the sign punctuation, as for "Stuff x 300mg").
    private mutating func relabelAmountAfterTimesSign() {
        let n = tokens.count
        let q = n - 2
        guard label(q) == .name, label(q - 1) == .name, tokens[q].kind == .quantity, isTimesSign(tokens[q - 1]),
              tokens[q - 2].kind == .word, !tokens[q].isMultiplier, unitMatch(at: q + 1)?.words == 1,
              !(0..<q).contains(where: { label($0) == .quantity })
        else { return }
        labels[q] = Label.quantity.rawValue
        labels[q + 1] = Label.unit.rawValue
    }

    /// A multiplication sign: "x", "X" or "×".
    private func isTimesSign(_ t: Token) -> Bool {
        if t.kind == .punctuation { return t.mark == Tokenizer.timesMark }
        return t.kind == .word && t.stemEnd - t.start == 1 && (line[t.start] | 0x20) == 0x78
    }

    /// The units-table row of the unit written from token `k` (within tokens before `end`)
    /// and how many words it takes; nil when no unit starts there.
    private func unitMatch(at k: Int, end: Int? = nil) -> (row: Int32, words: Int)? {
        let t = tokens[k]
        guard t.kind == .word else { return nil }
        if let row = lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))] { return (row, 1) }
        guard let m = lexicon.unitAliases.longestMatch(start: k, words: Words(tokens, end: end)) else { return nil }
        return (m.value, m.words)
    }

    /// Labels a number phrase, a unit of measure and "of" at the start of the line ("a cup of
    /// flour", "one pound of beef") as quantity and unit; the "of" joins them to the name and
    /// belongs to no field. Countable units are left to the tagger: "a pat of butter", "a
    /// block of Parmesan" are often a description rather than an amount.
    private mutating func relabelLeadingAmount() {
        guard let m = lexicon.numbers.longestMatch(start: 0, words: Words(tokens)), m.words + 1 < tokens.count else { return }
        guard let (row, unit) = unitMatch(at: m.words), lexicon.units[Int(row)].dimension != .item else { return }
        let of = m.words + unit
        guard of < tokens.count, HeaderDetection.isWord(tokens[of], "of", line) else { return }
        for k in 0..<m.words { labels[k] = Label.quantity.rawValue }
        for k in m.words..<of { labels[k] = Label.unit.rawValue }
        labels[of] = Label.punctuation.rawValue
    }

    /// The index of the line's one word labeled unit when the line has a number and every
    /// other word is labeled quantity ("1 clove", "2 heads."); nil otherwise.
    private func onlyUnitWord() -> Int? {
        var found: Int?
        var number = false
        for k in tokens.indices {
            if tokens[k].kind == .quantity { number = true; continue }
            guard tokens[k].kind == .word else { continue }
            guard label(k) == .unit || label(k) == .quantity else { return nil }
            if label(k) == .unit {
                guard found == nil else { return nil }
                found = k
            }
        }
        return number ? found : nil
    }

    private func isFiller(_ t: Token) -> Bool {
        isArticle(t) || HeaderDetection.isWord(t, "of", line) || HeaderDetection.isWord(t, "the", line)
    }

    private func isArticle(_ t: Token) -> Bool {
        HeaderDetection.isWord(t, "a", line) || HeaderDetection.isWord(t, "an", line)
    }

    /// The value of a number word or phrase that ends at token `end` ("a", "half", "a few"),
    /// and the index of its first token; the value is NaN for a vague amount ("a few").
    private func numberWordEnding(at end: Int) -> (Double, Int)? {
        guard tokens[end].kind == .word else { return nil }
        let any = Words(tokens, end: end + 1)
        for start in stride(from: max(0, end - 3), through: end, by: 1) {
            if let m = lexicon.numbers.longestMatch(start: start, words: any), start + m.words - 1 == end {
                return (m.value, start)
            }
        }
        return nil
    }

    /// Relabels the words of comment, purpose and optional phrases (`phrases.tsv`) that the
    /// tagger put into the preparation: "divided" is a note, not a way of cutting.
    private mutating func relabelPhrases() {
        let wordAt = Words(tokens)
        let n = tokens.count
        var i = phraseStarts.next(from: 0, end: n)
        while i < n {
            guard tokens[i].kind == .word, label(i) == .preparation,
                  let m = lexicon.phrases.longestMatch(start: i, words: wordAt),
                  (i..<(i + m.words)).allSatisfy({ label($0) == .preparation || label($0) == .comment }) else {
                i = phraseStarts.next(from: i + 1, end: n)
                continue
            }
            let target: Label = m.value.role == .purpose ? .purpose : .comment
            for k in i..<(i + m.words) { labels[k] = target.rawValue }
            i = phraseStarts.next(from: i + m.words, end: n)
        }
    }

    private func sameDimension(_ a: LineAmount, _ b: LineAmount) -> Bool {
        guard case .known(let ua) = a.unit, case .known(let ub) = b.unit else { return false }
        let da = lexicon.units[Int(ua)], db = lexicon.units[Int(ub)]
        return da.dimension == db.dimension && da.dimension != .item
    }

    private func isComposite(_ a: LineAmount, _ b: LineAmount) -> Bool {
        guard case .known(let ua) = a.unit, case .known(let ub) = b.unit else { return false }
        let da = lexicon.units[Int(ua)], db = lexicon.units[Int(ub)]
        guard da.dimension == db.dimension, da.dimension != .item,
              let fa = da.factor, let fb = db.factor, fb < fa else { return false }
        return true
    }

    /// After an amount ending at token `next` with `unit`: a dash or "to" and a second amount
    /// in the same unit (or none) make a range; returns its top and the index after it.
    private mutating func rangeEnd(after next: Int, unit: UnitReference) -> (value: Double, next: Int)? {
        guard next + 1 < tokens.count, label(next + 1) == .quantity, tokens[next + 1].kind == .quantity else { return nil }
        let joiner = tokens[next]
        let isJoiner = (joiner.kind == .punctuation && joiner.mark == 0x2D) || HeaderDetection.isWord(joiner, "to", line)
        guard isJoiner else { return nil }
        var container: Int32?
        let (upperUnit, after) = readUnit(from: next + 2, record: false, container: &container)
        guard upperUnit == .none || lexicon.units.withUnsafeBufferPointer({ upperUnit.isSame(as: unit, units: $0, line: line) }),
              tokens[next + 1].value > 0 else { return nil }
        return (tokens[next + 1].maxValue, after)
    }

    /// Reads a run of UNIT tokens from `start`: the unit (a row of the units table, or the
    /// run's words when the table knows none of them) and the index after the run. With
    /// `record`, size words in the run become size spans and other words comment spans; a
    /// container word after a measure ("400g tin") is handed back in `container`.
    private mutating func readUnit(from start: Int, record: Bool, container: inout Int32?) -> (UnitReference, Int) {
        var end = start
        while end < tokens.count, label(end) == .unit, tokens[end].kind == .word || (tokens[end].kind == .punctuation && tokens[end].mark == 0x2E) {
            end += 1
        }
        guard end > start else { return (.none, start) }
        var found: (row: Int32, from: Int, to: Int)?
        var k = start
        while k < end, found == nil {
            if let m = unitMatch(at: k, end: end) { found = (m.row, k, k + m.words) }
            k += 1
        }
        var skip = Set<Int>()
        guard let found else {
            // Only size words ("4 large garlic cloves"): a size, and the unit may come later.
            if (start..<end).allSatisfy({ tokens[$0].kind != .word || lexicon.sizes.value(forWordHash: tokens[$0].hash) != nil }) {
                if record { for j in start..<end where tokens[j].kind == .word { addSpan(.size, tokens[j].stemRange) } }
                return (.none, end)
            }
            return (.unknown(start: Int32(truncatingIfNeeded: tokens[start].start), end: Int32(truncatingIfNeeded: tokens[end - 1].stemEnd)), end)
        }
        // A measure followed by a container: "400g tin", "15-ounce can", "2-inch piece".
        if found.to < end, lexicon.units[Int(found.row)].dimension != .item {
            var k = found.to
            while k < end, container == nil {
                if tokens[k].kind == .word, let m = lexicon.unitAliases.longestMatch(start: k, words: Words(tokens, end: end)),
                   lexicon.units[Int(m.value)].dimension == .item {
                    container = m.value
                    for j in k..<(k + m.words) { skip.insert(j) }
                }
                k += 1
            }
        }
        for j in start..<end where (j < found.from || j >= found.to) && !skip.contains(j) {
            guard tokens[j].kind == .word else { continue }
            guard record else { continue }
            addSpan(lexicon.sizes.value(forWordHash: tokens[j].hash) != nil ? .size : .comment, tokens[j].stemRange)
        }
        return (.known(found.row), end)
    }

    @inline(__always)
    mutating func addSpan(_ field: Field, _ r: Range<Int>) {
        spans.append(Span(field: field, start: Int32(truncatingIfNeeded: r.lowerBound), end: Int32(truncatingIfNeeded: r.upperBound)))
    }

    /// Adds the runs of tokens labeled `target` as pieces of `field`, each run from its first
    /// to its last token as written (punctuation inside a run kept).
    ///
    /// With `onlyAcross`, a later run is kept only when every token between it and the run
    /// before has one of those labels: "Sea salt and freshly ground pepper" keeps "pepper",
    /// but "4 venison fillets or 240g venison saddle" stops before the second amount.
    mutating func appendRuns(of target: Label, as field: Field, onlyAcross: Int? = nil) {
        var i = 0
        var previousEnd = -1
        let n = tokens.count
        while i < n {
            guard label(i) == target else { i += 1; continue }
            if let allowed = onlyAcross, previousEnd >= 0,
               !(previousEnd + 1..<i).allSatisfy({ (allowed &>> labels[$0]) & 1 == 1 }) {
                break
            }
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
            previousEnd = last
            var startByte = tokens[i].start, endByte = tokens[last].end
            // Keep enclosing parentheses: "(to taste)".
            if i > 0, last + 1 < n, tokens[i - 1].kind == .punctuation, tokens[i - 1].mark == 0x28,
               tokens[last + 1].kind == .punctuation, tokens[last + 1].mark == 0x29 {
                startByte = tokens[i - 1].start
                endByte = tokens[last + 1].end
            }
            // A run of only articles and "of" ("a", "of" around "a pinch of") says nothing.
            if (i...last).allSatisfy({ k in tokens[k].kind != .word || isFiller(tokens[k]) }) { i = last + 1; continue }
            // Trailing separators are not part of the text.
            while endByte > startByte, Self.isTrailingSeparator(line[endByte - 1]) { endByte -= 1 }
            if endByte > startByte { addSpan(field, startByte..<endByte) }
            i = last + 1
        }
    }

    @inline(__always)
    static func isTrailingSeparator(_ b: UInt8) -> Bool {
        b == 0x2C || b == 0x3B || b == 0x3A || b == 0x2D || b == 0x2A || b == 0x20
    }

    private func closesOrOpensParen(_ r: Range<Int>) -> Bool {
        r.contains { tokens[$0].mark == 0x28 || tokens[$0].mark == 0x29 || tokens[$0].mark == 0x5B || tokens[$0].mark == 0x5D }
    }

    private func hasOptionalPhrase() -> Bool {
        let wordAt = Words(tokens)
        let n = tokens.count
        var i = phraseStarts.next(from: 0, end: n)
        while i < n {
            if tokens[i].kind == .word, label(i) != .name,
               let m = lexicon.phrases.longestMatch(start: i, words: wordAt), m.value.optional {
                return true
            }
            i = phraseStarts.next(from: i + 1, end: n)
        }
        return false
    }
}

/// A few token indexes kept inline (lines rarely have more than four amounts); more spill
/// into an array.
struct SmallIndexList {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var spill: [Int] = []
    private(set) var count = 0

    var last: Int? { count == 0 ? nil : self[count - 1] }

    subscript(i: Int) -> Int {
        switch i {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: spill[i - 4]
        }
    }

    mutating func append(_ value: Int) {
        switch count {
        case 0: inline.0 = value
        case 1: inline.1 = value
        case 2: inline.2 = value
        case 3: inline.3 = value
        default: spill.append(value)
        }
        count += 1
    }

    /// Inserts `value` at the front.
    mutating func insertFirst(_ value: Int) {
        var moved = SmallIndexList()
        moved.append(value)
        for i in 0..<count { moved.append(self[i]) }
        self = moved
    }
}
