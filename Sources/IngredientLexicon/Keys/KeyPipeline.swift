import IngredientText

/// The key pipeline over UTF-8 bytes (see `KeySpec` for the steps). It works in one stack
/// work space: a byte arena and two word lists. Each word carries its table entry, looked up
/// once, so most steps cost no look-up at all; no String is built until the end, and a name
/// that lands on a table key returns that key's stored String.

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

/// A word (or, before word order is done, a symbol) in the work space: 32 bytes.
struct KeyWord {
    /// The word as it now reads: its hash, and its bytes in the arena.
    var hash: UInt64
    /// The word as written (folded, apostrophes removed), before its singular.
    var rawHash: UInt64
    var start: UInt16
    var length: UInt16
    var rawStart: UInt16
    var rawLength: UInt16
    /// The synonym row of the word alone, or -1 (from its entry).
    var row: Int32
    var kind: UInt8
    /// `KeyEntry.Bits` of the word as it now reads, plus `commentStart` of the raw word.
    var bits: UInt8
    /// Step marks (`dropped`).
    var flags: UInt8

    static let word: UInt8 = 0, comma: UInt8 = 1, open: UInt8 = 2, close: UInt8 = 3, or: UInt8 = 4, and: UInt8 = 5
    static let dropped: UInt8 = 1

    init(start: Int, length: Int, hash: UInt64, kind: UInt8 = KeyWord.word) {
        self.hash = hash
        self.rawHash = hash
        self.start = UInt16(truncatingIfNeeded: start)
        self.length = UInt16(truncatingIfNeeded: length)
        self.rawStart = self.start
        self.rawLength = self.length
        self.row = -1
        self.kind = kind
        self.bits = 0
        self.flags = 0
    }

    @inline(__always) var role: UInt8 { bits & KeyEntry.Bits.roleMask }
    @inline(__always) var rawRange: Range<Int> { Int(rawStart)..<(Int(rawStart) + Int(rawLength)) }
}

/// The work space of one key computation.
struct KeyWork {
    /// Words read from a name; later ones are ignored.
    static let maximumWords = 32
    /// Arena bytes for short ASCII names, which take the stack-only path.
    static let smallArena = 1024
    /// The longest ASCII name the small arena takes.
    static let smallInput = 300
    /// Arena bytes for any other name: folded bytes, their words, and room to spare.
    static let largeArena = 2 * KeyFolding.maximumFoldedBytes + 2048

    let arena: UnsafeMutablePointer<UInt8>
    let arenaCount: Int
    var used = 0
    var words: UnsafeMutablePointer<KeyWord>
    var count = 0
    var spare: UnsafeMutablePointer<KeyWord>
    var spareCount = 0
    /// Whether tokenizing met `,` `;` brackets `/` `&` `+`.
    var hasSymbols = false
    /// The union of the words' entry bits, and which connectors occur (`Connector`), so that
    /// steps with nothing to do are skipped.
    var anyBits: UInt8 = 0
    var connectors: UInt8 = 0

    enum Connector {
        static let of: UInt8 = 1, or: UInt8 = 2, and: UInt8 = 4, with: UInt8 = 8
    }

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

typealias WordHasher = KeyTables.WordHasher

extension KeyTables {
    // MARK: - Entry points

    /// The canonical key of UTF-8 `input`.
    package func key(utf8 input: UnsafeBufferPointer<UInt8>, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        withWork(input, mode: .full, foldsDiacritics: foldsDiacritics, forceICU: forceICU) { work, forced in
            if let forced { return forced }
            return finish(&work)
        }
    }

    /// The canonical key of `text`.
    package func key(forText text: String, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        if let key = text.utf8.withContiguousStorageIfAvailable({ key(utf8: $0, foldsDiacritics: foldsDiacritics, forceICU: forceICU) }) {
            return key
        }
        var copy = text
        return copy.withUTF8 { key(utf8: $0, foldsDiacritics: foldsDiacritics, forceICU: forceICU) }
    }

