extension KeyTables {
    // MARK: - Step 5: dropped words

    /// The longest table entries starting at word `i`: (synonym words, its row, whole-only,
    /// role words, role). One-word entries come from the word itself; longer ones are looked up.
    @inline(__always)
    func longestEntries(_ w: KeyWork, at i: Int) -> (synonym: Int, row: Int32, wholeOnly: Bool, role: Int, roleValue: UInt8) {
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
    func drop(_ w: inout KeyWork) {
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
    func trimConnectors(_ w: inout KeyWork) {
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
}
