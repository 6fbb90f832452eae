extension KeyTables {
    // MARK: - Step 2: words

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b &- 0x61) < 26 || (b &- 0x30) < 10 || b == 0x25 || b >= 0x80
    }

    /// Whether `b` is a slash between two digits (`80/20`, `16/20`): part of the word, not
    /// the "or" a slash between words reads as.
    @inline(__always)
    static func isSlashInNumber(_ b: UInt8, after previous: UInt8, before next: UInt8) -> Bool {
        b == 0x2F && (previous &- 0x30) < 10 && (next &- 0x30) < 10
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
    /// non-ASCII, a slash between digits; apostrophes removed: "confectioners'" →
    /// "confectioners", "cow's" → "cows") and the symbols the later steps read: `,` `;`
    /// (segments), brackets, `/` (or), `&` `+` (and). Every other byte separates words.
    func tokenize(_ w: inout KeyWork) {
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
                    if Self.isWordByte(c) || Self.isSlashInNumber(c, after: w.used > start ? a[w.used - 1] : 0, before: i + 1 < folded ? a[i + 1] : 0) {
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
    func tokenizeASCII(_ input: UnsafeBufferPointer<UInt8>, _ w: inout KeyWork) {
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
                    } else if d == 0x2F, out > start, p + 1 < end, Self.isSlashInNumber(0x2F, after: out[-1], before: p[1]) {
                        out.pointee = 0x2F
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

    /// Sets `anyBits` and `connectors` from the current words.
    func noteWords(_ w: inout KeyWork) {
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

    func removeSymbols(_ w: inout KeyWork) {
        w.begin()
        for i in 0..<w.count where w.words[i].kind == KeyWord.word { w.push(w.words[i]) }
        w.commit()
    }
}