    /// The words of `text` after the steps of `mode` (for building the tables). The table
    /// cells are mostly ASCII: the few that are not fold through ICU directly (the same folds
    /// as through the per-character table, which the tests check), so that building the tables
    /// at start-up does not build that table (`KeyFolding.CharacterFolds`).
    func normalizedWords(_ text: String, mode: KeyMode) -> [[UInt8]] {
        var copy = text
        return copy.withUTF8 { input in
            withWork(input, mode: mode, foldsDiacritics: true, forceICU: false, usesCharacterFolds: false) { work, _ in
                (0..<work.count).map { Array(work.bytes(work.words[$0])) }
            }
        }
    }

    /// Runs the steps of `mode` over `input` and hands the work space to `body`, with the
    /// forced key when a `key-overrides.tsv` row matched.
    ///
    /// A short name (up to `KeyWork.smallInput` bytes) that is ASCII, or whose characters
    /// all have a precomputed fold (`KeyFolding.CharacterFolds`), runs in a small work space
    /// whose every temporary allocation stays within 1 KB, which Swift keeps on the stack;
    /// any other name folds through ICU in a larger one.
    private func withWork<R>(
        _ input: UnsafeBufferPointer<UInt8>, mode: KeyMode, foldsDiacritics: Bool, forceICU: Bool,
        usesCharacterFolds: Bool = true, _ body: (inout KeyWork, String?) -> R
    ) -> R {
        if !forceICU, input.count <= KeyWork.smallInput {
            let result: R? = withArena(KeyWork.smallArena, mode: mode, body) { work in
                if KeyFolding.isASCII(input) {
                    tokenizeASCII(input, &work)
                    return true
                }
                guard usesCharacterFolds else { return false }
                let folds = foldsDiacritics ? KeyFolding.latinWithoutMarks : KeyFolding.latin
                guard let n = folds.fold(input, into: UnsafeMutableBufferPointer(start: work.arena, count: KeyWork.smallInput)) else {
                    return false
                }
                work.used = n
                tokenize(&work)
                return true
            }
            if let result { return result }
        }
        return withArena(KeyWork.largeArena, mode: mode, body) { work in
            let folded = UnsafeMutableBufferPointer(start: work.arena, count: KeyFolding.maximumFoldedBytes)
            work.used = KeyFolding.fold(input, into: folded, foldsDiacritics: foldsDiacritics, forceICU: forceICU,
                                        usesCharacterFolds: usesCharacterFolds)
            tokenize(&work)
            return true
        }!
    }

