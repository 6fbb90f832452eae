extension KeyTables {
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
    func chooseAlternative(_ w: inout KeyWork) {
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
    func sortCoordinates(_ w: inout KeyWork) {
        guard w.count >= 3 else { return }
        for i in 1..<(w.count - 1) where w.words[i].hash == hashAnd {
            let a = w.words[i - 1], b = w.words[i + 1]
            guard a.role == KeyRole.keep.rawValue, b.role == KeyRole.keep.rawValue else { continue }
            if !w.bytes(b).lexicographicallyPrecedes(w.bytes(a)) { continue }
            w.words[i - 1] = b
            w.words[i + 1] = a
        }
    }
}
