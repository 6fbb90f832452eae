extension KeyTables {
    // MARK: - Step 3: singulars

    /// Sets a word's cached entry fields from the table.
    @inline(__always)
    func load(_ word: inout KeyWord, _ entry: KeyEntry?) {
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
    func singularize(_ w: inout KeyWork) {
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
}
