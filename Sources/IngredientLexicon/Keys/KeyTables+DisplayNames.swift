import IngredientText

extension KeyTables {
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
            // Walks the key's words, longest row key first at each word; with `parts` nil it
            // only says whether some row renames its part (most keys show as they are, and
            // then no part is made), else it also writes every part.
            func walk(_ parts: inout [String]?) -> Bool {
                var i = 0, changed = false
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
                        let name = row.inner(locale)
                        if name != nil {
                            changed = true
                            if parts == nil { return true }
                        }
                        parts?.append(name ?? row.key)
                        i += best
                    } else {
                        parts?.append(String(decoding: words[i], as: UTF8.self))
                        i += 1
                    }
                }
                return changed
            }
            var none: [String]? = nil
            guard walk(&none) else { return key }
            var parts: [String]? = []
            _ = walk(&parts)
            return parts!.joined(separator: " ")
        }
    }
}
