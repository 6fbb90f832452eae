import IngredientLexicon
extension LineAssembler.Pass {
    func sameDimension(_ a: LineAmount, _ b: LineAmount) -> Bool {
        guard case .known(let ua) = a.unit, case .known(let ub) = b.unit else { return false }
        let da = lexicon.units[Int(ua)], db = lexicon.units[Int(ub)]
        return da.dimension == db.dimension && da.dimension != .item
    }

    func isComposite(_ a: LineAmount, _ b: LineAmount) -> Bool {
        guard case .known(let ua) = a.unit, case .known(let ub) = b.unit else { return false }
        let da = lexicon.units[Int(ua)], db = lexicon.units[Int(ub)]
        guard da.dimension == db.dimension, da.dimension != .item,
              let fa = da.factor, let fb = db.factor, fb < fa else { return false }
        return true
    }

    /// After an amount ending at token `next` with `unit`: a dash or "to" and a second amount
    /// in the same unit (or none) make a range; returns its top and the index after it.
    /// The first test inlined (asked after every amount; most have no number two tokens on).
    @inline(__always)
    mutating func rangeEnd(after next: Int, unit: UnitReference) -> (value: Double, next: Int)? {
        guard next + 1 < tokens.count, label(next + 1) == .quantity, tokens[next + 1].kind == .quantity else { return nil }
        return rangeEnd(joinedAt: next, unit: unit)
    }

    /// `rangeEnd(after:unit:)` once a number follows the token after the amount.
    private mutating func rangeEnd(joinedAt next: Int, unit: UnitReference) -> (value: Double, next: Int)? {
        let joiner = tokens[next]
        let isJoiner = (joiner.kind == .punctuation && joiner.mark == 0x2D) || isFunctionWord(joiner, .range)
        guard isJoiner else { return nil }
        var container: Int32?
        let (upperUnit, after) = readUnit(from: next + 2, record: false, container: &container)
        guard upperUnit == .none || lexicon.units.withUnsafeBufferPointer({ upperUnit.isSame(as: unit, units: $0, line: line) }),
              tokens[next + 1].value > 0 else { return nil }
        return (tokens[next + 1].maxValue, after)
    }

    /// Milliliters below which a volume is a spoonful or two (two tablespoons are 29.6), not the
    /// size of a container: the smallest tins, bottles and jiggers hold more.
    static let smallestContainer = 30.0

    /// Reads a run of UNIT tokens from `start`: the unit (a row of the units table, or the
    /// run's words when the table knows none of them) and the index after the run. With
    /// `record`, size words in the run become size spans and other words comment spans; a
    /// container word after a measure ("400g tin") is handed back in `container`. Without
    /// `countBefore` (no count came first, as the 2 of "2 x 400g tins" does), a container word
    /// in the plural is no container: "2 pounds bunches carrots", "¾ cup chunks bread" are
    /// that measure of them, not one bunch or one chunk. `quantity` is the number before the
    /// run, which a container's measure must reach.
    mutating func readUnit(from start: Int, record: Bool, container: inout Int32?, countBefore: Bool = true,
                           quantity: Double? = nil) -> (UnitReference, Int) {
        var end = start
        while end < tokens.count, label(end) == .unit, tokens[end].kind == .word || (tokens[end].kind == .punctuation && tokens[end].mark == 0x2E) {
            end += 1
        }
        // A word the tagger did not read as a unit, with a qualifier in parentheses, that make
        // a unit phrase of the table are that unit ("1 colher (sopa) de azeite").
        var found: (row: Int32, from: Int, to: Int)?
        if end == start, qualifierOpens(at: start + 1), tokens[start].kind == .word,
           let bits = tables.lexicon.firstWords[tokens[start].hash], bits & Lexicon.FirstWord.unit != 0 {
            found = unitPhraseReadWhole(from: start, end: &end, minimumWords: 2)
        }
        guard end > start else { return (.none, start) }
        var k = start
        while k < end, found == nil {
            if let m = unitMatch(at: k, end: end) { found = (m.row, k, k + m.words) }
            k += 1
        }
        // A phrase of the units table that the tagger cut short is read whole: where the words
        // it labeled are no unit ("cuillère à | soupe"), or where a qualifier in parentheses
        // follows them ("colher (sopa)", "xícara (chá)": the parenthesis says which measure).
        if end < tokens.count {
            if found == nil, tokens[end].kind == .word || qualifierOpens(at: end) {
                found = unitPhraseReadWhole(from: start, end: &end)
            } else if let f = found, f.to == end, qualifierOpens(at: end), let longer = unitPhraseReadWhole(from: f.from, end: &end) {
                found = longer
            }
        }
        // The container's words, which are no note (one run: the search stops at the first).
        var skip = 0..<0
        guard let found else {
            // Only size words ("4 large garlic cloves"): a size, and the unit may come later.
            if (start..<end).allSatisfy({ tokens[$0].kind != .word || lexicon.sizes.value(forWordHash: tokens[$0].hash) != nil }) {
                if record { for j in start..<end where tokens[j].kind == .word { addSpan(.size, tokens[j].stemRange) } }
                return (.none, end)
            }
            return (.unknown(start: Int32(truncatingIfNeeded: tokens[start].start), end: Int32(truncatingIfNeeded: tokens[end - 1].stemEnd)), end)
        }
        // A measure followed by a container: "400g tin", "15-ounce can", "2-inch piece". Not
        // after a spoonful or two: "2 tbsp stem ginger" is two spoons of it, not one stem.
        // (The two fields read in place: a copy of the row retained and released its id.)
        let dimension = lexicon.units[Int(found.row)].dimension, factor = lexicon.units[Int(found.row)].factor
        if found.to < end, dimension != .item,
           !(dimension == .volume && (quantity ?? 1) * (factor ?? 0) < Self.smallestContainer) {
            var k = found.to
            while k < end, container == nil {
                if tokens[k].kind == .word, let m = lexicon.unitAliases.longestMatch(start: k, words: Words(tokens, end: end)),
                   lexicon.units[Int(m.value)].dimension == .item,
                   countBefore || !endsInPlural(k..<(k + m.words), of: m.value) {
                    container = m.value
                    skip = k..<(k + m.words)
                }
                k += 1
            }
        }
        for j in start..<end where (j < found.from || j >= found.to) && !skip.contains(j) {
            guard tokens[j].kind == .word else { continue }
            guard record else { continue }
            addSpan(lexicon.sizes.value(forWordHash: tokens[j].hash) != nil ? .size : .comment, tokens[j].stemRange)
        }
        // "tablespoon(s)", "clove(s)", "pinch(es)": a plural mark glued to the unit, as programs
        // write a unit for any count, is the unit's (it was read as the start of the name).
        if let after = pluralMark(after: end) {
            if record { for j in end..<after { labels[j] = Label.unit.rawValue } }
            return (.known(found.row), after)
        }
        return (.known(found.row), end)
    }

