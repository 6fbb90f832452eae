import IngredientLexicon
import IngredientTagger

/// Turns labeled tokens into the fields of a `ParsedIngredient`: amounts from QTY and UNIT
/// tokens, and name, size, preparation, comment and purpose from runs of their labels.
///
/// A value holds the line's buffers between its maker and `assemble(into:)`; the static
/// `assemble` works in the caller's buffers. Either does the work in a `Pass` over pointers
/// to them.
struct LineAssembler {
    let tables: LexiconReference
    let tokens: [Token]
    /// The tagger's labels; assembly relabels a few tokens (number words it reads, phrases
    /// from the phrase table) so that each token's text lands in exactly one field.
    var labels: [Int]
    let line: UnsafeBufferPointer<UInt8>
    /// The tokens that may start a phrase of the phrase table (from the feature extractor).
    let phraseStarts: PhraseStarts
    /// The byte ranges of the text fields, in the order their pieces are joined.
    var spans = PlainList<Span>()

    /// What assembly noticed that lowers confidence.
    struct Doubts {
        var unknownUnit = false
        var quantityWordUnread = false
    }

    /// Reads amounts and fields into `view` (its spans are this assembler's `spans`), as
    /// `assemble(tables:tokens:labels:spans:line:phraseStarts:into:)` does.
    mutating func assemble(into view: inout LineView) -> Doubts {
        Self.assemble(tables: tables, tokens: tokens, labels: &labels, spans: &spans, line: line,
                      phraseStarts: phraseStarts, into: &view)
    }

    /// Reads amounts and fields into `view`, in the caller's buffers (`labels` one per token,
    /// relabeled in place; `spans` emptied first, then the fields' byte ranges), without an
    /// assembler value: a parser that made one for each line retained the tables and the
    /// tokens, and dropping it released them and its labels.
    ///
    /// The rules run in a `Pass` that reads the tokens and writes the labels through pointers
    /// taken once here: read from the arrays, every rule's look at a token checked its index
    /// and the label writes checked the array's uniqueness, and the word views handed to the
    /// phrase tables retained the arrays.
    static func assemble(tables: LexiconReference, tokens: [Token], labels: inout [Int], spans: inout PlainList<Span>,
                         line: UnsafeBufferPointer<UInt8>, phraseStarts: PhraseStarts, into view: inout LineView) -> Doubts {
        spans.removeAll()
        // The labels of the line's tokens: the first of `labels` (the parser's array only grows).
        precondition(labels.count >= tokens.count)
        return tokens.withUnsafeBufferPointer { tokens in
            labels.withUnsafeMutableBufferPointer { all in
                let labels = UnsafeMutableBufferPointer(rebasing: all[..<tokens.count])
                var pass = Pass(tables: tables, tokens: tokens, labels: labels, line: line, phraseStarts: phraseStarts, spans: spans)
                defer { spans = pass.spans }
                return pass.assemble(into: &view)
            }
        }
    }

    /// One assembly of a line: the rules, reading the tokens and writing the labels in place.
    /// Its buffers are the memory of the arrays `assemble` was handed, which outlive it.
    struct Pass {
        let tables: LexiconReference
        var lexicon: Lexicon { _read { yield tables.lexicon } }
        let tokens: UnsafeBufferPointer<Token>
        /// The labels, one per token (the assembler's array, written in place).
        let labels: UnsafeMutableBufferPointer<Int>
        let line: UnsafeBufferPointer<UInt8>
        let phraseStarts: PhraseStarts
        var spans: PlainList<Span>
        /// The last word whose function-word roles were looked up, and its roles (see
        /// `cachedFunctionWordRoles`).
        var rolesCache: (token: Int, roles: UInt16) = (-1, 0)

        init(tables: LexiconReference, tokens: UnsafeBufferPointer<Token>, labels: UnsafeMutableBufferPointer<Int>,
             line: UnsafeBufferPointer<UInt8>, phraseStarts: PhraseStarts, spans: PlainList<Span>) {
            self.tables = tables
            self.tokens = tokens
            self.labels = labels
            self.line = line
            self.phraseStarts = phraseStarts
            self.spans = spans
        }
    }
}

extension LineAssembler.Pass {
    typealias Doubts = LineAssembler.Doubts

    /// The label of token `i`: a switch the optimizer folds to a range check, where
    /// `Label(rawValue:)!` stayed a call.
    @inline(__always)
    func label(_ i: Int) -> Label {
        switch labels[i] {
        case 0: .quantity
        case 1: .unit
        case 2: .size
        case 3: .name
        case 4: .preparation
        case 5: .comment
        case 6: .purpose
        case 7: .punctuation
        default: preconditionFailure("label out of range")
        }
    }

    /// Words whose label is one of `allowed` (a bit set of label raw values).
    func wordAt(_ allowed: Int) -> Words { Words(tokens, labels: labels, allowed: allowed) }

