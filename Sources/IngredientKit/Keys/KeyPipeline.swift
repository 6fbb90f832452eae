/// The key pipeline over UTF-8 bytes (see `KeySpec` for the steps). Everything works in one
/// stack work space: a byte arena and two word lists; no String is built until the end,
/// and a name that lands on a table key returns that key's stored String.

/// How far a text goes through the pipeline.
enum KeyMode: Int, Comparable {
    /// Folding and word splitting only (`key-overrides.tsv` names, invariants, plurals).
    case raw
    /// …and singulars (`key-words.tsv` phrases).
    case phrase
    /// …and word order: parentheses, commas, "of", "and" (synonym keys and variants).
    case variant
    /// Every step: a canonical key.
    case full

    static func < (a: KeyMode, b: KeyMode) -> Bool { a.rawValue < b.rawValue }
}

/// A word (or, before step 3 is done, a symbol) in the work space.
struct KeyWord {
    /// The word as it now reads: bytes in the arena and their hash.
    var start: Int32
    var length: Int32
    var hash: UInt64
    /// The word as written (folded, apostrophes removed), before singulars.
    var rawStart: Int32
    var rawLength: Int32
    var rawHash: UInt64
    var kind: UInt8
    var flags: UInt8

    static let word: UInt8 = 0, comma: UInt8 = 1, open: UInt8 = 2, close: UInt8 = 3, or: UInt8 = 4, and: UInt8 = 5
    static let protected: UInt8 = 1, dropped: UInt8 = 2

    init(start: Int, length: Int, hash: UInt64, kind: UInt8 = KeyWord.word) {
        self.start = Int32(start)
        self.length = Int32(length)
        self.hash = hash
        self.rawStart = Int32(start)
        self.rawLength = Int32(length)
        self.rawHash = hash
        self.kind = kind
        self.flags = 0
    }

    @inline(__always) var range: Range<Int> { Int(start)..<Int(start + length) }
    @inline(__always) var rawRange: Range<Int> { Int(rawStart)..<Int(rawStart + rawLength) }
}

/// The work space of one key computation.
struct KeyWork {
    static let maximumWords = 64
    static let arenaCapacity = 2 * KeyFolding.maximumFoldedBytes + 2048

    let arena: UnsafeMutablePointer<UInt8>
    let arenaCount: Int
    var used = 0
    var words: UnsafeMutablePointer<KeyWord>
    var count = 0
    var spare: UnsafeMutablePointer<KeyWord>
    var spareCount = 0

    /// Adds a word to the current list (dropped when the list is full).
    @inline(__always)
    mutating func add(_ w: KeyWord) {
        if count < Self.maximumWords { words[count] = w; count += 1 }
    }

    /// Starts building a new list in the spare buffer.
    @inline(__always) mutating func begin() { spareCount = 0 }

    /// Adds a word to the list being built.
    @inline(__always)
    mutating func push(_ w: KeyWord) {
        if spareCount < Self.maximumWords { spare[spareCount] = w; spareCount += 1 }
    }

    /// Makes the list being built the current one.
    @inline(__always)
    mutating func commit() {
        swap(&words, &spare)
        count = spareCount
    }

    /// Copies `bytes` into the arena, returning where they start, or nil when full.
    @inline(__always)
    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard used + bytes.count <= arenaCount else { return nil }
        let start = used
        for b in bytes { arena[used] = b; used += 1 }
        return start
    }

    @inline(__always)
    func bytes(_ w: KeyWord) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + Int(w.start), count: Int(w.length))
    }

    @inline(__always)
    func rawBytes(_ w: KeyWord) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: arena + Int(w.rawStart), count: Int(w.rawLength))
    }
}

extension KeyTableData {
    // MARK: - Entry points

    /// The canonical key of UTF-8 `input`.
    func key(utf8 input: UnsafeBufferPointer<UInt8>, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        withWork(input, mode: .full, foldsDiacritics: foldsDiacritics, forceICU: forceICU) { work, forced in
            if let forced { return forced }
            return finish(&work)
        }
    }

    /// The canonical key of `text`.
    func key(forText text: String, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        var copy = text
        return copy.withUTF8 { key(utf8: $0, foldsDiacritics: foldsDiacritics, forceICU: forceICU) }
    }

    /// The words of `text` after the steps of `mode` (for building the tables).
    func normalizedWords(_ text: String, mode: KeyMode) -> [[UInt8]] {
        var copy = text
        return copy.withUTF8 { input in
            withWork(input, mode: mode, foldsDiacritics: true, forceICU: false) { work, _ in
                (0..<work.count).map { Array(work.bytes(work.words[$0])) }
            }
        }
    }

