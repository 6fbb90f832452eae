import IngredientText

extension KeyTables {
    // MARK: - Step 4: word order

    @inline(__always)
    func isConnector(_ word: KeyWord) -> Bool {
        word.kind != KeyWord.word || word.hash == hashAnd || word.hash == hashOr || word.hash == hashOf
    }

    /// A word for a symbol ("or" for `/`, "and" for `&`), with its entry.
    private func symbolWord(_ kind: UInt8, _ w: inout KeyWork) -> KeyWord? {
        let text: StaticString = kind == KeyWord.or ? "or" : "and"
        guard let start = w.store(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) else { return nil }
        var word = KeyWord(start: start, length: text.utf8CodeUnitCount, hash: kind == KeyWord.or ? hashOr : hashAnd)
        let entry = entries[word.hash]
        word.bits = (entry?.bits ?? 0) & KeyEntry.Bits.commentStart
        load(&word, entry)
        return word
    }

    /// Parenthesized text is left out (unless nothing else is left); comma segments after
    /// the first are dropped when they are comments (a comment phrase, a digit, more than
    /// three words) or only drop words, and are otherwise modifiers moved in front, last
    /// first ("pepper, black, ground" → "ground black pepper"); `/` becomes "or" and `&`
    /// "and"; "and/or" is "or".
    func structure(_ w: inout KeyWork) {
        var hasParen = false, hasComma = false
        for i in 0..<w.count {
            switch w.words[i].kind {
            case KeyWord.open, KeyWord.close: hasParen = true
            case KeyWord.comma: hasComma = true
            default: break
            }
        }
        if hasParen {
            w.begin()
            var depth = 0, kept = 0
            for i in 0..<w.count {
                let t = w.words[i]
                if t.kind == KeyWord.open { depth += 1 } else if t.kind == KeyWord.close { depth = max(0, depth - 1) } else if depth == 0 {
                    w.push(t)
                    if t.kind == KeyWord.word { kept += 1 }
                }
            }
            if kept == 0 {
                w.begin()
                for i in 0..<w.count where w.words[i].kind != KeyWord.open && w.words[i].kind != KeyWord.close { w.push(w.words[i]) }
            }
            w.commit()
        }
        if hasComma { orderSegments(&w) }
        // Symbols to words (other symbols go); "and" right before "or" goes.
        w.begin()
        var i = 0
        while i < w.count {
            var t = w.words[i]
            if t.kind == KeyWord.or || t.kind == KeyWord.and {
                guard let word = symbolWord(t.kind, &w) else { i += 1; continue }
                t = word
            } else if t.kind != KeyWord.word {
                i += 1
                continue
            }
            if t.hash == hashAnd, i + 1 < w.count,
               w.words[i + 1].kind == KeyWord.or || (w.words[i + 1].kind == KeyWord.word && w.words[i + 1].hash == hashOr) {
                i += 1
                continue
            }
            // "and/or", "or / or": one connector.
            if w.spareCount > 0, (t.hash == hashOr || t.hash == hashAnd), w.spare[w.spareCount - 1].hash == t.hash {
                i += 1
                continue
            }
            w.push(t)
            i += 1
        }
        w.commit()
    }

