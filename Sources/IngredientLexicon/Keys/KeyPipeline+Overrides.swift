extension KeyTables {
    /// The forced key of a raw name, if `key-overrides.tsv` has one.
    func overrideKey(_ w: KeyWork) -> String? {
        var h: UInt64 = 0
        var first = true
        for i in 0..<w.count where w.words[i].kind == KeyWord.word {
            h = first ? w.words[i].rawHash : Self.extend(h, w.words[i].rawHash)
            first = false
        }
        guard !first, let index = overrides[h] else { return nil }
        return overrideKeys[Int(index)]
    }
}
