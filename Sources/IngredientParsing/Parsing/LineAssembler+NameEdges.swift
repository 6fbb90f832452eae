import IngredientLexicon
import IngredientTagger
extension LineAssembler.Pass {
    /// Words the tagger put at the start of the name that no name starts with: a times sign
    /// right after the amount ("4 x salmon fillets"), "of" after a measure ("dash of vegetable
    /// oil") and a vague number word alone that opens the line ("few bay leaves", which then
    /// reads as an amount without a number; "a few" and "a little" before a name without a
    /// unit stay in the name, as the labeled sources have them). An article right after a
    /// quantity is not part of the name either ("½ a nectarine", "Half a lemon"), and an
    /// alternative word with the word after it goes with the preparation or note before it
    /// ("cooked or canned black beans": name "black beans"). Only when a name word follows.
    mutating func trimNameStart() {
        let n = tokens.count
        guard let first = labels.firstIndex(of: Label.name.rawValue), first + 1 < n, label(first + 1) == .name,
              tokens[first + 1].kind == .word else { return }
        let t = tokens[first]
        // The word's roles, looked up once.
        let roles = first > 0 ? cachedFunctionWordRoles(first) : 0
        func has(_ role: FunctionWord) -> Bool { roles & role.rawValue != 0 }
        if first > 0, isTimesSign(t), label(first - 1) == .quantity || label(first - 1) == .unit {
            labels[first] = Label.punctuation.rawValue
        } else if has(.measureOf), !opensProperName(first) {
            labels[first] = Label.punctuation.rawValue
        } else if has(.article), t.end - t.start <= 2, label(first - 1) == .quantity {
            labels[first] = Label.punctuation.rawValue
        } else if has(.alternative), first + 2 < n, label(first - 1) == .preparation || label(first - 1) == .comment,
                  label(first + 2) == .name, tokens[first + 2].kind == .word, tokens[first - 1].kind == .word {
            labels[first] = labels[first - 1]
            labels[first + 1] = labels[first - 1]
        } else if has(.joins), !has(.plus), label(first - 1) != .punctuation {
            // "1 can or bottle dark beer", "washed, hulled, and dried strawberries": a joining
            // word does not open the name; it goes with the field before it, and so does a
            // unit it joins to a unit ("can or bottle") or a number word after a unit ("a
            // splash or two").
            labels[first] = labels[first - 1]
            if label(first - 1) == .unit, first + 2 < n, label(first + 2) == .name,
               unitMatch(at: first + 1)?.words == 1 || lexicon.numbers.longestMatch(start: first + 1, words: Words(tokens))?.words == 1 {
                labels[first + 1] = Label.unit.rawValue
            }
        } else if first == 0, t.kind == .word, let m = lexicon.numbers.longestMatch(start: 0, words: wordAt(1 << Label.name.rawValue)),
                  m.value.isNaN, m.words == 1, label(1) == .name {
            labels[0] = Label.quantity.rawValue
        }
    }

    /// Whether the word at `k`, capitalized, and the capitalized word after it open a proper
    /// name after a lowercase word: "1/4 cup Di Giorno Alfredo Sauce", "1 lb De Cecco
    /// spaghetti" keep their "Di" and "De", where "2 Cups Of Flour" (every word capitalized)
    /// and "200 g de farine" read the measure's "of".
    func opensProperName(_ k: Int) -> Bool {
        guard k > 0, k + 1 < tokens.count, isCapital(tokens[k]), isCapital(tokens[k + 1]) else { return false }
        let before = tokens[k - 1]
        return before.kind == .word && !isCapital(before)
    }

    /// Whether a word token begins with an ASCII capital.
    func isCapital(_ t: Token) -> Bool { t.kind == .word && t.start < line.count && line[t.start] &- 0x41 < 26 }

    /// Words read as name inside parentheses, once the name has begun outside them, are a note
    /// unless the whole parenthesis is name ("1½ pounds steak (ribeye, sirloin, or strip)":
    /// `steak`, where the name took `steak ribeye`; "Butter (salted, melted)"; but "fish sauce
    /// (nam pla)" keeps its parenthesis). A name written wholly inside parentheses stays.
    /// Returns whether some word became a note.
    mutating func noteNameInsideParentheses() -> Bool {
        // Most lines have no parenthesis: one pass over the tokens' kinds and marks tells.
        let opens = tokens.contains { $0.kind == .punctuation && ($0.mark == 0x28 || $0.mark == 0x5B) }
        guard opens else { return false }
        var begun = false, noted = false, k = 0
        let n = tokens.count
        while k < n {
            let t = tokens[k]
            if t.kind == .punctuation, t.mark == 0x28 || t.mark == 0x5B {
                // The group up to its closing parenthesis (or the line's end).
                var depth = 0, end = k, allName = true, anyName = false
                while end < n {
                    let u = tokens[end]
                    if u.kind == .punctuation {
                        if u.mark == 0x28 || u.mark == 0x5B { depth += 1 }
                        if u.mark == 0x29 || u.mark == 0x5D { depth -= 1; if depth == 0 { break } }
                    } else if labels[end] == Label.name.rawValue { anyName = true } else { allName = false }
                    end += 1
                }
                if begun, anyName, !allName {
                    for j in k..<min(end, n) where labels[j] == Label.name.rawValue { labels[j] = Label.comment.rawValue }
                    noted = true
                }
                k = end + 1
                continue
            }
            if labels[k] == Label.name.rawValue { begun = true }
            k += 1
        }
        return noted
    }

