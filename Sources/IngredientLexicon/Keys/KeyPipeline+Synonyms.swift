extension KeyTables {
    // MARK: - Step 7: synonyms, and the key

    private func sequenceHash(_ w: KeyWork) -> UInt64 {
        var h = w.words[0].hash
        for i in 1..<w.count { h = Self.extend(h, w.words[i].hash) }
        return h
    }

    /// Whole-name synonyms; otherwise in-name synonyms replaced (longest first, left to
    /// right, up to four rounds); then a whole-name match with spaces ignored
    /// ("breadcrumbs" = "bread crumbs"); otherwise the words joined by single spaces.
    func finish(_ w: inout KeyWork) -> String {
        guard let row = finishedRow(&w) else { return join(w) }
        return row < 0 ? "" : rowKeys[Int(row)]
    }

    /// `finish` as bytes handed to `body` (joined in temporary room, or a row's key bytes).
    func finish(_ w: inout KeyWork, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let row = finishedRow(&w) else {
            var total = w.count - 1
            for i in 0..<w.count { total += Int(w.words[i].length) }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { out in
                body(UnsafeBufferPointer(start: out.baseAddress, count: join(w, into: out.baseAddress!)))
            }
            return
        }
        guard row >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let key = rowKeys[Int(row)]
        if key.utf8.withContiguousStorageIfAvailable(body) == nil {
            var copy = key
            copy.withUTF8(body)
        }
    }

    /// The steps of `finish` before the key is written: the row whose key is the name's key,
    /// -1 for no words (the empty key), or nil when the key is the words joined.
    private func finishedRow(_ w: inout KeyWork) -> Int32? {
        guard w.count > 0 else { return -1 }
        for _ in 0..<4 {
            // A whole-name entry is the longest entry from the first word (every prefix of an
            // entry continues).
            let first = longestEntries(w, at: 0)
            if first.synonym == w.count { return first.row }
            var anyEntry = false
            for i in 0..<w.count where w.words[i].row >= 0 || w.words[i].bits & KeyEntry.Bits.continues != 0 {
                anyEntry = true
                break
            }
            if !anyEntry || !substitute(&w, first: first) { break }
        }
        if w.count == 1 {
            if let row = entries[w.words[0].hash]?.spaceless, row >= 0 { return row }
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
            if let row = entries[hasher.value]?.spaceless, row >= 0 { return row }
        }
        return nil
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
                let (lead, trail) = overlap(w, of: row, at: i, count: m.synonym)
                for rw in row.words[lead..<(row.words.count - trail)] {
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

    /// How many of `row`'s leading key words repeat the words just before a match of `count`
    /// words at `i` (the last words of the list being built), and how many of its trailing key
    /// words repeat the words just after it: those are written once, not twice ("red hot
    /// pepper flakes", whose "hot pepper flakes" is `red pepper flake`, is `red pepper flake`,
    /// not `red red pepper flake`; "amaretto liqueur" is `almond liqueur`). At least one key
    /// word stays.
    private func overlap(_ w: KeyWork, of row: KeyRow, at i: Int, count: Int) -> (lead: Int, trail: Int) {
        let k = row.words.count
        var lead = 0
        for n in stride(from: min(k - 1, w.spareCount), through: 1, by: -1) {
            var same = true
            for j in 0..<n where w.spare[w.spareCount - n + j].hash != row.words[j].hash { same = false; break }
            if same { lead = n; break }
        }
        var trail = 0
        let after = i + count
        for n in stride(from: min(k - 1 - lead, w.count - after), through: 1, by: -1) {
            var same = true
            for j in 0..<n where w.words[after + j].hash != row.words[k - n + j].hash { same = false; break }
            if same { trail = n; break }
        }
        return (lead, trail)
    }

    private func join(_ w: KeyWork) -> String {
        var total = w.count - 1
        for i in 0..<w.count { total += Int(w.words[i].length) }
        return String(unsafeUninitializedCapacity: total) { out in
            guard let p = out.baseAddress else { return 0 }
            return join(w, into: p)
        }
    }

    /// Writes the words joined by single spaces at `out` (room for their bytes and the
    /// spaces), returning the byte count.
    @inline(__always)
    private func join(_ w: KeyWork, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = out
        for i in 0..<w.count {
            if i > 0 { p.pointee = 0x20; p += 1 }
            let word = w.words[i]
            p.update(from: w.arena + Int(word.start), count: Int(word.length))
            p += Int(word.length)
        }
        return p - out
    }
}
