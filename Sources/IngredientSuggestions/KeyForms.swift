import IngredientLexicon

/// Canonical keys as the pair scorer reads them: words interned to numbers, with each word's
/// kind, identity flag and alike group looked up once. One instance serves one batch of keys.
package struct KeyForms: Sendable {
    /// One key's words. A class, so that a pair's features read two keys' forms by reference
    /// (a copied struct retained and released its five arrays, for every pair scored).
    final class Form: Sendable {
        /// Word numbers in key order.
        let words: [Int32]
        /// The distinct word numbers, ascending.
        let set: [Int32]
        /// The key's bytes without spaces.
        let spaceless: [UInt8]
        /// The key's WordNet synset rows (`FoodKnowledge`), empty when unknown.
        let synsets: [Int32]
        /// Every hypernym above those synsets, ascending.
        let above: [Int32]
        /// The key's row in the neighbour table, or -1.
        let vocabularyRow: Int32
        /// The number of the key's aisle (`ListTables`), or -1 when it falls in "other".
        let aisle: Int16

        init(words: [Int32], set: [Int32], spaceless: [UInt8], synsets: [Int32], above: [Int32], vocabularyRow: Int32, aisle: Int16) {
            self.words = words
            self.set = set
            self.spaceless = spaceless
            self.synsets = synsets
            self.above = above
            self.vocabularyRow = vocabularyRow
            self.aisle = aisle
        }
    }

    let tables: SuggestionWords
    let knowledge: FoodKnowledge
    let aisles: ListTables
    private(set) var ids: [String: Int32] = [:]
    private(set) var text: [String] = []
    private(set) var kind: [SuggestionWords.Kind] = []
    private(set) var identity: [Bool] = []
    /// The word's alike group, or -1.
    private(set) var alike: [Int32] = []
    /// The word's byte bigrams (`b0 << 8 | b1`), ascending.
    private(set) var bigrams: [[UInt16]] = []
    /// Whether the word has an ASCII digit ("350", "00").
    private(set) var hasDigit: [Bool] = []
    /// Whether the word is in a two-word `reduced-fat` row ("fat" of "low fat").
    private(set) var inReducedFatPair: [Bool] = []
    /// The word's WordNet synset rows as a key of its own ("cheese", "wine"), empty when unknown.
    private(set) var wordSynsets: [[Int32]] = []
    private(set) var forms: [Form] = []
    package private(set) var keys: [String] = []

    /// Whether the category table puts keys `i` and `j` in one aisle; nil when either falls
    /// in "other". (Items in different aisles are never offered on a list: `ListMergeRule`.)
    func sameAisle(_ i: Int, _ j: Int) -> Bool? {
        let a = forms[i].aisle, b = forms[j].aisle
        return a >= 0 && b >= 0 ? a == b : nil
    }

    package init(tables: SuggestionWords, knowledge: FoodKnowledge = .builtIn, aisles: ListTables = .builtIn) {
        self.tables = tables
        self.knowledge = knowledge
        self.aisles = aisles
    }

    mutating func id(of w: String) -> Int32 {
        if let id = ids[w] { return id }
        let id = Int32(text.count)
        ids[w] = id
        text.append(w)
        let facts = tables.facts(of: w)
        kind.append(facts.kind)
        identity.append(facts.identity)
        alike.append(facts.alike)
        inReducedFatPair.append(facts.inReducedFatPair)
        var pairs: [UInt16] = []
        var previous: UInt8?
        var digit = false
        for b in w.utf8 {
            if b >= 0x30 && b <= 0x39 { digit = true }
            if let previous { pairs.append(UInt16(previous) << 8 | UInt16(b)) }
            previous = b
        }
        hasDigit.append(digit)
        pairs.sort()
        bigrams.append(pairs)
        wordSynsets.append(knowledge.synsets(of: w))
        return id
    }

    /// Adds `key` (a canonical key: lowercase words separated by single spaces) and returns its index.
    @discardableResult
    package mutating func add(_ key: String) -> Int {
        var words: [Int32] = []
        var ascii = true
        for b in key.utf8 where b >= 0x80 { ascii = false; break }
        if ascii {
            // An ASCII key splits at its space bytes (the same words as splitting its
            // Characters, far cheaper); each word a small string made from its bytes.
            var text = key
            text.withUTF8 { utf8 in
                var start = 0
                for end in 0...utf8.count where words.count < 32 {
                    guard end == utf8.count || utf8[end] == 0x20 else { continue }
                    if end > start { words.append(id(of: String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self))) }
                    start = end + 1
                }
            }
        } else {
            // Any other key by Characters, where a space with a combining mark is none.
            for word in key.split(separator: " ").prefix(32) { words.append(id(of: String(word))) }
        }
        var spaceless: [UInt8] = []
        spaceless.reserveCapacity(key.utf8.count)
        // Spellings are compared on at most 256 bytes, so odd input costs little.
        for b in key.utf8.prefix(1024) where b != 0x20 && spaceless.count < 256 { spaceless.append(b) }
        let aisle = aisles.aisleIndex(forKey: key)
        let synsets = knowledge.synsets(of: key)
        // The distinct words, ascending.
        var set = words
        set.sortAndDropRepeats()
        forms.append(Form(words: words, set: set, spaceless: spaceless,
                          synsets: synsets, above: synsets.isEmpty ? [] : knowledge.ancestors(synsets), vocabularyRow: knowledge.vocabularyRow(of: key),
                          aisle: aisle.map { Int16(truncatingIfNeeded: $0) } ?? -1))
        keys.append(key)
        return forms.count - 1
    }
}