    /// Name words from `start` on that no name piece holds (a second ingredient after "or 1
    /// tablespoon", where the name stops) are a note, so that no word of the line is left out
    /// of every field: "dry red wine or 1 tablespoon red wine vinegar" has the comment "or 1
    /// tablespoon red wine vinegar". Runs of only articles and "of" stay out. Returns whether
    /// some word became a note.
    mutating func noteNameLeftOut(from start: Int) -> Bool {
        let n = tokens.count, nameLabel = Label.name.rawValue
        func inName(_ k: Int) -> Bool {
            let at = Int32(truncatingIfNeeded: tokens[k].start)
            return spans.contains { $0.field == .name && $0.start <= at && at < $0.end }
        }
        var noted = false, k = start
        while k < n {
            guard labels[k] == nameLabel, !inName(k) else { k += 1; continue }
            var end = k + 1
            while end < n, labels[end] == nameLabel, !inName(end) { end += 1 }
            if (k..<end).contains(where: { tokens[$0].kind != .punctuation && !(tokens[$0].kind == .word && isFiller(tokens[$0])) }) {
                for j in k..<end { labels[j] = Label.comment.rawValue }
                noted = true
            }
            k = end
        }
        return noted
    }

    /// A name that ends in a joining word ("cottage cheese or", from "cottage cheese or 8
    /// ounces cream cheese"; "chicken stock made with") ends before it: the word only joined
    /// the name to what was cut off. Looks at the last name piece only, so "Salt and freshly
    /// ground pepper" keeps its "and". `lastToken` is that piece's run's last token.
    mutating func trimNameEnd(lastToken: Int) {
        guard let s = spans.indices.last, spans[s].field == .name else { return }
        let start = Int(spans[s].start), end = Int(spans[s].end)
        guard let k = self.lastToken(endingBy: end, lookingBackFrom: lastToken + 1), k > 0, tokens[k].end == end, tokens[k].start > start,
              tokens[k].kind == .word, isFunctionWord(tokens[k], .joins) else { return }
        var newEnd = tokens[k - 1].end
        while newEnd > start, Self.isTrailingSeparator(line[newEnd - 1]) { newEnd -= 1 }
        guard newEnd > start else { return }
        spans[s].end = Int32(truncatingIfNeeded: newEnd)
    }
}

extension LineAssembler.Pass {
    /// "cottage cheese or 8 ounces cream cheese", "green beans or 3 Asian yard-long beans":
    /// where the tagger read a second amount after "or" as part of the name, the name ends
    /// before the "or", and the alternative with its amount is a note, as the labeled sources
    /// write it. A number with `%` stays ("whole or 2% milk").
    mutating func cutNameAtAlternativeAmount() {
        let n = tokens.count
        let nameLabel = Label.name.rawValue
        let t = tokens, l = labels
        var found: Int?
        var j = 1
        while j + 1 < n {
            if t[j + 1].kind == .quantity, l[j + 1] == nameLabel, l[j] == nameLabel, l[j - 1] == nameLabel,
               t[j].kind == .word, t[j - 1].kind == .word, isFunctionWord(t[j], .alternative),
               !(j + 2 < n && t[j + 2].kind == .punctuation && t[j + 2].mark == 0x25) {
                found = j
                break
            }
            j += 1
        }
        guard let i = found else { return }
        var k = i
        while k < n, label(k) == .name {
            labels[k] = Label.comment.rawValue
            k += 1
        }
    }

    /// "2 tbsp soy sauce 30 mL": a number and a unit word that end the line after the name
    /// are the amount written again in other units, not part of the name; they become a note.
    mutating func cutTrailingAmount() {
        let last = tokens.count - 1
        guard last >= 3, tokens[last].kind == .word, tokens[last - 1].kind == .quantity, label(last - 1) == .name,
              label(last - 2) == .name, tokens[last - 2].kind == .word,
              label(last) != .quantity, unitMatch(at: last)?.words == 1 else { return }
        labels[last - 1] = Label.comment.rawValue
        labels[last] = Label.comment.rawValue
    }