    /// Runs `prepare` (folding and words) in a work space of `arenaBytes`, then the steps of
    /// `mode`, then `body`; nil when `prepare` declines.
    @inline(__always)
    private func withArena<R>(
        _ arenaBytes: Int, mode: KeyMode, _ body: (inout KeyWork, String?) -> R, prepare: (inout KeyWork) -> Bool
    ) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: arenaBytes) { arena in
            withUnsafeTemporaryAllocation(of: KeyWord.self, capacity: KeyWork.maximumWords) { words in
                withUnsafeTemporaryAllocation(of: KeyWord.self, capacity: KeyWork.maximumWords) { spare in
                    var work = KeyWork(arena: arena.baseAddress!, arenaCount: arena.count, words: words.baseAddress!, spare: spare.baseAddress!)
                    guard prepare(&work) else { return nil }
                    if mode == .full, overrides.count > 0, let forced = overrideKey(work) {
                        return body(&work, forced)
                    }
                    if mode >= .phrase {
                        singularize(&work)
                        noteWords(&work)
                    }
                    if mode >= .variant {
                        if work.hasSymbols {
                            structure(&work)
                            noteWords(&work)
                        }
                        let c = work.connectors
                        if mode == .full, work.anyBits & KeyEntry.Bits.commentStart != 0 { cut(&work) }
                        if c & KeyWork.Connector.of != 0 { reorderParts(&work) }
                        if mode == .full {
                            if work.anyBits & KeyEntry.Bits.startsDrop != 0 || c != 0 { drop(&work) }
                            if c & KeyWork.Connector.or != 0 { chooseAlternative(&work) }
                        }
                        if c & KeyWork.Connector.and != 0 { sortCoordinates(&work) }
                    } else if work.hasSymbols {
                        removeSymbols(&work)
                    }
                    return body(&work, nil)
                }
            }
        }
    }

    // MARK: - Step 2: words

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b &- 0x61) < 26 || (b &- 0x30) < 10 || b == 0x25 || b >= 0x80
    }

    /// The symbol kind of a separator byte, or nil for one that only separates.
    @inline(__always)
    static func symbol(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x2C, 0x3B: KeyWord.comma
        case 0x28, 0x5B, 0x7B: KeyWord.open
        case 0x29, 0x5D, 0x7D: KeyWord.close
        case 0x2F: KeyWord.or
        case 0x26, 0x2B: KeyWord.and
        default: nil
        }
    }

    /// Splits the folded bytes at the start of the arena into words (letters, digits, `%`,
    /// non-ASCII; apostrophes removed: "confectioners'" → "confectioners", "cow's" → "cows")
    /// and the symbols the later steps read: `,` `;` (segments), brackets, `/` (or), `&` `+`
    /// (and). Every other byte separates words.
    private func tokenize(_ w: inout KeyWork) {
        let folded = w.used
        let a = w.arena
        var i = 0
        while i < folded {
            let b = a[i]
            if Self.isWordByte(b) || b == 0x27 {
                let start = w.used
                var hasher = WordHasher()
                while i < folded {
                    let c = a[i]
                    if Self.isWordByte(c) {
                        if w.used < w.arenaCount {
                            a[w.used] = c
                            w.used += 1
                            hasher.add(c)
                        }
                    } else if c != 0x27 {
                        break
                    }
                    i += 1
                }
                if w.used > start { w.add(KeyWord(start: start, length: w.used - start, hash: hasher.value)) }
                continue
            }
            if let kind = Self.symbol(b) {
                w.add(KeyWord(start: 0, length: 0, hash: 0, kind: kind))
                w.hasSymbols = true
            }
            i += 1
        }
    }

    /// `tokenize` for ASCII input read straight from `input`, folding A–Z as it goes (the same
    /// bytes as `KeyFolding.fold` followed by `tokenize`), one table look-up per byte.
    private func tokenizeASCII(_ input: UnsafeBufferPointer<UInt8>, _ w: inout KeyWork) {
        let a = w.arena
        let classes = byteClasses.table
        let word = ByteClasses.wordByte
        guard let base = input.baseAddress, !input.isEmpty else { return }
        // Work on a copy at the far end of the arena, so that eight-byte loads never read past
        // memory we own (the words are written from the start; a short name leaves room).
        let readableEnd = a + w.arenaCount
        let copy = readableEnd - 8 - input.count
        guard copy >= a + w.used + input.count else { return }
        copy.update(from: base, count: input.count)
        var p = UnsafePointer(copy)
        let end = p + input.count
        var out = a + w.used
        while p < end {
            let c = classes[Int(p.pointee)]
            if c & word != 0 || c == 0x27 {
                let start = out
                let from = p
                var apostrophe = false
                while p < end {
                    // Runs of letters eight bytes at a time: fold A–Z, store all eight, keep
                    // the leading letters (the arena has room past the word).
                    do {
                        let l = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) | 0x2020_2020_2020_2020
                        let letters = ((l | 0x8080_8080_8080_8080) &- 0x6161_6161_6161_6161)
                            & (0xFAFA_FAFA_FAFA_FAFA &- l) & 0x8080_8080_8080_8080
                        let n = min((~letters & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3, end - p)
                        if n > 0 {
                            UnsafeMutableRawPointer(out).storeBytes(of: l, as: UInt64.self)
                            out += n
                            p += n
                            continue
                        }
                    }
                    let d = classes[Int(p.pointee)]
                    if d & word != 0 {
                        out.pointee = d & 0x7F
                        out = out.successor()
                    } else if d != 0x27 {
                        break
                    } else {
                        apostrophe = true
                    }
                    p = p.successor()
                }
                let length = out - start
                if length > 0 {
                    // Hash from the input, folded eight bytes at a time, rather than reading
                    // back the bytes just stored (a wide load of fresh narrow stores stalls).
                    let hash = apostrophe ? Self.wordHash(start, length) : Self.foldedHash(from, length, end: UnsafePointer(readableEnd))
                    w.add(KeyWord(start: start - a, length: length, hash: hash))
                }
                continue
            }
            if c & 0xF0 != 0x20 || c == 0x20 {
                // Not , ( ) / & + [ ] { } ; — cheap test first: most separators are spaces.
                if c != 0x3B && c != 0x5B && c != 0x5D && c != 0x7B && c != 0x7D {
                    p += 1
                    continue
                }
            }
            if let kind = Self.symbol(c) {
                w.add(KeyWord(start: 0, length: 0, hash: 0, kind: kind))
                w.hasSymbols = true
            }
            p += 1
        }
        w.used = out - a
    }

    /// `wordHash` of the ASCII bytes at `p` folded to lowercase (A–Z → a–z), reading eight
    /// input bytes at a time while they lie before `end`.
    @inline(__always)
    static func foldedHash(_ p: UnsafePointer<UInt8>, _ n: Int, end: UnsafePointer<UInt8>) -> UInt64 {
        @inline(__always) func lower(_ x: UInt64) -> UInt64 {
            // 0x80 in each byte from 'A' (0x41) to 'Z' (0x5A), moved to 0x20 and added.
            let upper = (x &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(x &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
            return x | (upper >> 2)
        }
        var h = WordHasher()
        var i = 0
        while i + 8 <= n {
            h.mixChunk(lower(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)))
            i += 8
        }
        let rest = n - i
        if rest > 0 {
            if p + i + 8 <= end {
                h.mixTail(lower(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) & ((1 &<< (UInt64(rest) &* 8)) &- 1))
            } else {
                var tail: UInt64 = 0, shift: UInt64 = 0
                for k in i..<n {
                    var b = p[k]
                    if (b &- 0x41) < 26 { b |= 0x20 }
                    tail |= UInt64(b) &<< shift
                    shift &+= 8
                }
                h.mixTail(tail)
            }
        }
        return h.value
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

    /// Sets `anyBits` and `connectors` from the current words.
    private func noteWords(_ w: inout KeyWork) {
        w.anyBits = 0
        w.connectors = 0
        for i in 0..<w.count { note(w.words[i], &w) }
    }

    @inline(__always)
    private func note(_ word: KeyWord, _ w: inout KeyWork) {
        w.anyBits |= word.bits
        if word.length <= 4 {
            if word.hash == hashOf { w.connectors |= KeyWork.Connector.of }
            else if word.hash == hashOr { w.connectors |= KeyWork.Connector.or }
            else if word.hash == hashAnd { w.connectors |= KeyWork.Connector.and }
            else if word.hash == hashWith { w.connectors |= KeyWork.Connector.with }
        }
    }

    private func removeSymbols(_ w: inout KeyWork) {
        w.begin()
        for i in 0..<w.count where w.words[i].kind == KeyWord.word { w.push(w.words[i]) }
        w.commit()
    }

    // MARK: - Step 3: singulars

    /// Sets a word's cached entry fields from the table.
    @inline(__always)
    private func load(_ word: inout KeyWord, _ entry: KeyEntry?) {
        let comment = word.bits & KeyEntry.Bits.commentStart
        if let entry {
            word.row = entry.synonym
            word.bits = (entry.bits & ~KeyEntry.Bits.commentStart) | comment
        } else {
            word.row = -1
            word.bits = comment
        }
    }

    /// Replaces each word by its singular: an invariant phrase or word stays, a `plurals.tsv`
    /// word takes its singular, any other word goes through `Singularizer.rule`. Each word's
    /// entry is looked up once for the raw word and once more only if the singular differs.
    private func singularize(_ w: inout KeyWork) {
        var i = 0
        while i < w.count {
            guard w.words[i].kind == KeyWord.word else { i += 1; continue }
            let entry = entries[w.words[i].rawHash]
            w.words[i].bits = (entry?.bits ?? 0) & KeyEntry.Bits.commentStart
            if let entry, entry.bits & KeyEntry.Bits.formContinues != 0 {
                var h = w.words[i].rawHash
                var j = i + 1
                var best = 0
                while j < w.count, w.words[j].kind == KeyWord.word {
                    h = Self.extend(h, w.words[j].rawHash)
                    guard let f = entries[h] else { break }
                    if f.bits & KeyEntry.Bits.invariantPhrase != 0 { best = j - i + 1 }
                    if f.bits & KeyEntry.Bits.formContinues == 0 { break }
                    j += 1
                }
                if best > 0 {
                    for k in i..<(i + best) {
                        let e = k == i ? entry : entries[w.words[k].rawHash]
                        w.words[k].bits = (e?.bits ?? 0) & KeyEntry.Bits.commentStart
                        load(&w.words[k], e)
                    }
                    i += best
                    continue
                }
            }
            let replacement = entry?.replacement ?? -2
            if let entry, entry.carriesSingular {
                // A regular plural of a known word: the rules give its bytes, the entry its
                // singular's hash and fields.
                let word = w.words[i]
                let (keep, appendY) = Singularizer.rule(w.arena + Int(word.start), Int(word.length))
                if appendY {
                    guard w.used + keep + 1 <= w.arenaCount else {
                        load(&w.words[i], nil) // no room: the word stays as written
                        i += 1
                        continue
                    }
                    let start = w.used
                    for k in 0..<keep { w.arena[w.used] = w.arena[Int(word.start) + k]; w.used += 1 }
                    w.arena[w.used] = 0x79 // y
                    w.used += 1
                    w.words[i].start = UInt16(truncatingIfNeeded: start)
                    w.words[i].length = UInt16(truncatingIfNeeded: keep + 1)
                } else {
                    w.words[i].length = UInt16(truncatingIfNeeded: keep)
                }
                w.words[i].hash = formPool[Int(replacement)].hash
                load(&w.words[i], entry)
            } else if replacement == -1 {
                load(&w.words[i], entry)
            } else if replacement >= 0 {
                let form = formPool[Int(replacement)]
                if let start = form.bytes.withUnsafeBufferPointer({ w.store($0) }) {
                    w.words[i].start = UInt16(truncatingIfNeeded: start)
                    w.words[i].length = UInt16(truncatingIfNeeded: form.bytes.count)
                    w.words[i].hash = form.hash
                    load(&w.words[i], entries[form.hash])
                } else {
                    load(&w.words[i], entry)
                }
            } else {
                let word = w.words[i]
                let (keep, appendY) = Singularizer.rule(w.arena + Int(word.start), Int(word.length))
                // Hashed byte by byte: the bytes were just stored, and a wide load of them
                // would wait for the stores.
                if appendY, w.used + keep + 1 <= w.arenaCount {
                    let start = w.used
                    var hasher = WordHasher()
                    for k in 0..<keep {
                        let b = w.arena[Int(word.start) + k]
                        w.arena[w.used] = b
                        w.used += 1
                        hasher.add(b)
                    }
                    w.arena[w.used] = 0x79 // y
                    w.used += 1
                    hasher.add(0x79)
                    w.words[i].start = UInt16(truncatingIfNeeded: start)
                    w.words[i].length = UInt16(truncatingIfNeeded: keep + 1)
                    w.words[i].hash = hasher.value
                    load(&w.words[i], entries[w.words[i].hash])
                } else if !appendY, keep != Int(word.length) {
                    var hasher = WordHasher()
                    if Int(word.start) + keep + 8 <= w.arenaCount {
                        hasher.add(w.arena + Int(word.start), keep)
                    } else {
                        for k in 0..<keep { hasher.add(w.arena[Int(word.start) + k]) }
                    }
                    w.words[i].length = UInt16(truncatingIfNeeded: keep)
                    w.words[i].hash = hasher.value
                    load(&w.words[i], entries[w.words[i].hash])
                } else {
                    load(&w.words[i], entry)
                }
            }
            i += 1
        }
    }

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
    private func cut(_ w: inout KeyWork) {
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
    private func reorderParts(_ w: inout KeyWork) {
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

    // MARK: - Step 5: dropped words

    /// The longest table entries starting at word `i`: (synonym words, its row, whole-only,
    /// role words, role). One-word entries come from the word itself; longer ones are looked up.
    @inline(__always)
    private func longestEntries(_ w: KeyWork, at i: Int) -> (synonym: Int, row: Int32, wholeOnly: Bool, role: Int, roleValue: UInt8) {
        let first = w.words[i]
        var best = (synonym: 0, row: Int32(-1), wholeOnly: false, role: 0, roleValue: UInt8(0))
        if first.row >= 0 { best = (1, first.row, first.bits & KeyEntry.Bits.wholeOnly != 0, 0, 0) }
        if first.role != 0 { best.role = 1; best.roleValue = first.role }
        guard first.bits & KeyEntry.Bits.continues != 0 else { return best }
        var h = first.hash
        var j = i + 1
        while j < w.count {
            h = Self.extend(h, w.words[j].hash)
            guard let e = entries[h] else { break }
            if e.synonym >= 0 { best.synonym = j - i + 1; best.row = e.synonym; best.wholeOnly = e.bits & KeyEntry.Bits.wholeOnly != 0 }
            if e.role != 0 { best.role = j - i + 1; best.roleValue = e.role }
            guard e.bits & KeyEntry.Bits.continues != 0 else { break }
            j += 1
        }
        return best
    }

    /// Leaves out `drop` words and phrases unless a synonym entry or a `keep` phrase covers
    /// them (longest entry wins; a synonym wins a tie). A name made only of drop words keeps
    /// them. Connectors left at either end ("and", "or", "of", "with") go.
    private func drop(_ w: inout KeyWork) {
        var candidates = false
        for k in 0..<w.count where w.words[k].bits & KeyEntry.Bits.startsDrop != 0 {
            candidates = true
            break
        }
        var any = false
        if candidates {
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
        }
        if any {
            var kept = 0
            for k in 0..<w.count where w.words[k].flags & KeyWord.dropped == 0 && !isConnector(w.words[k]) { kept += 1 }
            w.begin()
            for k in 0..<w.count where kept == 0 || w.words[k].flags & KeyWord.dropped == 0 { w.push(w.words[k]) }
            w.commit()
            trimConnectors(&w)
        } else if w.count > 0, isConnector(w.words[0]) || isConnector(w.words[w.count - 1]) || w.words[w.count - 1].hash == hashWith || w.words[0].hash == hashWith {
            trimConnectors(&w)
        }
    }

    /// Removes connectors at either end and repeated ones in the middle.
    private func trimConnectors(_ w: inout KeyWork) {
        @inline(__always) func isEdge(_ word: KeyWord) -> Bool { isConnector(word) || word.hash == hashWith }
        var from = 0, to = w.count
        while from < to, isEdge(w.words[from]) { from += 1 }
        while to > from, isEdge(w.words[to - 1]) { to -= 1 }
        if from == to { return } // nothing but connectors: leave the name as it is
        var doubled = false
        for k in (from + 1)..<max(from + 1, to) where isConnector(w.words[k]) && isConnector(w.words[k - 1]) { doubled = true }
        if from == 0, to == w.count, !doubled { return }
        w.begin()
        for k in from..<to {
            if k > from, isConnector(w.words[k]), isConnector(w.words[k - 1]) { continue }
            w.push(w.words[k])
        }
        w.commit()
    }

    // MARK: - Step 6: alternatives and coordinates

    /// Whether the first `count` words of `list` are a key or variant of `synonyms.tsv`.
    private func isKnown(_ list: UnsafeMutablePointer<KeyWord>, _ count: Int) -> Bool {
        guard count > 0 else { return false }
        if count == 1 { return list[0].row >= 0 }
        var h = list[0].hash
        for j in 1..<count { h = Self.extend(h, list[j].hash) }
        return (entries[h]?.synonym ?? -1) >= 0
    }

    /// "A or B" keys as one alternative, A. When the last alternative has more than one word,
    /// A may share its head: A + the last alternative's tail (A one word) or its last word (A
    /// longer) is taken when the synonym table knows it ("chicken or vegetable stock" →
    /// "chicken stock", "fine sea or kosher salt" → "fine sea salt") or when A is a one-word
    /// `keep` word ("red or white wine" → "red wine", "red, yellow or orange bell peppers" →
    /// "red bell pepper"). Otherwise A is taken when it is longer than one word, the last
    /// alternative is one word, or A is itself in the table ("ghee or clarified butter" →
    /// "ghee"); and the name is kept whole when unsure ("honey or maple syrup").
    private func chooseAlternative(_ w: inout KeyWork) {
        var k = -1
        for i in 1..<max(1, w.count - 1) where w.words[i].hash == hashOr { k = i; break }
        guard k > 0 else { return }
        // The last alternative: after the last "or".
        var last = k
        for i in (k + 1)..<w.count where w.words[i].hash == hashOr { last = i }
        let end = w.count
        if end - last - 1 >= 2 {
            let tailFrom = k == 1 ? last + 2 : end - 1
            w.begin()
            for j in 0..<k { w.push(w.words[j]) }
            for j in tailFrom..<end { w.push(w.words[j]) }
            if isKnown(w.spare, w.spareCount) || (k == 1 && w.words[0].role == KeyRole.keep.rawValue) {
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
        for i in 1..<(w.count - 1) where w.words[i].hash == hashAnd {
            let a = w.words[i - 1], b = w.words[i + 1]
            guard a.role == KeyRole.keep.rawValue, b.role == KeyRole.keep.rawValue else { continue }
            if !w.bytes(b).lexicographicallyPrecedes(w.bytes(a)) { continue }
            w.words[i - 1] = b
            w.words[i + 1] = a
        }
    }

    // MARK: - Step 7: synonyms, and the key

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
            // A whole-name entry is the longest entry from the first word (every prefix of an
            // entry continues).
            let first = longestEntries(w, at: 0)
            if first.synonym == w.count { return rowKeys[Int(first.row)] }
            var anyEntry = false
            for i in 0..<w.count where w.words[i].row >= 0 || w.words[i].bits & KeyEntry.Bits.continues != 0 {
                anyEntry = true
                break
            }
            if !anyEntry || !substitute(&w, first: first) { break }
        }
        if w.count == 1 {
            if let row = entries[w.words[0].hash]?.spaceless, row >= 0 { return rowKeys[Int(row)] }
        } else {
            // The words without spaces, hashed as one word.
            var hasher = WordHasher()
            for i in 0..<w.count {
                let word = w.words[i]
                let start = Int(word.start), length = Int(word.length)
                if start + length + 8 <= w.arenaCount {
                    hasher.add(w.arena + start, length)
                } else {
                    for b in w.bytes(word) { hasher.add(b) }
                }
            }
            if let row = entries[hasher.value]?.spaceless, row >= 0 { return rowKeys[Int(row)] }
        }
        return join(w)
    }

    /// Whether the `count` words at `i` read exactly as `row`'s key.
    @inline(__always)
    private func isIdentity(_ w: KeyWork, at i: Int, count: Int, row: Int32) -> Bool {
        rowWordHashes.withUnsafeBufferPointer { hashes in
            rowWordStart.withUnsafeBufferPointer { starts in
                let from = Int(starts[Int(row)]), to = Int(starts[Int(row) + 1])
                guard to - from == count else { return false }
                for k in 0..<count where hashes[from + k] != w.words[i + k].hash { return false }
                return true
            }
        }
    }

    /// One round of in-name synonym replacement; whether anything changed. A match that
    /// changes nothing (a key as written) does not block an overlapping match that reaches
    /// further and changes something: "milk chocolate drops" → "milk chocolate chip".
    private func substitute(
        _ w: inout KeyWork, first: (synonym: Int, row: Int32, wholeOnly: Bool, role: Int, roleValue: UInt8)
    ) -> Bool {
        // The new list is only built from the first change on; a round that changes nothing
        // copies nothing.
        var changed = false
        w.begin()
        var i = 0
        while i < w.count {
            let m = i == 0 ? first : longestEntries(w, at: i)
            guard m.synonym > 0, !m.wholeOnly || m.synonym == w.count else {
                if changed { w.push(w.words[i]) }
                i += 1
                continue
            }
            let same = isIdentity(w, at: i, count: m.synonym, row: m.row)
            if same, m.synonym > 1 {
                var deferred = false
                for j in (i + 1)..<(i + m.synonym)
                where w.words[j].row >= 0 || w.words[j].bits & KeyEntry.Bits.continues != 0 {
                    let n = longestEntries(w, at: j)
                    if n.synonym > 0, j + n.synonym > i + m.synonym, !n.wholeOnly,
                       !isIdentity(w, at: j, count: n.synonym, row: n.row) {
                        deferred = true
                        break
                    }
                }
                if deferred {
                    if changed { w.push(w.words[i]) }
                    i += 1
                    continue
                }
            }
            if same {
                if changed { for k in i..<(i + m.synonym) { w.push(w.words[k]) } }
                i += m.synonym
                continue
            }
            if !changed {
                for k in 0..<i { w.push(w.words[k]) }
            }
            var stored = true
            do {
                let row = rows[Int(m.row)]
                let mark = w.used
                let pushed = w.spareCount
                for rw in row.words {
                    let start = row.keyBytes.withUnsafeBufferPointer { w.store(UnsafeBufferPointer(rebasing: $0[rw.start..<(rw.start + rw.length)])) }
                    guard let start else { stored = false; break }
                    var word = KeyWord(start: start, length: rw.length, hash: rw.hash)
                    load(&word, entries[rw.hash])
                    w.push(word)
                }
                if !stored {
                    w.used = mark
                    w.spareCount = pushed
                }
            }
            if !stored {
                for k in i..<(i + m.synonym) { w.push(w.words[k]) }
            }
            changed = true
            i += m.synonym
        }
        if changed { w.commit() }
        return changed
    }

    private func join(_ w: KeyWork) -> String {
        var total = w.count - 1
        for i in 0..<w.count { total += Int(w.words[i].length) }
        return String(unsafeUninitializedCapacity: total) { out in
            guard var p = out.baseAddress else { return 0 }
            for i in 0..<w.count {
                if i > 0 { p.pointee = 0x20; p += 1 }
                let word = w.words[i]
                p.update(from: w.arena + Int(word.start), count: Int(word.length))
                p += Int(word.length)
            }
            return p - out.baseAddress!
        }
    }

    // MARK: - Display names

    /// The display name of `key` in `locale`: the synonym row's name when the key is a row's
    /// key; otherwise the key, where each row key inside it is shown as that row's name when
    /// the name is just another form of the key ("fresh chive" → "fresh chives") or, for
    /// en-GB, a British word ("zucchini flower" → "courgette flower"), and left as it is
    /// otherwise ("serrano ham", not "serrano chile ham").
    func displayName(forKey key: String, locale: DisplayLocale) -> String {
        var copy = key
        return copy.withUTF8 { bytes -> String in
            if let row = rowByKey[ByteHash.exact(bytes)] { return rows[Int(row)].display(locale) }
            let words = bytes.split(separator: 0x20)
            guard !words.isEmpty else { return key }
            let hashes = words.map { word in Self.wordHash(UnsafeBufferPointer(rebasing: word).baseAddress!, word.count) }
            var parts: [String] = []
            var i = 0
            var changed = false
            while i < words.count {
                var h = hashes[i], j = i
                var best = 0, bestRow: Int32 = -1
                while let e = entries[h] {
                    if e.synonym >= 0 {
                        let row = rows[Int(e.synonym)]
                        if row.words.count == j - i + 1, zip(row.words, hashes[i...j]).allSatisfy({ $0.hash == $1 }) {
                            best = j - i + 1
                            bestRow = e.synonym
                        }
                    }
                    guard e.bits & KeyEntry.Bits.continues != 0, j + 1 < words.count else { break }
                    j += 1
                    h = Self.extend(h, hashes[j])
                }
                if best > 0 {
                    let row = rows[Int(bestRow)]
                    if let name = row.inner(locale) {
                        changed = true
                        parts.append(name)
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