    /// Reads amounts and fields into `view` (its spans are this assembler's `spans`).
    mutating func assemble(into view: inout LineView) -> Doubts {
        let n = tokens.count
        // Phrases are looked for only where a token may start one (half the lines have none).
        let anyPhraseStart = phraseStarts.next(from: 0, end: n) < n
        if anyPhraseStart { relabelPhrases() }
        // "a cup of flour": a number word, a unit and "of" opening the line are its amount
        // even when the tagger read them as a note; "Five spice powder" has none.
        if n > 1, tokens[0].kind == .word {
            if label(0) != .quantity {
                if n > 3 { relabelLeadingAmount() }
            } else if tokens[1].kind == .word {
                keepNumberWordOpeningName()
            }
        }
        // (Each rule's first test that most lines fail is asked here, before the call.)
        if n >= 4, tokens[n - 2].kind == .quantity { relabelAmountAfterTimesSign() }
        if n >= 2 { trimNameStart() }
        if n >= 4, label(0) != .quantity { relabelNumberAfterPart() }
        if n >= 4, label(0) == .unit { relabelUnitBeforePart() }
        if n >= 4 { relabelNumbersWithGluedMarks() }
        var doubts = Doubts()
        var amounts = PlainList<LineAmount>()
        swap(&amounts, &view.amounts) // reuse the storage the caller handed in
        amounts.removeAll()
        // The token index after the last amount read (only the last one is ever asked for).
        var lastAmountEnd: Int?
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
                    // "1 and 1/2 cups": a whole number, a joining word and a fraction are one number.
                    if t.isInteger, !t.isMultiplier, i + 1 < n, tokens[i].kind == .word, isFunctionWord(tokens[i], .fractionJoin),
                       tokens[i + 1].kind == .quantity, tokens[i + 1].isProperFraction, !tokens[i + 1].isMultiplier {
                        quantity = t.value + tokens[i + 1].value
                        quantityMax = quantity
                        labels[i] = Label.quantity.rawValue
                        labels[i + 1] = Label.quantity.rawValue
                        i += 2
                    }
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
                // "Six ½-inch-thick slices bread": a number glued to a length word ("½-inch-thick")
                // between a count and a countable unit is the pieces' size; the unit is the count's.
                // (The unit after the size is read twice: first without recording anything, so that
                // a unit that is no count leaves no note and no container behind for the amount read.)
                var noContainer: Int32?
                if amounts.count == 1, amounts[0].unit == .none, t.kind == .quantity, let size = lengthWordGlued(to: amountStart),
                   case .known(let row) = readUnit(from: size + 1, record: false, container: &noContainer).0,
                   lexicon.units[Int(row)].dimension == .item {
                    let (unit, next) = readUnit(from: size + 1, record: true, container: &container)
                    amounts[0].unit = unit
                    labels[amountStart] = Label.size.rawValue
                    labels[size] = Label.size.rawValue
                    i = next
                    continue
                }
                var (unit, next) = readUnit(from: i, record: true, container: &container, countBefore: !amounts.isEmpty, quantity: quantity)
                if case .unknown = unit { doubts.unknownUnit = true }
                // "200g-250g", "¾ cup to 1 cup": a range written with the unit on both ends.
                if let low = quantity, let upper = rangeEnd(after: next, unit: unit), upper.value > low {
                    quantityMax = upper.value
                    next = upper.next
                }
                var amount = LineAmount(quantity: quantity, quantityMax: quantityMax, unit: unit, isMultiplier: multiplier)
                if let previous = amounts.last, lastAmountEnd == amountStart, isComposite(previous, amount) {
                    amount.isComposite = true
                }
                // "1 cup plus 2 tablespoons": the second amount adds to the first.
                if let previous = amounts.last, amountStart > 0, isFunctionWord(tokens[amountStart - 1], .plus),
                   sameDimension(previous, amount) {
                    amount.isComposite = true
                    labels[amountStart - 1] = Label.quantity.rawValue
                }
                amounts.append(amount)
                lastAmountEnd = next
                // "400g tin tomatoes", "2-inch piece ginger": one container of that size, unless a
                // count came first ("2 x 400g tins").
                if let item = container {
                    container = nil
                    if amounts.count >= 2, amounts[0].unit == .none {
                        amounts[0].unit = .known(item)
                    } else if amounts.count == 1 {
                        amounts.insert(LineAmount(quantity: 1, unit: .known(item)), at: 0)
                    }
                }
                i = next
            } else if l == .unit {
                if tokens[i].kind == .quantity, let word = percentNameStart(at: i) {
                    i = word
                    continue
                }
                let start = i, spanCount = spans.count, containerBefore = container
                let (unit, next) = readUnit(from: i, record: true, container: &container)
                // The run read as no unit of any amount: its words are one note, not lost
                // (what reading it recorded is taken back).
                func noteRun() {
                    spans.removeSubrange(spanCount...)
                    container = containerBefore
                    addSpan(.comment, tokens[start].start..<tokens[next - 1].stemEnd)
                }
                if amounts.isEmpty, case .unknown = unit, next < n, tokens[next].kind == .quantity, label(next) == .quantity {
                    // "Scant ½ teaspoon salt", "Heaped 2 tbsp": words the table does not know
                    // right before the amount describe it; they are no amount of their own.
                    noteRun()
                } else if unit != .none {
                    if case .unknown = unit { doubts.unknownUnit = true }
                    if amounts.isEmpty {
                        // "a pinch of salt", "half bunch mint": a number word just before the unit.
                        // A unit alone means one of it ("pinch of salt", "small bunch mint").
                        var quantity: Double? = 1
                        if start > 0, let (value, from) = numberWordEnding(at: start - 1) {
                            quantity = value.isNaN ? nil : value // "a few sprigs": no number
                            for k in from..<start { labels[k] = Label.quantity.rawValue }
                        } else if case .known(let row) = unit, endsInPlural(start..<next, of: row) {
                            // "Parsley sprigs", "Strips of lemon peel": some of them, how many unsaid.
                            quantity = nil
                        }
                        amounts.append(LineAmount(quantity: quantity, unit: unit))
                        lastAmountEnd = next
                    } else if case .unknown(let from, let to) = amounts[0].unit, case .known = unit, amounts.count == 1 {
                        // "2 thick pineapple slices": words the table does not know read as the
                        // unit, then a unit it knows after the name; that is the unit, and the
                        // words before are a note (as words beside a unit are).
                        amounts[0].unit = unit
                        addSpan(.comment, Int(from)..<Int(to))
                    } else if amounts[0].unit == .none {
                        if amounts.count == 2, amounts[1].unit == .none, lastAmountEnd == start - 1, tokens[start - 1].kind == .punctuation, tokens[start - 1].mark == 0x29,
                           case .known(let row) = unit, lexicon.units[Int(row)].dimension == .mass {
                            // "1 (3 1/2) pound chicken": a weight right after a bare number in
                            // parentheses is that number's: one chicken of 3 1/2 pounds.
                            amounts[1].unit = unit
                        } else {
                            // "1 (14 oz) can tomatoes", "2 x 50g pieces salmon": the unit of the first amount.
                            amounts[0].unit = unit
                        }
                    } else if next > start {
                        // "2 tablespoons fresh thyme sprigs": the amount has its unit already.
                        noteRun()
                    }
                }
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
        // Number phrases the tagger left unlabeled at the start: "a couple of onions", "a dozen
        // eggs"; not the number word that opens a name ("Five spice powder").
        if amounts.isEmpty, let first = tokens.first, first.kind == .word,
           let m = lexicon.numbers.longestMatch(start: 0, words: Words(tokens)),
           m.words > 1 || !isArticle(tokens[0]), m.words < n, label(m.words) != .quantity, !m.value.isNaN,
           m.words > 1 || !opensName() {
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
        if n >= 3, label(0) != .quantity, label(1) != .quantity { partBeforeAmount() }
        if n >= 4 {
            cutNameAtAlternativeAmount()
            if tokens[n - 2].kind == .quantity { cutTrailingAmount() }
        }
        // Only the labels the line has are looked for (most lines have three or four).
        var present = 0
        // Masking shifts: labels are below 8, so `&<<` equals `<<` without its range checks.
        for l in labels { present |= 1 &<< l }
        func has(_ l: Label) -> Bool { present & (1 &<< l.rawValue) != 0 }
        if has(.name) {
            // (A word it makes a note may be the line's first: the notes are then read too.)
            if noteNameInsideParentheses() { present |= 1 &<< Label.comment.rawValue }
            // The last name piece's last token, which the rules at the name's end start from.
            var lastNameToken = -1
            let leftOut = appendRuns(of: .name, as: .name,
                                     onlyAcross: 1 << Label.preparation.rawValue | 1 << Label.size.rawValue | 1 << Label.punctuation.rawValue,
                                     lastToken: &lastNameToken)
            extendNameList(lastToken: &lastNameToken)
            trimNameEnd(lastToken: lastNameToken)
            if let leftOut, noteNameLeftOut(from: leftOut) { present |= 1 &<< Label.comment.rawValue }
        }
        if has(.size) { appendRuns(of: .size, as: .size) }
        if has(.preparation) { appendRuns(of: .preparation, as: .preparation) }
        if has(.comment) { appendRuns(of: .comment, as: .comment) }
        if has(.purpose) { appendRuns(of: .purpose, as: .purpose) }
        putSpansInLineOrder()
        view.isOptional = anyPhraseStart && hasOptionalPhrase()
        return doubts
    }
}
