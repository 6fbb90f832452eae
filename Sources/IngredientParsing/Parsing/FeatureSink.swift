import IngredientTagger
/// Receives a line's features token by token (see `FeatureExtractor.extract`).
///
/// Features from small value sets come as flags and states so that a sink may score them
/// from dense tables; `stateKey` and `flagKey` give the keys they stand for.
protocol FeatureSink {
    /// The local features of the current token's place in the line: yes/no flags (bit `k`
    /// set when `FeatureKeys.flagTemplates[k]` is present: `last`, `seenOr`, …) and
    /// the states, small numbers each conjoined with the token's coarse class byte
    /// (`FeatureKeys.stateTemplates`: comma segment 0–3, parentheses 0–2 (outside, inside, inside and followed by a word),
    /// position 0–5, position in the segment 0–5).
    mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8)
    /// A local conjunction of two coarse class bytes (`previousShape`: the previous token's
    /// and this one's).
    mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8)
    /// Starts token `t`; `wordHash` is the folded hash of its word, or 0 for non-words, and
    /// `vocabularyRow` the word's row in the tagger's vocabulary (-1 when it has none, see
    /// `WordIndex`). Returns whether the features its lowercase form decides (affixes) are wanted.
    mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow: Int32) -> Bool
    /// The `shape` context feature of the current token: its id (`FeatureExtractor.shapeID`)
    /// and its bytes (`FeatureExtractor.shapeBytes`).
    mutating func addShape(_ id: Int, _ shape: SmallBytes)
    /// The current token's lexicon class (not empty) and shape (id and bytes): the `lexicon`
    /// context feature. Comes before `addLexiconShape` with the same class.
    mutating func addLexicon(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes)
    /// The `lexiconShape` local feature of the current token, whose `addLexicon` came first.
    mutating func addLexiconShape(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes)
    /// A context feature of the current token.
    mutating func addContext(_ template: Template, _ key: UInt64)
    /// A local feature of the current token.
    mutating func addLocal(_ key: UInt64)
    /// The word pairs of token `t` (called in token order): `bigramPrevious` of
    /// (`before`, `here`) and `bigramNext` of (`here`, `after`), from folded pair hashes.
    mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64)
    /// Ends the current token.
    mutating func endToken()
    /// How many vectors of working memory the sink wants for a line of `tokens` tokens (none
    /// by default): `FeatureExtractor.extract` lends them, on the stack for most lines, so
    /// that a sink that leaves work to the line's end allocates nothing.
    static func workVectors(tokens: Int) -> Int
    /// Starts a line, before its first token, with the working memory `workVectors` asked for
    /// (uninitialized, valid until `endLine`).
    mutating func beginLine(work: UnsafeMutableBufferPointer<SIMD8<Int32>>)
    /// Ends the line, after its last token.
    mutating func endLine()
}

extension FeatureSink {
    /// No working memory: a sink takes each feature as it comes.
    static func workVectors(tokens: Int) -> Int { 0 }
    /// Nothing to start.
    mutating func beginLine(work: UnsafeMutableBufferPointer<SIMD8<Int32>>) {}
    /// Nothing left to do.
    mutating func endLine() {}
}
