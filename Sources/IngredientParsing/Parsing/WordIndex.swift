import IngredientText
import IngredientLexicon

/// What a line's words are known as, found with one look-up per word: for each word that
/// starts an entry of a lexicon table or that the tagger has a vocabulary row for (by its
/// folded hash), which tables it starts entries of (`Lexicon.FirstWord` bits) and its row.
struct WordIndex: Sendable {
    struct Entry: Sendable {
        /// `Lexicon.FirstWord` bits; 0 when the word starts no entry.
        var bits: UInt8 = 0
        /// The word's row in the tagger's vocabulary (`TaggerModel.vocabularyRows`); -1 when it has none.
        var row: Int32 = -1
    }

    private var table: HashTable<Entry>

    /// The words of `lexicon` and of a tagger `vocabulary` (rows by folded hash).
    init(lexicon: Lexicon, vocabulary: HashTable<Int32>) {
        var table = HashTable<Entry>(minimumCapacity: lexicon.firstWords.count + vocabulary.count)
        lexicon.firstWords.forEachEntry { hash, bits in table.update(hash, default: Entry()) { $0.bits = bits } }
        vocabulary.forEachEntry { hash, row in table.update(hash, default: Entry()) { $0.row = row } }
        self.table = table
    }

    /// The entry of the word with folded hash `hash` (bits 0 and row -1 when unknown).
    @inline(__always)
    subscript(hash hash: UInt64) -> Entry { table[hash] ?? Entry() }
}
