import IngredientText

/// Looks up phrases of one or more words by hashing the words of a token run, longest
/// match first, without building strings.
@usableFromInline package struct PhraseTable<Value: Sendable>: Sendable {
    // Inlinable look-ups (and what they read), so that callers in other modules get them
    // specialized for the value type.
    @usableFromInline var full = HashTable<Value>()
    @usableFromInline var prefixes = HashTable<Bool>()
    @usableFromInline var maxWords = 0

    /// Hash of a phrase's words as they are matched: each word's case-folded hash, the first
    /// alone, each later one combined into the hash of the words before it. A one-word phrase's
    /// key is its word's hash, and a phrase is matched from the hashes its tokens already have.
    static func key<S: Sequence>(words: S) -> UInt64 where S.Element: Collection, S.Element.Element == UInt8 {
        var h: UInt64 = 0
        var first = true
        for w in words {
            h = extend(h, first: first, ByteHash.fold(w))
            first = false
        }
        return h
    }

    /// The key of the words so far (`h`) followed by a word whose folded hash is `word`.
    @inlinable @inline(__always)
    static func extend(_ h: UInt64, first: Bool, _ word: UInt64) -> UInt64 {
        first ? word : ByteHash.combine(h, word)
    }

    /// Adds `phrase` (words separated by spaces) with `value`, replacing an earlier entry.
    mutating func insert(_ phrase: String, _ value: Value) {
        if let done = phrase.utf8.withContiguousStorageIfAvailable({ b -> Bool in
            // ASCII: words split on Characters are the runs of non-space bytes.
            guard b.allSatisfy({ $0 < 0x80 }) else { return false }
            var h: UInt64 = 0
            var count = 0
            var i = 0
            while true {
                while i < b.count, b[i] == 0x20 { i += 1 }
                guard i < b.count else { break }
                var j = i
                while j < b.count, b[j] != 0x20 { j += 1 }
                if count > 0 { prefixes.set(h, true) }
                h = Self.extend(h, first: count == 0, ByteHash.fold(UnsafeBufferPointer(rebasing: b[i..<j])))
                count += 1
                i = j
            }
            guard count > 0 else { return true }
            maxWords = max(maxWords, count)
            full.set(h, value)
            return true
        }), done { return }
        let words = phrase.split(separator: " ").map { Array($0.utf8) }
        guard !words.isEmpty else { return }
        maxWords = max(maxWords, words.count)
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            if i > 0 { prefixes.set(h, true) }
            h = Self.extend(h, first: i == 0, ByteHash.fold(w))
        }
        full.set(h, value)
    }

    /// The value of a single word, if the table holds it as a one-word phrase.
    @inlinable @inline(__always)
    package func value(forWordHash hash: UInt64) -> Value? { full[hash] }

    /// Whether an entry of two words or more starts with the word whose folded hash is `hash`
    /// (only then can `longestMatch` from that word find more than the word's own entry).
    @inlinable
    package func hasLongerEntry(startingWithWordHash hash: UInt64) -> Bool { prefixes[hash] != nil }

    /// The longest phrase starting at word `start`, with `wordAt(i)` giving word `i`'s byte
    /// range in `line` (nil where a phrase cannot continue).
    @inlinable @inline(__always)
    package func longestMatch(
        in line: UnsafeBufferPointer<UInt8>, start: Int, wordAt: (Int) -> Range<Int>?
    ) -> (words: Int, value: Value)? {
        longestMatch(start: start, wordHash: { i in wordAt(i).map { ByteHash.fold(UnsafeBufferPointer(rebasing: line[$0])) } })
    }

    /// The longest phrase starting at word `start`, with `wordHash(i)` giving word `i`'s
    /// case-folded hash (nil where a phrase cannot continue).
    @inlinable @inline(__always)
    package func longestMatch(start: Int, wordHash: (Int) -> UInt64?) -> (words: Int, value: Value)? {
        var best: (Int, Value)?
        var h: UInt64 = 0
        var i = start
        while i - start < maxWords, let word = wordHash(i) {
            h = Self.extend(h, first: i == start, word)
            if let v = full[h] { best = (i - start + 1, v) }
            if prefixes[h] == nil { break }
            i += 1
        }
        return best
    }

    /// The longest entry of two words or more that starts at word `start`, whose folded hash
    /// `first` is given, with `wordHash(i)` giving the later words' (nil where a phrase cannot
    /// continue); nil when there is none. For a caller that knows the first word's own entry
    /// and that a longer one starts with it (`hasLongerEntry`): `longestMatch` without the
    /// first word's two look-ups.
    @inlinable @inline(__always)
    package func longestLongerMatch(start: Int, first: UInt64, wordHash: (Int) -> UInt64?) -> (words: Int, value: Value)? {
        var best: (Int, Value)?
        var h = first
        var i = start + 1
        while i - start < maxWords, let word = wordHash(i) {
            h = Self.extend(h, first: false, word)
            if let v = full[h] { best = (i - start + 1, v) }
            if prefixes[h] == nil { break }
            i += 1
        }
        return best
    }

    /// The value of the phrase made of exactly `words` (each already split on spaces).
    func value(forPhrase phrase: String) -> Value? {
        full[Self.key(words: phrase.split(separator: " ").map { Array($0.utf8) })]
    }
}
