import IngredientText

extension KeyTables {
    // MARK: - Display names

    /// The display name of `key` in `locale`: the synonym row's name when the key is a row's
    /// key; otherwise the key, where each row key inside it is shown as that row's name when
    /// the name is just another form of the key ("fresh chive" → "fresh chives") or, for
    /// en-GB, a British word ("zucchini flower" → "courgette flower"), and left as it is
    /// otherwise ("serrano ham", not "serrano chile ham").
    ///
    /// This runs for every item of a list. Most keys show as they are: their words are found
    /// and matched against the rows on the bytes (word ranges and hashes in scratch room on the
    /// stack, rows compared through the flat `rowWordHashes`), and a String is made only for
    /// a key that some row renames.
    func displayName(forKey key: String, locale: DisplayLocale) -> String {
        var copy = key
        return copy.withUTF8 { bytes -> String in
            if let row = rowByKey[ByteHash.exact(bytes)] { return rows[Int(row)].display(locale) }
            // At most one word per two bytes (a word and the space after it).
            return withUnsafeTemporaryAllocation(of: DisplayWord.self, capacity: bytes.count / 2 + 1) { room in
                let count = Self.displayWords(bytes, into: room)
                guard count > 0 else { return key }
                let words = UnsafeBufferPointer(rebasing: room[..<count])
                guard let first = renamingStart(words, locale: locale) else { return key }
                return renamed(bytes, words, from: first, locale: locale)
            }
        }
    }

    /// A word of a key being displayed: its byte range in the key and its word hash.
    struct DisplayWord {
        var start: Int
        var end: Int
        var hash: UInt64
    }

    /// Writes the key's words (runs of bytes between spaces, empty runs left out) to `room`,
    /// which has room for one per two bytes and one more; returns how many there are.
    static func displayWords(_ bytes: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<DisplayWord>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0, i = 0
        let n = bytes.count
        while i < n {
            if bytes[i] == 0x20 { i += 1; continue }
            let start = i
            while i < n, bytes[i] != 0x20 { i += 1 }
            room[count] = DisplayWord(start: start, end: i, hash: wordHash(base + start, i - start))
            count += 1
        }
        return count
    }

    /// The longest row key at word `i` of `words` (longest first, as the tables chain word
    /// sequences): its length in words and its row, or nil when no row key starts there.
    func longestRow(_ words: UnsafeBufferPointer<DisplayWord>, at i: Int) -> (words: Int, row: Int)? {
        var h = words[i].hash, j = i
        var best: (words: Int, row: Int)?
        while let e = entries[h] {
            if e.synonym >= 0 {
                let r = Int(e.synonym)
                let start = Int(rowWordStart[r]), end = Int(rowWordStart[r + 1])
                if end - start == j - i + 1, (0..<(end - start)).allSatisfy({ rowWordHashes[start + $0] == words[i + $0].hash }) {
                    best = (j - i + 1, r)
                }
            }
            guard e.bits & KeyEntry.Bits.continues != 0, j + 1 < words.count else { break }
            j += 1
            h = Self.extend(h, words[j].hash)
        }
        return best
    }

    /// The first word where the walk over the key's words (longest row key first at each word)
    /// meets a row whose name stands for its key in `locale`; nil when the key shows as it is.
    func renamingStart(_ words: UnsafeBufferPointer<DisplayWord>, locale: DisplayLocale) -> Int? {
        var i = 0
        while i < words.count {
            guard let match = longestRow(words, at: i) else { i += 1; continue }
            if rows[match.row].inner(locale) != nil { return i }
            i += match.words
        }
        return nil
    }

    /// The key shown with its row names: its words before `first` as written, then, walking
    /// on from `first`, each row key met as its row's inner name (or its key) and other words
    /// as written, one space between parts.
    func renamed(_ bytes: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<DisplayWord>, from first: Int,
                 locale: DisplayLocale) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var parts = 0
        func append(_ part: UnsafeBufferPointer<UInt8>) {
            if parts > 0 { out.append(0x20) }
            out.append(contentsOf: part)
            parts += 1
        }
        func append(_ w: DisplayWord) { append(UnsafeBufferPointer(rebasing: bytes[w.start..<w.end])) }
        // The walk before `first` found row keys there that keep their words: written as they are.
        for k in 0..<first { append(words[k]) }
        var i = first
        while i < words.count {
            if let match = longestRow(words, at: i) {
                var name = rows[match.row].inner(locale) ?? rows[match.row].key
                name.withUTF8 { append($0) }
                i += match.words
            } else {
                append(words[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
