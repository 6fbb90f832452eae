import IngredientLexicon
import IngredientTagger
extension LineAssembler.Pass {
    @inline(__always)
    mutating func addSpan(_ field: Field, _ r: Range<Int>) {
        spans.append(Span(field: field, start: Int32(truncatingIfNeeded: r.lowerBound), end: Int32(truncatingIfNeeded: r.upperBound)))
    }

    /// Adds the runs of tokens labeled `target` as pieces of `field`, each run from its first
    /// to its last token as written (punctuation inside a run kept).
    ///
    /// With `onlyAcross`, a later run is kept only when every token between it and the run
    /// before has one of those labels, or when they are one group in parentheses: "Sea salt
    /// and freshly ground pepper" keeps "pepper", "bittersweet (not unsweetened) chocolate"
    /// keeps "chocolate", but "4 venison fillets or 240g venison saddle" stops before the
    /// second amount. Returns the first run left out that way (nil when every run was kept).
    /// `lastToken` is set to the last token of the run whose piece was added last (the rules
    /// at the name's end start from it rather than search the line for it).
    @discardableResult
    mutating func appendRuns(of target: Label, as field: Field, onlyAcross: Int? = nil, lastToken: inout Int) -> Int? {
        var i = 0
        var previousEnd = -1
        let n = tokens.count
        let targetValue = target.rawValue
        while i < n {
            guard labels[i] == targetValue else { i += 1; continue }
            if let allowed = onlyAcross, previousEnd >= 0,
               !(previousEnd + 1..<i).allSatisfy({ (allowed &>> labels[$0]) & 1 == 1 }),
               !closesThenGroupsOnly(previousEnd + 1..<i) {
                return i
            }
            var last = i
            var j = i + 1
            while j < n {
                if labels[j] == targetValue { last = j; j += 1; continue }
                if label(j) == .punctuation, tokens[j].kind == .punctuation {
                    var k = j
                    while k < n, label(k) == .punctuation, tokens[k].kind == .punctuation { k += 1 }
                    if k < n, labels[k] == targetValue, !closesOrOpensParen(j..<k) { j = k; continue }
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
            // A run of only articles and "of" ("a", "of" around "a pinch of") says nothing; a
            // number does ("(35%)").
            var onlyFillers = true
            for k in i...last where tokens[k].kind != .punctuation {
                if tokens[k].kind != .word || cachedFunctionWordRoles(k) & FunctionWord.filler.rawValue == 0 {
                    onlyFillers = false
                    break
                }
            }
            if onlyFillers { i = last + 1; continue }
            // Trailing separators are not part of the text.
            while endByte > startByte, Self.isTrailingSeparator(line[endByte - 1]) { endByte -= 1 }
            if endByte > startByte {
                addSpan(field, startByte..<endByte)
                lastToken = last
            }
            i = last + 1
        }
        return nil
    }

    /// `appendRuns` for a field whose last piece no rule starts from (the notes).
    @discardableResult @inline(__always)
    mutating func appendRuns(of target: Label, as field: Field, onlyAcross: Int? = nil) -> Int? {
        var lastToken = -1
        return appendRuns(of: target, as: field, onlyAcross: onlyAcross, lastToken: &lastToken)
    }

    /// The last token that ends by byte `end`, looking back from token `from` (which must be
    /// at or after it: the tokens after a run's last token and the one after it end later
    /// than the run's piece); nil when there is none.
    func lastToken(endingBy end: Int, lookingBackFrom from: Int) -> Int? {
        var k = min(from, tokens.count - 1)
        while k >= 0, tokens[k].end > end { k -= 1 }
        return k >= 0 ? k : nil
    }

    /// Puts the pieces in the order they are written, so that a field's pieces read as in the
    /// line whichever rule found them (notes beside a unit are found before the note runs).
    /// Pieces of one field never overlap; most lines are in order already (and are left as
    /// they are).
    mutating func putSpansInLineOrder() {
        let n = spans.count
        guard n > 1 else { return }
        var k = 1
        while k < n, spans[k - 1].start <= spans[k].start { k += 1 }
        // Insertion sort from the first piece out of order: a line has a handful of pieces.
        while k < n {
            let piece = spans[k]
            var j = k
            while j > 0, spans[j - 1].start > piece.start {
                spans[j] = spans[j - 1]
                j -= 1
            }
            spans[j] = piece
            k += 1
        }
        // Pieces of a note field with only spaces between them are one piece ("or 1 heaped"
        // and "tsp" found apart read "or 1 heaped tsp", not "or 1 heaped, tsp"); a parenthesis
        // stays a piece of its own ("or to taste", "(optional)"). Name and size pieces are
        // joined by a space anyway. Most lines have no two pieces of a field side by side.
        func joins(_ a: Span, _ b: Span) -> Bool {
            guard a.field == b.field, a.field != .name, a.field != .size, a.end < b.start,
                  line[Int(a.end) - 1] != 0x29, line[Int(b.start)] != 0x28 else { return false }
            for i in Int(a.end)..<Int(b.start) where line[i] != 0x20 { return false }
            return true
        }
        k = 1
        while k < n, !joins(spans[k - 1], spans[k]) { k += 1 }
        guard k < n else { return }
        var out = k
        spans[k - 1].end = spans[k].end
        k += 1
        while k < n {
            if joins(spans[out - 1], spans[k]) {
                spans[out - 1].end = spans[k].end
            } else {
                spans[out] = spans[k]
                out += 1
            }
            k += 1
        }
        spans.removeSubrange(out...)
    }

    @inline(__always)
    static func isTrailingSeparator(_ b: UInt8) -> Bool {
        b == 0x2C || b == 0x3B || b == 0x3A || b == 0x2D || b == 0x2A || b == 0x20
    }

    /// Whether `gap` is groups in parentheses (or brackets) and nothing else, after the close of
    /// a parenthesis the run before it is in, if any: "boneless (but not skinless, ideally)
    /// chicken breasts" names "boneless chicken breasts" whatever the note inside says, and
    /// "whipping (heavy) (35%) cream" goes on past ") (35%)". Nothing may stand outside the
    /// groups: after "mirin (Japanese rice wine), or water" the name stops.
    private func closesThenGroupsOnly(_ gap: Range<Int>) -> Bool {
        var depth = 0
        var opened = false
        for k in gap {
            let t = tokens[k]
            if t.kind == .punctuation, t.mark == 0x28 || t.mark == 0x5B {
                depth += 1
                opened = true
            } else if t.kind == .punctuation, t.mark == 0x29 || t.mark == 0x5D {
                if depth > 0 { depth -= 1 } else if opened { return false }
            } else if depth == 0 {
                return false
            }
        }
        return opened && depth == 0
    }

    private func closesOrOpensParen(_ r: Range<Int>) -> Bool {
        r.contains { tokens[$0].mark == 0x28 || tokens[$0].mark == 0x29 || tokens[$0].mark == 0x5B || tokens[$0].mark == 0x5D }
    }

    func hasOptionalPhrase() -> Bool {
        // The starts whose longest phrase is optional were noted with the lexicon classes.
        if var optional = phraseStarts.optionalStarts {
            while optional != 0 {
                let i = optional.trailingZeroBitCount
                if label(i) != .name { return true }
                optional &= optional &- 1
            }
            return false
        }
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
