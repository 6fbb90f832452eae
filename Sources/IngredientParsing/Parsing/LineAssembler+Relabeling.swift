import IngredientLexicon
import IngredientText
import IngredientTagger

extension LineAssembler.Pass {
    /// For a number glued to a percent sign that describes the name after it ("1%-fat milk",
    /// "2% milk"): labels the number and the marks up to that name as name and returns the
    /// name's first token; nil otherwise. Inlined: it is asked of every number, and most end
    /// at the first test.
    @inline(__always)
    mutating func percentNameStart(at i: Int) -> Int? {
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

    /// Numbers followed by a glued mark or degree sign, relabeled where they are no amount:
    ///
    /// - Numbers that belong to the name: "skim or 1% milk", "low-fat or 2% milk" (a number with
    ///   `%` after a name word and "or" describes the name that goes on after it, as `%` at the
    ///   start of a name does; where the tagger read "or 1" as a note, "milk" was lost), and
    ///   "type '00' pasta flour", "plain or ‘00’ flour" (a number in quotes beside a name word
    ///   names a grade or kind, not an amount).
    /// - Temperatures: a number glued to a degree sign ("105°F", "110° to 115°F", "43ºC") is
    ///   never an amount and never punctuation: it joins the note or preparation it stands in
    ///   ("warm water (105°F)" kept its temperature nowhere when the tagger read it as marks).
    /// - Other percentages: never an amount (`labelPercentage`).
    mutating func relabelNumbersWithGluedMarks() {
        let n = tokens.count
        // Most lines have no number followed by a glued mark: one pass over the kinds tells.
        var candidates = false
        var c = 1
        while c + 1 < n {
            if tokens[c].kind == .quantity, tokens[c + 1].start == tokens[c].end,
               tokens[c + 1].kind == .punctuation || isDegreeSign(at: tokens[c + 1].start) {
                candidates = true
                break
            }
            c += 1
        }
        guard candidates else { return }
        var i = 1
        while i + 1 < n {
            defer { i += 1 }
            guard tokens[i].kind == .quantity, tokens[i + 1].start == tokens[i].end else { continue }
            if tokens[i + 1].kind == .word {
                if isDegreeSign(at: tokens[i + 1].start) { labelAsNoteBefore(i) }
                continue
            }
            guard tokens[i + 1].kind == .punctuation else { continue }
            let wordAfter = i + 2 < n && tokens[i + 2].kind == .word && label(i + 2) == .name
            if tokens[i + 1].mark == 0x25 {
                if i >= 2, wordAfter, label(i - 2) == .name, tokens[i - 1].kind == .word, isFunctionWord(tokens[i - 1], .alternative) {
                    for k in (i - 1)...(i + 1) { labels[k] = Label.name.rawValue }
                } else if label(i) != .name {
                    labelPercentage(i)
                }
            } else if isQuote(tokens[i + 1]), isQuote(tokens[i - 1]), tokens[i - 1].end == tokens[i].start,
                      wordAfter || (i >= 2 && tokens[i - 2].kind == .word && label(i - 2) == .name) {
                for k in (i - 1)...(i + 1) { labels[k] = Label.name.rawValue }
            }
        }
    }

    /// A percentage not yet part of the name (a number with `%` is never an amount: "dark
    /// chocolate (70% cocoa solids)", "whipping (35%) cream", "60% to 70%"): the number and its `%` go with the word
    /// right after them when that word is a note, preparation or name (with the hyphens between,
    /// as in "1%-fat milk"), and otherwise with the note or preparation before them, or make a
    /// note. Before, the tagger often read them as marks and the percentage reached no field.
    mutating func labelPercentage(_ i: Int) {
        let n = tokens.count
        var k = i + 2
        while k < n, tokens[k].kind == .punctuation, tokens[k].mark == 0x2D, tokens[k].start == tokens[k - 1].end { k += 1 }
        if k < n, tokens[k].kind == .word {
            let after = label(k)
            if after == .comment || after == .preparation || after == .name {
                for j in i..<k { labels[j] = after.rawValue }
                return
            }
        }
        labelAsNoteBefore(i)
    }

    /// Whether the line has a degree sign at byte `k`: U+00B0, or U+00BA (º, written for it).
    func isDegreeSign(at k: Int) -> Bool {
        k + 1 < line.count && line[k] == 0xC2 && (line[k + 1] == 0xB0 || line[k + 1] == 0xBA)
    }

    /// Labels number `i` and the token glued to it (a degree word, a `%`) as the note or
    /// preparation nearest before them (a word labeled either, back to the last amount or name
    /// word), or as a note.
    mutating func labelAsNoteBefore(_ i: Int) {
        var l = Label.comment
        var k = i - 1
        while k >= 0 {
            let before = label(k)
            if tokens[k].kind == .word, before == .comment || before == .preparation {
                l = before
                break
            }
            if before == .quantity || before == .unit || before == .name { break }
            k -= 1
        }
        labels[i] = l.rawValue
        labels[i + 1] = l.rawValue
    }

    /// A quotation mark: `'`, `"` or a typographic quote (which the tokenizer writes as `"`).
    func isQuote(_ t: Token) -> Bool { t.kind == .punctuation && (t.mark == 0x22 || t.mark == 0x27) }

    /// "Peels from 40-50 bananas", "Seeds from 1 pomegranate": a name that ends in "from" or
    /// "of" right before the amount names a part of what the amount counts. When a name
    /// follows the amount, that is the ingredient, and the part becomes a comment; otherwise
    /// the words after "from" would be lost, as name runs end at the amount.
    mutating func partBeforeAmount() {
        let n = tokens.count
        guard let q = (0..<n).first(where: { label($0) == .quantity }), q >= 2,
              label(q - 2) == .name, tokens[q - 2].kind == .word, tokens[q - 1].kind == .word,
              isFunctionWord(tokens[q - 1], .partSource)
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
    mutating func relabelAmountAfterTimesSign() {
        let n = tokens.count
        let q = n - 2
        guard label(q) == .name, label(q - 1) == .name, tokens[q].kind == .quantity, isTimesSign(tokens[q - 1]),
              tokens[q - 2].kind == .word, !tokens[q].isMultiplier, unitMatch(at: q + 1)?.words == 1,
              !(0..<q).contains(where: { label($0) == .quantity })
        else { return }
        labels[q] = Label.quantity.rawValue
        labels[q + 1] = Label.unit.rawValue
    }

    /// A multiplication sign: "x", "X" or "×". Inlined: a call copied the pass for a test of a
    /// few instructions.
    @inline(__always)
    func isTimesSign(_ t: Token) -> Bool {
        if t.kind == .punctuation { return t.mark == Tokenizer.timesMark }
        return t.kind == .word && t.stemEnd - t.start == 1 && (line[t.start] | 0x20) == 0x78
    }

    /// The units-table row of the unit written from token `k` (within tokens before `end`)
    /// and how many words it takes; nil when no unit starts there. Inlined: called from the
    /// rules that change labels, each call copied the whole pass first.
    @inline(__always)
    func unitMatch(at k: Int, end: Int? = nil) -> (row: Int32, words: Int)? {
        let t = tokens[k]
        guard t.kind == .word else { return nil }
        if let row = lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))] { return (row, 1) }
        guard let m = lexicon.unitAliases.longestMatch(start: k, words: Words(tokens, end: end)) else { return nil }
        return (m.value, m.words)
    }

    /// The index of the word glued to the number at `k` when it is a length unit joined by a
    /// hyphen to what it measures ("½-inch-thick", "1-cm-wide"; the tokenizer keeps the word
    /// whole), or nil.
    func lengthWordGlued(to k: Int) -> Int? {
        let w = k + 1
        // Glued: right after the number, or after one hyphen ("½-inch-thick" is "½", "inch-thick").
        guard tokens[k].gluedToNext, w < tokens.count, tokens[w].kind == .word,
              tokens[w].start == tokens[k].end || (tokens[w].start == tokens[k].end + 1 && line[tokens[k].end] == 0x2D) else { return nil }
        let word = UnsafeBufferPointer(rebasing: line[tokens[w].stemRange])
        guard let dash = word.firstIndex(of: 0x2D), dash > 0, dash + 1 < word.count,
              let row = lexicon.unitAliases.value(forWordHash: ByteHash.fold(UnsafeBufferPointer(rebasing: word[..<dash]))),
              lexicon.units[Int(row)].dimension == .length else { return nil }
        return w
    }

    /// Whether the last word of the unit words `range` is the plural of unit `row`'s name: it
    /// ends in "s" and is longer than the name ("sprigs", "leaves", "glasses"; not "glass",
    /// nor abbreviations such as "tbs").
    func endsInPlural(_ range: Range<Int>, of row: Int32) -> Bool {
        guard let last = range.last(where: { tokens[$0].kind == .word }) else { return false }
        let stem = UnsafeBufferPointer(rebasing: line[tokens[last].stemRange])
        let name = lexicon.units[Int(row)].id.utf8
        return stem.count > name.count && stem[stem.count - 1] | 0x20 == 0x73
    }

    /// Labels a number phrase, a unit of measure and "of" at the start of the line ("a cup of
    /// flour", "one pound of beef") as quantity and unit; the "of" joins them to the name and
    /// belongs to no field. Countable units are left to the tagger: "a pat of butter", "a
    /// block of Parmesan" are often a description rather than an amount.
    ///
    /// A number phrase right before a number ("Three 8-ounce cans", "Two 400g tins") is the
    /// count of what that amount measures, as the digit of "3 8-ounce cans" is.
    ///
    /// A number word that opens a name of the synonym tables ("five spice powder, to taste")
    /// is that name's first word, not a count.
    mutating func relabelLeadingAmount() {
        guard let m = lexicon.numbers.longestMatch(start: 0, words: Words(tokens)), m.words + 1 < tokens.count else { return }
        if m.words == 1, tokens[1].kind == .word, opensName() { return }
        if tokens[m.words].kind == .quantity, label(m.words) == .quantity, !m.value.isNaN, m.words > 1 || !isArticle(tokens[0]) {
            for k in 0..<m.words { labels[k] = Label.quantity.rawValue }
            return
        }
        // A whole number written as a word that opens the line before a word is the count
        // ("four whole garlic cloves, unpeeled", "twelve sage leaves, 3 leaves cut into
        // quarters"), as the labeled sources write every such line, even where a number
        // further on reads as an amount. A one-word number is a number token already
        // (`NumberWordReading`); this reads the phrases of several words ("one hundred").
        if m.value >= 1, m.value.rounded() == m.value, tokens[m.words].kind == .word, !isArticle(tokens[0]) {
            for k in 0..<m.words { labels[k] = Label.quantity.rawValue }
            return
        }
        guard let (row, unit) = unitMatch(at: m.words), lexicon.units[Int(row)].dimension != .item else { return }
        let of = m.words + unit
        guard of < tokens.count, isFunctionWord(tokens[of], .measureOf) else { return }
        for k in 0..<m.words { labels[k] = Label.quantity.rawValue }
        for k in m.words..<of { labels[k] = Label.unit.rawValue }
        labels[of] = Label.punctuation.rawValue
    }

    /// Whether the line opens with a number word that begins a name of the synonym tables
    /// (`NumberWordReading.opensName`: "Five spice powder").
    @inline(never)
    func opensName() -> Bool { NumberWordReading.opensName(tokens, line, tables.lexicon) }

    /// A number word the tagger labeled quantity that opens a name of the synonym tables
    /// ("Five spice powder") takes the label of the word after it.
    @inline(never)
    mutating func keepNumberWordOpeningName() {
        if opensName() { labels[0] = labels[1] }
    }

    /// The index of the line's one word labeled unit when the line has a number and every
    /// other word is labeled quantity ("1 clove", "2 heads."); nil otherwise.
    func onlyUnitWord() -> Int? {
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

    func isFiller(_ t: Token) -> Bool { isFunctionWord(t, .filler) }

    func isArticle(_ t: Token) -> Bool { isFunctionWord(t, .article) }

    /// Whether `function-words.tsv` gives the word `t` the role `role`. Inlined: most calls
    /// end at the length test, cheaper than the call.
    @inline(__always)
    func isFunctionWord(_ t: Token, _ role: FunctionWord) -> Bool { functionWordRoles(t) & role.rawValue != 0 }

    /// The roles `function-words.tsv` gives the word token `t`, as bits (none for other
    /// tokens). Read straight from the shared table by hash: through `Lexicon.functionWordRoles(of:)`
    /// the call copied the whole lexicon, and the option set's generic `contains` is not
    /// specialized here.
    @inline(__always)
    func functionWordRoles(_ t: Token) -> UInt16 {
        t.kind == .word ? tables.lexicon.functionWordRoles(hash: t.hash, length: t.stemEnd - t.start).rawValue : 0
    }

    /// `functionWordRoles` of token `k`, kept for the next question about the same token: the
    /// name's first word is asked about by `trimNameStart` and again, as the first word of
    /// the name's first run, by `appendRuns`.
    @inline(__always)
    mutating func cachedFunctionWordRoles(_ k: Int) -> UInt16 {
        if rolesCache.token == k { return rolesCache.roles }
        let roles = functionWordRoles(tokens[k])
        rolesCache = (k, roles)
        return roles
    }

    /// The value of a number word or phrase that ends at token `end` ("a", "half", "a few"),
    /// and the index of its first token; the value is NaN for a vague amount ("a few").
    func numberWordEnding(at end: Int) -> (Double, Int)? {
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
    mutating func relabelPhrases() {
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
}