    /// Runs the steps of `mode` over `input` and hands the work space to `body`, with the
    /// forced key when a `key-overrides.tsv` row matched.
    private func withWork<R>(
        _ input: UnsafeBufferPointer<UInt8>, mode: KeyMode, foldsDiacritics: Bool, forceICU: Bool,
        _ body: (inout KeyWork, String?) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: KeyWork.arenaCapacity) { arena in
            withUnsafeTemporaryAllocation(of: KeyWord.self, capacity: 2 * KeyWork.maximumWords) { lists in
                let base = lists.baseAddress!
                var work = KeyWork(arena: arena.baseAddress!, arenaCount: arena.count, words: base, spare: base + KeyWork.maximumWords)
                let folded = UnsafeMutableBufferPointer(start: arena.baseAddress!, count: KeyFolding.maximumFoldedBytes)
                work.used = KeyFolding.fold(input, into: folded, foldsDiacritics: foldsDiacritics, forceICU: forceICU)
                tokenize(&work)
                if mode == .full, overrides.count > 0, let forced = overrideKey(work) {
                    return body(&work, forced)
                }
                if mode >= .phrase { singularize(&work) }
                if mode >= .variant {
                    structure(&work)
                    if mode == .full { cut(&work) }
                    reorderParts(&work)
                    if mode == .full {
                        drop(&work)
                        chooseAlternative(&work)
                    }
                    sortCoordinates(&work)
                } else {
                    removeSymbols(&work)
                }
                return body(&work, nil)
            }
        }
    }

    // MARK: - Step 2: words

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b &- 0x61) < 26 || (b &- 0x30) < 10 || b == 0x25 || b >= 0x80
    }

    /// Splits the folded bytes into words (letters, digits, `%`, non-ASCII; apostrophes
    /// removed: "confectioners'" → "confectioners", "cow's" → "cows") and the symbols the
    /// later steps read: `,` `;` (segments), brackets, `/` (or), `&` `+` (and). Every other
    /// byte separates words.
    private func tokenize(_ w: inout KeyWork) {
        let folded = w.used
        let a = w.arena
        var i = 0
        while i < folded {
            let b = a[i]
            if Self.isWordByte(b) || b == 0x27 {
                let start = w.used
                var h = ByteHash.seed
                while i < folded {
                    let c = a[i]
                    if Self.isWordByte(c) {
                        if w.used < w.arenaCount {
                            a[w.used] = c
                            w.used += 1
                            h = ByteHash.mixExact(h, c)
                        }
                    } else if c != 0x27 {
                        break
                    }
                    i += 1
                }
                if w.used > start { w.add(KeyWord(start: start, length: w.used - start, hash: h)) }
                continue
            }
            switch b {
            case 0x2C, 0x3B: w.add(KeyWord(start: 0, length: 0, hash: 0, kind: KeyWord.comma))
            case 0x28, 0x5B, 0x7B: w.add(KeyWord(start: 0, length: 0, hash: 0, kind: KeyWord.open))
            case 0x29, 0x5D, 0x7D: w.add(KeyWord(start: 0, length: 0, hash: 0, kind: KeyWord.close))
            case 0x2F: w.add(KeyWord(start: 0, length: 0, hash: 0, kind: KeyWord.or))
            case 0x26, 0x2B: w.add(KeyWord(start: 0, length: 0, hash: 0, kind: KeyWord.and))
            default: break
            }
            i += 1
        }
    }

    /// The forced key of a raw name, if `key-overrides.tsv` has one.
    private func overrideKey(_ w: KeyWork) -> String? {
        var h: UInt64 = 0
        var first = true
        for i in 0..<w.count where w.words[i].kind == KeyWord.word {
            h = first ? w.words[i].rawHash : Self.extend(h, w.words[i].rawHash)
            first = false
        }
        guard !first, let index = overrides[h] else { return nil }
        return overrideKeys[Int(index)]
    }

    private func removeSymbols(_ w: inout KeyWork) {
        w.begin()
        for i in 0..<w.count where w.words[i].kind == KeyWord.word { w.push(w.words[i]) }
        w.commit()
    }

    // MARK: - Step 4: singulars (run before step 2's word order so that tables match)

    /// Replaces each word by its singular: an invariant phrase or word stays, a `plurals.tsv`
    /// word takes its singular, any other word goes through `Singularizer.rule`.
    private func singularize(_ w: inout KeyWork) {
        var i = 0
        while i < w.count {
            guard w.words[i].kind == KeyWord.word else { i += 1; continue }
            let entry = forms[w.words[i].rawHash]
            if let entry, entry.continues {
                var h = w.words[i].rawHash
                var j = i + 1
                var best = 0
                while j < w.count, w.words[j].kind == KeyWord.word {
                    h = Self.extend(h, w.words[j].rawHash)
                    guard let f = forms[h] else { break }
                    if f.invariantPhrase { best = j - i + 1 }
                    if !f.continues { break }
                    j += 1
                }
                if best > 0 { i += best; continue }
            }
            if let entry, entry.replacement != -2 {
                if entry.replacement >= 0 {
                    let form = formPool[Int(entry.replacement)]
                    if let start = form.bytes.withUnsafeBufferPointer({ w.store($0) }) {
                        w.words[i].start = Int32(start)
                        w.words[i].length = Int32(form.bytes.count)
                        w.words[i].hash = form.hash
                    }
                }
                i += 1
                continue
            }
            let word = w.words[i]
            let (keep, appendY) = Singularizer.rule(w.arena + Int(word.start), Int(word.length))
            if appendY {
                if w.used + keep + 1 <= w.arenaCount {
                    let start = w.used
                    for k in 0..<keep { w.arena[w.used] = w.arena[Int(word.start) + k]; w.used += 1 }
                    w.arena[w.used] = 0x79 // y
                    w.used += 1
                    w.words[i].start = Int32(start)
                    w.words[i].length = Int32(keep + 1)
                    w.words[i].hash = Self.wordHash(w.arena + start, keep + 1)
                }
            } else if keep != Int(word.length) {
                w.words[i].length = Int32(keep)
                w.words[i].hash = Self.wordHash(w.arena + Int(word.start), keep)
            }
            i += 1
        }
    }

    // MARK: - Step 2: structure

    @inline(__always)
    func role(_ word: KeyWord) -> KeyRole? {
        guard let e = phrases[word.hash], e.role != 0 else { return nil }
        return KeyRole(rawValue: e.role)
    }

    @inline(__always)
    static func isConnector(_ word: KeyWord) -> Bool {
        word.kind != KeyWord.word || word.hash == hashAnd || word.hash == hashOr || word.hash == hashOf
    }

    /// Parenthesized text is left out (unless nothing else is left); comma segments after
    /// the first are dropped when they are comments (a comment phrase, a digit, more than
    /// three words) or only drop words, and are otherwise modifiers moved in front, last
    /// first ("pepper, black, ground" → "ground black pepper"); `/` becomes "or" and `&`
    /// "and"; "and/or" is "or".
    private func structure(_ w: inout KeyWork) {
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
        do {
            // Symbols to words (other symbols go); "and" right before "or" goes.
            w.begin()
            var i = 0
            while i < w.count {
                var t = w.words[i]
                if t.kind == KeyWord.or || t.kind == KeyWord.and {
                    let text: StaticString = t.kind == KeyWord.or ? "or" : "and"
                    guard let start = w.store(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) else { i += 1; continue }
                    t = KeyWord(start: start, length: text.utf8CodeUnitCount, hash: t.kind == KeyWord.or ? Self.hashOr : Self.hashAnd)
                } else if t.kind != KeyWord.word {
                    i += 1
                    continue
                }
                if t.hash == Self.hashAnd, i + 1 < w.count,
                   w.words[i + 1].kind == KeyWord.or || (w.words[i + 1].kind == KeyWord.word && w.words[i + 1].hash == Self.hashOr) {
                    i += 1
                    continue
                }
                w.push(t)
                i += 1
            }
            w.commit()
        }
    }

    private func orderSegments(_ w: inout KeyWork) {
        // Segment boundaries.
        var bounds: [(Int, Int)] = []
        bounds.reserveCapacity(4)
        var s = 0
        for i in 0...w.count where i == w.count || w.words[i].kind == KeyWord.comma {
            bounds.append((s, i))
            s = i + 1
        }
        var modifiers: [(Int, Int)] = []
        segments: for (from, to) in bounds.dropFirst() {
            var words: [KeyWord] = []
            for i in from..<to where w.words[i].kind == KeyWord.word { words.append(w.words[i]) }
            if words.isEmpty { continue }
            for word in words {
                for b in w.rawBytes(word) where (b &- 0x30) < 10 { break segments }
            }
            let line = UnsafeBufferPointer(start: UnsafePointer(w.arena), count: w.used)
            if lexiconPhrases.longestMatch(in: line, start: 0, wordAt: { k in k < words.count ? words[k].rawRange : nil }) != nil {
                break
            }
            if words.allSatisfy({ role($0) == .drop || $0.hash == Self.hashAnd || $0.hash == Self.hashOr }) { continue }
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
    /// custard").
    private func cut(_ w: inout KeyWork) {
        guard w.count > 1 else { return }
        let line = UnsafeBufferPointer(start: UnsafePointer(w.arena), count: w.used)
        var content = role(w.words[0]) != .drop
        for i in 1..<w.count {
            if content, let m = lexiconPhrases.longestMatch(in: line, start: i, wordAt: { k in k < w.count ? w.words[k].rawRange : nil }) {
                let entries = longestEntries(w, at: i)
                let isDrop = entries.role == m.words && entries.roleValue == KeyRole.drop.rawValue
                let isName = entries.synonym >= m.words
                if !isDrop, !isName {
                    w.count = i
                    return
                }
            }
            if role(w.words[i]) != .drop { content = true }
        }
    }

    // MARK: - Step 2: "of"

    /// Whether a word is a number or an article, skipped after "of" ("juice of 1 lemon").
    private func isNumberish(_ w: KeyWork, _ word: KeyWord) -> Bool {
        if word.hash == Self.hashThe { return true }
        let bytes = w.rawBytes(word)
        if bytes.allSatisfy({ ($0 &- 0x30) < 10 || $0 == 0x25 }) { return true }
        return numbers.value(forWordHash: ByteHash.fold(bytes)) != nil
    }

    /// "P of X" with P a `part` word becomes "X P": "leg of lamb" → "lamb leg", "juice of 2
    /// limes" → "lime juice".
    private func reorderParts(_ w: inout KeyWork) {
        var i = 1
        while i < w.count - 1 {
            guard w.words[i].hash == Self.hashOf, role(w.words[i - 1]) == .part else { i += 1; continue }
            var s = i + 1
            while s < w.count, isNumberish(w, w.words[s]) { s += 1 }
            var e = s
            while e < w.count, !Self.isConnector(w.words[e]) { e += 1 }
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

    // MARK: - Step 3: dropped words

    /// The longest table entries starting at word `i`: (synonym words, role words, role).
    @inline(__always)
    private func longestEntries(_ w: KeyWork, at i: Int) -> (synonym: Int, row: Int32, wholeOnly: Bool, role: Int, roleValue: UInt8) {
        var h = w.words[i].hash
        var j = i
        var best = (synonym: 0, row: Int32(-1), wholeOnly: false, role: 0, roleValue: UInt8(0))
        while let e = phrases[h] {
            if e.synonym >= 0 { best.synonym = j - i + 1; best.row = e.synonym; best.wholeOnly = e.wholeOnly }
            if e.role != 0 { best.role = j - i + 1; best.roleValue = e.role }
            guard e.continues, j + 1 < w.count else { break }
            j += 1
            h = Self.extend(h, w.words[j].hash)
        }
        return best
    }

    /// Leaves out `drop` words and phrases unless a synonym entry or a `keep` phrase covers
    /// them (longest entry wins; a synonym wins a tie). A name made only of drop words keeps
    /// them. Connectors left at either end ("and", "or", "of", "with") go.
    private func drop(_ w: inout KeyWork) {
        var any = false
        var i = 0
        while i < w.count {
            let m = longestEntries(w, at: i)
            if m.synonym > 0, m.synonym >= m.role {
                i += m.synonym
            } else if m.role > 0 {
                if m.roleValue == KeyRole.drop.rawValue {
                    for k in i..<(i + m.role) { w.words[k].flags |= KeyWord.dropped }
                    any = true
                }
                i += m.role
            } else {
                i += 1
            }
        }
        if any {
            var kept = 0
            for k in 0..<w.count where w.words[k].flags & KeyWord.dropped == 0 && !Self.isConnector(w.words[k]) { kept += 1 }
            w.begin()
            for k in 0..<w.count where kept == 0 || w.words[k].flags & KeyWord.dropped == 0 { w.push(w.words[k]) }
            w.commit()
        }
        trimConnectors(&w)
    }

    static let hashWith = wordHash(Array("with".utf8))

    /// Removes connectors at either end and repeated ones in the middle.
    private func trimConnectors(_ w: inout KeyWork) {
        @inline(__always) func isEdge(_ word: KeyWord) -> Bool { Self.isConnector(word) || word.hash == Self.hashWith }
        var from = 0, to = w.count
        while from < to, isEdge(w.words[from]) { from += 1 }
        while to > from, isEdge(w.words[to - 1]) { to -= 1 }
        if from == to { return } // nothing but connectors: leave the name as it is
        var doubled = false
        for k in (from + 1)..<max(from + 1, to) where Self.isConnector(w.words[k]) && Self.isConnector(w.words[k - 1]) { doubled = true }
        if from == 0, to == w.count, !doubled { return }
        w.begin()
        for k in from..<to {
            if k > from, Self.isConnector(w.words[k]), Self.isConnector(w.words[k - 1]) { continue }
            w.push(w.words[k])
        }
        w.commit()
    }

    // MARK: - Step 2: alternatives and coordinates

    /// Whether the first `count` words of `list` are a key or variant of `synonyms.tsv`.
    private func isKnown(_ list: UnsafeMutablePointer<KeyWord>, _ count: Int) -> Bool {
        guard count > 0 else { return false }
        var h = list[0].hash
        for j in 1..<max(1, count) { h = Self.extend(h, list[j].hash) }
        return (phrases[h]?.synonym ?? -1) >= 0
    }

    /// "A or B" keys as one alternative. When B has more than one word, A may share B's head:
    /// A + B's tail (A one word) or A + B's last word (A longer) is taken when the synonym
    /// table knows it ("chicken or vegetable stock" → "chicken stock", "fine sea or kosher
    /// salt" → "fine sea salt") or when A is a one-word `keep` word ("red or white wine" →
    /// "red wine"). Otherwise A is taken when it is longer than one word, B is one word, or
    /// A is itself in the table ("ghee or clarified butter" → "ghee"); and the name is kept
    /// whole when unsure ("honey or maple syrup").
    private func chooseAlternative(_ w: inout KeyWork) {
        var k = -1
        for i in 1..<max(1, w.count - 1) where w.words[i].hash == Self.hashOr { k = i; break }
        guard k > 0 else { return }
        // End of B: the next "or" ends it too ("a or b or c").
        var end = w.count
        for i in (k + 1)..<w.count where w.words[i].hash == Self.hashOr { end = i; break }
        let rightWords = end - k - 1
        if rightWords >= 2 {
            let tailFrom = k == 1 ? k + 2 : end - 1
            w.begin()
            for j in 0..<k { w.push(w.words[j]) }
            for j in tailFrom..<end { w.push(w.words[j]) }
            let candidateKnown = isKnown(w.spare, w.spareCount)
            if candidateKnown || (k == 1 && role(w.words[0]) == .keep) {
                w.commit()
                trimConnectors(&w)
                return
            }
            if k == 1, !isKnown(w.words, 1) { return } // unsure: keep the whole name
        }
        w.count = k
        trimConnectors(&w)
    }

    /// "A and B" with A and B both `keep` words is written in byte order ("yellow and red" →
    /// "red and yellow").
    private func sortCoordinates(_ w: inout KeyWork) {
        guard w.count >= 3 else { return }
        for i in 1..<(w.count - 1) where w.words[i].hash == Self.hashAnd {
            let a = w.words[i - 1], b = w.words[i + 1]
            guard role(a) == .keep, role(b) == .keep else { continue }
            if !w.bytes(b).lexicographicallyPrecedes(w.bytes(a)) { continue }
            w.words[i - 1] = b
            w.words[i + 1] = a
        }
    }

    // MARK: - Step 5: synonyms, and the key

    private func sequenceHash(_ w: KeyWork) -> UInt64 {
        var h = w.words[0].hash
        for i in 1..<w.count { h = Self.extend(h, w.words[i].hash) }
        return h
    }

    /// Whole-name synonyms; otherwise in-name synonyms replaced (longest first, left to
    /// right, up to four rounds); then a whole-name match with spaces ignored
    /// ("breadcrumbs" = "bread crumbs"); otherwise the words joined by single spaces.
    private func finish(_ w: inout KeyWork) -> String {
        guard w.count > 0 else { return "" }
        for _ in 0..<4 {
            if let e = phrases[sequenceHash(w)], e.synonym >= 0 { return rows[Int(e.synonym)].key }
            if !substitute(&w) { break }
        }
        var h = ByteHash.seed
        for i in 0..<w.count { h = ByteHash.exact(w.bytes(w.words[i]), into: h) }
        if let row = spaceless[h] { return rows[Int(row)].key }
        return join(w)
    }

    /// Whether the `count` words at `i` read exactly as `row`'s key.
    @inline(__always)
    private func isIdentity(_ w: KeyWork, at i: Int, count: Int, row: Int32) -> Bool {
        let row = rows[Int(row)]
        guard row.words.count == count else { return false }
        for k in 0..<count where row.words[k].hash != w.words[i + k].hash { return false }
        return true
    }

    /// One round of in-name synonym replacement; whether anything changed. A match that
    /// changes nothing (a key as written) does not block an overlapping match that reaches
    /// further and changes something: "milk chocolate drops" → "milk chocolate chip".
    private func substitute(_ w: inout KeyWork) -> Bool {
        var changed = false
        w.begin()
        var i = 0
        while i < w.count {
            let m = longestEntries(w, at: i)
            guard m.synonym > 0, !m.wholeOnly || m.synonym == w.count else {
                w.push(w.words[i])
                i += 1
                continue
            }
            let row = rows[Int(m.row)]
            let same = isIdentity(w, at: i, count: m.synonym, row: m.row)
            if same, m.synonym > 1 {
                var deferred = false
                for j in (i + 1)..<(i + m.synonym) {
                    let n = longestEntries(w, at: j)
                    if n.synonym > 0, j + n.synonym > i + m.synonym, !n.wholeOnly,
                       !isIdentity(w, at: j, count: n.synonym, row: n.row) {
                        deferred = true
                        break
                    }
                }
                if deferred {
                    w.push(w.words[i])
                    i += 1
                    continue
                }
            }
            var stored = !same
            if !same {
                let mark = w.used
                let pushed = w.spareCount
                for rw in row.words {
                    let start = row.keyBytes.withUnsafeBufferPointer { w.store(UnsafeBufferPointer(rebasing: $0[rw.start..<(rw.start + rw.length)])) }
                    guard let start else { stored = false; break }
                    w.push(KeyWord(start: start, length: rw.length, hash: rw.hash))
                }
                if !stored {
                    w.used = mark
                    w.spareCount = pushed
                }
            }
            if stored {
                changed = true
            } else {
                for k in i..<(i + m.synonym) { w.push(w.words[k]) }
            }
            i += m.synonym
        }
        w.commit()
        return changed
    }

    private func join(_ w: KeyWork) -> String {
        var total = w.count - 1
        for i in 0..<w.count { total += Int(w.words[i].length) }
        return String(unsafeUninitializedCapacity: total) { out in
            var n = 0
            for i in 0..<w.count {
                if i > 0 { out[n] = 0x20; n += 1 }
                for b in w.bytes(w.words[i]) { out[n] = b; n += 1 }
            }
            return n
        }
    }

    // MARK: - Display names

    /// The display name of `key` in `locale`: the synonym row's name when the key is a row's
    /// key; otherwise the key itself, where for en-GB each row key inside it whose British
    /// name differs from its American one is replaced by the British name ("zucchini flower"
    /// → "courgette flower").
    func displayName(forKey key: String, locale: DisplayLocale) -> String {
        var copy = key
        return copy.withUTF8 { bytes -> String in
            if let row = rowByKey[ByteHash.exact(bytes)] { return rows[Int(row)].display(locale) }
            guard locale != .enUS else { return key }
            let words = bytes.split(separator: 0x20)
            guard !words.isEmpty else { return key }
            let hashes = words.map { ByteHash.exact($0) }
            var parts: [String] = []
            var i = 0
            var changed = false
            while i < words.count {
                var h = hashes[i], j = i
                var best = 0, bestRow: Int32 = -1
                while let e = phrases[h] {
                    if e.synonym >= 0 {
                        let row = rows[Int(e.synonym)]
                        if row.words.count == j - i + 1, zip(row.words, hashes[i...j]).allSatisfy({ $0.hash == $1 }) {
                            best = j - i + 1
                            bestRow = e.synonym
                        }
                    }
                    guard e.continues, j + 1 < words.count else { break }
                    j += 1
                    h = Self.extend(h, hashes[j])
                }
                if best > 0 {
                    let row = rows[Int(bestRow)]
                    if row.display(locale) != row.enUS {
                        changed = true
                        parts.append(row.display(locale))
                    } else {
                        parts.append(row.key)
                    }
                    i += best
                } else {
                    parts.append(String(decoding: words[i], as: UTF8.self))
                    i += 1
                }
            }
            return changed ? parts.joined(separator: " ") : key
        }
    }
}