    /// The unit phrase of the table that starts at `start` and goes on past `end` (the end of
    /// the words labeled unit), read across parentheses (the table's "colher (sopa)" is the
    /// words "colher sopa"), with `end` moved to its end (and past the parenthesis it closes)
    /// and its tokens labeled unit; nil when there is none. A phrase of fewer than
    /// `minimumWords` words is none. A measure's "of" after the phrase ("de", "di") is no part
    /// of the name that follows ("1 colher (sopa) de azeite").
    @inline(never)
    mutating func unitPhraseReadWhole(from start: Int, end: inout Int, minimumWords: Int = 1) -> (row: Int32, from: Int, to: Int)? {
        let n = tokens.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { words -> (row: Int32, from: Int, to: Int)? in
            // The word tokens from `start`, parentheses skipped, up to anything else.
            var count = 0, k = start
            while k < n, count < 8 {
                if tokens[k].kind == .word {
                    words[count] = k
                    count += 1
                } else if !isParenthesis(tokens[k]) {
                    break
                }
                k += 1
            }
            guard let m = tables.lexicon.unitAliases.longestMatch(start: 0, wordHash: { $0 < count ? tokens[words[$0]].hash : nil }),
                  m.words >= minimumWords else { return nil }
            var to = words[m.words - 1] + 1
            guard to > end else { return nil }
            // The parenthesis the phrase's last word stands in is closed with it.
            var depth = 0
            for j in start..<to where isParenthesis(tokens[j]) { depth += tokens[j].mark == 0x28 ? 1 : -1 }
            while depth > 0, to < n, isParenthesis(tokens[to]), tokens[to].mark == 0x29 { to += 1; depth -= 1 }
            end = to
            for j in start..<to { labels[j] = Label.unit.rawValue }
            if to + 1 < n, tokens[to].kind == .word, label(to + 1) == .name, isFunctionWord(tokens[to], .measureOf) {
                labels[to] = Label.punctuation.rawValue
            }
            return (m.value, start, to)
        }
    }

    /// Whether an opening parenthesis and a word stand at `i` ("(sopa)"; "(250 ml)" opens with
    /// a number: a second amount, no qualifier).
    @inline(__always)
    func qualifierOpens(at i: Int) -> Bool {
        i + 1 < tokens.count && tokens[i].kind == .punctuation && tokens[i].mark == 0x28 && tokens[i + 1].kind == .word
    }

    /// Whether `t` is an opening or closing round parenthesis.
    @inline(__always)
    func isParenthesis(_ t: Token) -> Bool { t.kind == .punctuation && (t.mark == 0x28 || t.mark == 0x29) }

    /// The index after `(s)` or `(es)` glued to the token before `i` (no space anywhere in
    /// it), or nil.
    @inline(__always)
    func pluralMark(after i: Int) -> Int? {
        guard i + 2 < tokens.count, i > 0 else { return nil }
        let open = tokens[i], word = tokens[i + 1], close = tokens[i + 2]
        guard open.kind == .punctuation, open.mark == 0x28, open.start == tokens[i - 1].end,
              word.kind == .word, word.start == open.end, close.kind == .punctuation, close.mark == 0x29,
              close.start == word.end else { return nil }
        let length = word.end - word.start
        guard length <= 2 else { return nil }
        let last = line[word.end - 1] | 0x20
        let first = line[word.start] | 0x20
        return last == 0x73 && (length == 1 || first == 0x65) ? i + 3 : nil
    }
}