    /// "ground beef, pork, or lamb": a name that is already a list of comma-separated words
    /// goes on through a last ", or …" item up to the next comma, semicolon, parenthesis or the
    /// end, when that item has no number and no phrase of the phrase table ("…, or more to
    /// taste" stays a comment). So does a name followed by more short comma items and a last
    /// ", or …" or ", and …" one ("bourbon, rye, scotch, or brandy", "rib-eye, strip, or flank
    /// steak", "mozzarella, lettuce, tomato, and onion"), when none of their words was read as
    /// preparation or purpose or is a preparation word. The tokens taken become name.
    /// `lastToken` is the last name piece's run's last token, and is moved to the list's end.
    mutating func extendNameList(lastToken: inout Int) {
        guard let s = spans.indices.last, spans[s].field == .name else { return }
        let start = Int(spans[s].start), end = Int(spans[s].end)
        let n = tokens.count
        guard let e = self.lastToken(endingBy: end, lookingBackFrom: lastToken + 1), tokens[e].end == end, e + 3 < n,
              isListComma(e + 1) else { return }
        let isList = tokens[..<e].contains(where: { $0.start >= start && $0.kind == .punctuation && $0.mark == 0x2C })
        var k = e + 1, items = 0
        while k + 1 < n, isListComma(k) {
            let first = tokens[k + 1]
            let alternative = first.kind == .word && isFunctionWord(first, .alternative)
            let closing = first.kind == .word && isFunctionWord(first, .listEnd)
            // The item's words: after its "or" or "and" when it closes the list.
            guard let stop = listItemEnd(from: closing ? k + 2 : k + 1, strict: items > 0 || !alternative) else { return }
            if closing {
                guard isList ? (alternative || items > 0) : items > 0 else { return }
                for j in (e + 1)..<stop { labels[j] = tokens[j].kind == .punctuation ? Label.punctuation.rawValue : Label.name.rawValue }
                spans[s].end = Int32(truncatingIfNeeded: tokens[stop - 1].end)
                lastToken = stop - 1
                return
            }
            // A middle item: a few words.
            guard stop - (k + 1) <= 3 else { return }
            items += 1
            k = stop
        }
    }

    /// Whether token `k` is a comma.
    func isListComma(_ k: Int) -> Bool { tokens[k].kind == .punctuation && tokens[k].mark == 0x2C }

    /// The end of the list item that starts at token `from`: the next comma, semicolon or
    /// parenthesis, or the line's end; nil when the item is empty, does not end in a word,
    /// holds a number, a unit or a phrase of the phrase table, or (`strict`) a word read as
    /// preparation or purpose or one of the preparation table ("made with kale", "dried and
    /// soaked").
    func listItemEnd(from: Int, strict: Bool) -> Int? {
        let n = tokens.count, wordAt = Words(tokens)
        var stop = from
        while stop < n {
            let t = tokens[stop]
            if t.kind == .punctuation, t.mark == 0x2C || t.mark == 0x3B || t.mark == 0x28 || t.mark == 0x5B { break }
            if t.kind == .quantity || label(stop) == .quantity || label(stop) == .unit { return nil }
            if strict, label(stop) == .preparation || label(stop) == .purpose
                || t.kind == .word && lexicon.preparation.value(forWordHash: t.hash) != nil { return nil }
            if t.kind == .word, phraseStarts.next(from: stop, end: stop + 1) == stop, lexicon.phrases.longestMatch(start: stop, words: wordAt) != nil { return nil }
            stop += 1
        }
        guard stop > from, tokens[stop - 1].kind == .word else { return nil }
        return stop
    }
}

extension LineAssembler.Pass {
    /// "Juice of 2 lemons", "Zest and juice from 1 lime": where the tagger read the whole line
    /// as a name, a number after a named part and "of" or "from", followed by a name, is the
    /// amount (then `partBeforeAmount` makes the part a comment, as when the tagger reads it).
    mutating func relabelNumberAfterPart() {
        let n = tokens.count
        guard !labels.contains(Label.quantity.rawValue),
              let q = tokens.firstIndex(where: { $0.kind == .quantity }), q >= 2, q + 1 < n,
              label(q) == .name, label(q - 2) == .name, tokens[q - 2].kind == .word,
              tokens[q - 1].kind == .word, label(q + 1) == .name, tokens[q + 1].kind == .word,
              isFunctionWord(tokens[q - 1], .partSource)
        else { return }
        labels[q] = Label.quantity.rawValue
    }

    /// "Leaves from 2 sprigs thyme", "Stems of 1 bunch parsley": where the tagger read the part
    /// that opens the line as a unit (a leaf, a stem), the part and its "from" or "of" are a
    /// comment and the number after them is the amount, with the unit the table finds right
    /// after it.
    mutating func relabelUnitBeforePart() {
        let n = tokens.count
        var p = 0
        while p < n, label(p) == .unit, tokens[p].kind == .word { p += 1 }
        guard p >= 1, p + 2 < n, tokens[p].kind == .word, isFunctionWord(tokens[p], .partSource),
              tokens[p + 1].kind == .quantity, !tokens[p + 1].isMultiplier
        else { return }
        for k in 0...p { labels[k] = Label.comment.rawValue }
        labels[p + 1] = Label.quantity.rawValue
        if let (_, words) = unitMatch(at: p + 2), p + 2 + words < n {
            for k in (p + 2)..<(p + 2 + words) { labels[k] = Label.unit.rawValue }
        }
    }
}