    private func orderSegments(_ w: inout KeyWork) {
        // Segment boundaries (at most `maximumWords` of them).
        var bounds: [(Int, Int)] = []
        bounds.reserveCapacity(4)
        var s = 0
        for i in 0...w.count where i == w.count || w.words[i].kind == KeyWord.comma {
            bounds.append((s, i))
            s = i + 1
        }
        // An enumeration ("thai, serrano, or cayenne chiles"; "red, yellow or orange
        // peppers" after a short first segment): its commas read as the conjunction that ends
        // it, for step 6.
        let shortFirst = bounds[0].1 - bounds[0].0 <= 2
        for (from, to) in bounds.dropFirst() where from < to && w.words[from].kind == KeyWord.word {
            let first = w.words[from].hash
            var conjunction = first == hashOr || first == hashAnd ? first : 0
            if conjunction == 0, shortFirst, (from..<to).contains(where: { w.words[$0].hash == hashOr && w.words[$0].kind == KeyWord.word }) {
                conjunction = hashOr
            }
            guard conjunction != 0 else { continue }
            let kind = conjunction == hashOr ? KeyWord.or : KeyWord.and
            w.begin()
            for i in 0..<w.count {
                if w.words[i].kind == KeyWord.comma {
                    let next = i + 1 < w.count ? w.words[i + 1] : nil
                    if next?.kind == KeyWord.word, next?.hash == hashOr || next?.hash == hashAnd { continue }
                    w.push(KeyWord(start: 0, length: 0, hash: 0, kind: kind))
                } else {
                    w.push(w.words[i])
                }
            }
            w.commit()
            return
        }
        var modifiers: [(Int, Int)] = []
        let line = UnsafeBufferPointer(start: UnsafePointer(w.arena), count: w.used)
        segments: for (from, to) in bounds.dropFirst() {
            var words: [KeyWord] = []
            for i in from..<to where w.words[i].kind == KeyWord.word { words.append(w.words[i]) }
            if words.isEmpty { continue }
            for word in words {
                for b in w.rawBytes(word) where (b &- 0x30) < 10 { break segments }
            }
            if words[0].bits & KeyEntry.Bits.commentStart != 0,
               lexiconPhrases.longestMatch(in: line, start: 0, wordAt: { k in k < words.count ? words[k].rawRange : nil }) != nil {
                break
            }
            if words.allSatisfy({ $0.role == KeyRole.drop.rawValue || $0.hash == hashAnd || $0.hash == hashOr }) { continue }
            if words.count > 3 { break }
            modifiers.append((from, to))
        }
        w.begin()
        for (from, to) in modifiers.reversed() {
            for i in from..<to { w.push(w.words[i]) }
        }
        let (from, to) = bounds[0]
        for i in from..<to { w.push(w.words[i]) }
        w.commit()
    }

    /// A comment, purpose or optional phrase after the first word ends the name: "salt to
    /// taste" → "salt", "parsley for garnish" → "parsley", "tomatoes such as Roma" →
    /// "tomato". Not when only drop words precede it, nor when the phrase is a drop phrase of
    /// `key-words.tsv` (step 5 removes those and keeps what follows: "fresh ready-made
    /// custard") or part of a synonym entry.
    func cut(_ w: inout KeyWork) {
        guard w.count > 1 else { return }
        var content = w.words[0].role != KeyRole.drop.rawValue
        for i in 1..<w.count {
            if content, w.words[i].bits & KeyEntry.Bits.commentStart != 0 {
                let line = UnsafeBufferPointer(start: UnsafePointer(w.arena), count: w.used)
                if let m = lexiconPhrases.longestMatch(in: line, start: i, wordAt: { k in k < w.count ? w.words[k].rawRange : nil }) {
                    let entries = longestEntries(w, at: i)
                    let isDrop = entries.role == m.words && entries.roleValue == KeyRole.drop.rawValue
                    let isName = entries.synonym >= m.words
                    if !isDrop, !isName {
                        w.count = i
                        return
                    }
                }
            }
            if w.words[i].role != KeyRole.drop.rawValue { content = true }
        }
    }

    /// Whether a word is a number or an article, skipped after "of" ("juice of 1 lemon").
    private func isNumberish(_ w: KeyWork, _ word: KeyWord) -> Bool {
        if word.hash == hashThe { return true }
        let bytes = w.rawBytes(word)
        if bytes.allSatisfy({ ($0 &- 0x30) < 10 || $0 == 0x25 }) { return true }
        return numbers.value(forWordHash: ByteHash.fold(bytes)) != nil
    }

    /// "P of X" with P a `part` word becomes "X P": "leg of lamb" → "lamb leg", "juice of 2
    /// limes" → "lime juice".
    func reorderParts(_ w: inout KeyWork) {
        var i = 1
        while i < w.count - 1 {
            guard w.words[i].hash == hashOf, w.words[i - 1].role == KeyRole.part.rawValue else { i += 1; continue }
            var s = i + 1
            while s < w.count, isNumberish(w, w.words[s]) { s += 1 }
            var e = s
            while e < w.count, !isConnector(w.words[e]) { e += 1 }
            guard e > s else { i += 1; continue }
            w.begin()
            for k in 0..<(i - 1) { w.push(w.words[k]) }
            for k in s..<e { w.push(w.words[k]) }
            w.push(w.words[i - 1])
            for k in e..<w.count { w.push(w.words[k]) }
            w.commit()
            i = i + (e - s)
        }
    }
}
