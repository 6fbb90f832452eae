import IngredientText
import IngredientLexicon

/// What a line's words are known as, found with one look-up per word: for each word that
/// starts an entry of a lexicon table or that the tagger has a vocabulary row for (by its
/// folded hash), which tables it starts entries of (`Lexicon.FirstWord` bits), what those
/// tables hold for the word alone, and its row.
///
/// The tables' answers for the word alone are worked out when the index is built, so that
/// `FeatureExtractor.lexiconClasses` looks a word up in a table only where a longer entry
/// may start with it.
struct WordIndex: Sendable {
    struct Entry: Sendable {
        /// `Lexicon.FirstWord` bits; 0 when the word starts no entry.
        var bits: UInt8 = 0
        /// `Lexicon.FirstWord` bits of the tables with an entry of two words or more that
        /// starts with the word (units, numbers and phrases are matched over several words).
        var startsLonger: UInt8 = 0
        /// `Lexicon.FirstWord` bits of the tables that hold the word alone as an entry (units,
        /// numbers and sizes; the preparation and phrase tables' entries are the next two).
        var oneWord: UInt8 = 0
        /// The word's kind in the preparation table, if it is there alone.
        var preparation: PreparationKind?
        /// The role of the word alone in the phrase table, if it is there.
        var phraseRole: PhraseRole?
        /// Whether the word alone is an optional phrase of the phrase table.
        var phraseOptional = false
        /// The word's row in the tagger's vocabulary (`TaggerModel.vocabularyRows`); -1 when it has none.
        var row: Int32 = -1
    }

    private var table: HashTable<Entry>

    /// The words of `lexicon` and of a tagger `vocabulary` (rows by folded hash).
    init(lexicon: Lexicon, vocabulary: HashTable<Int32>) {
        var table = HashTable<Entry>(minimumCapacity: lexicon.firstWords.count + vocabulary.count)
        lexicon.firstWords.forEachEntry { hash, bits in
            table.update(hash, default: Entry()) { $0 = Self.entry(of: hash, bits: bits, in: lexicon) }
        }
        vocabulary.forEachEntry { hash, row in table.update(hash, default: Entry()) { $0.row = row } }
        self.table = table
    }

    /// The entry (without a row) of the word with folded hash `hash`, which starts entries of
    /// the tables `bits` names (`Lexicon.FirstWord` bits): only what `lexiconClasses` reads.
    private static func entry(of hash: UInt64, bits: UInt8, in lexicon: Lexicon) -> Entry {
        var e = Entry()
        e.bits = bits
        let unit = Lexicon.FirstWord.unit, number = Lexicon.FirstWord.number, size = Lexicon.FirstWord.size
        let preparation = Lexicon.FirstWord.preparation, phrase = Lexicon.FirstWord.phrase
        /// Notes in `e` whether `table` (that of `bit`) holds the word alone, and whether a
        /// longer entry starts with it when `longer`.
        func note<Value>(_ table: PhraseTable<Value>, _ bit: UInt8, longer: Bool) {
            guard bits & bit != 0 else { return }
            if table.value(forWordHash: hash) != nil { e.oneWord |= bit }
            if longer, table.hasLongerEntry(startingWithWordHash: hash) { e.startsLonger |= bit }
        }
        // Units and numbers are matched over several words; sizes and preparation words alone.
        note(lexicon.unitAliases, unit, longer: true)
        note(lexicon.numbers, number, longer: true)
        note(lexicon.sizes, size, longer: false)
        if bits & preparation != 0 { e.preparation = lexicon.preparation.value(forWordHash: hash) }
        // Phrases are matched over several words, and the word alone is known by its role.
        if bits & phrase != 0 {
            let alone = lexicon.phrases.value(forWordHash: hash)
            e.phraseRole = alone?.role
            e.phraseOptional = alone?.optional ?? false
            if lexicon.phrases.hasLongerEntry(startingWithWordHash: hash) { e.startsLonger |= phrase }
        }
        return e
    }

    /// The entry of the word with folded hash `hash` (bits 0 and row -1 when unknown).
    @inline(__always)
    subscript(hash hash: UInt64) -> Entry { table[hash] ?? Entry() }
}
