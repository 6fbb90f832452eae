import IngredientTagger
/// The features of every token of one line, as hashed keys, in flat arrays: token `t`'s
/// context keys are `contextKeys[contextStart[t]..<contextStart[t + 1]]`, likewise local.
package struct LineFeatures: FeatureSink {
    var contextKeys: [UInt64] = []
    var contextTemplates: [Template] = []
    var contextStart: [Int] = [0]
    var localKeys: [UInt64] = []
    var localStart: [Int] = [0]
    /// Per token: the key of its lowercase word (for the precombined vocabulary), or 0.
    var lexicalWord: [UInt64] = []

    package var tokenCount: Int { lexicalWord.count }

    @inline(__always)
    mutating func addContext(_ template: Template, _ key: UInt64) {
        contextTemplates.append(template)
        contextKeys.append(key)
    }

    @inline(__always)
    mutating func addLocal(_ key: UInt64) { localKeys.append(key) }

    mutating func addLexicon(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes) {
        addContext(.lexicon, FeatureKeys.key(.lexicon, lexicon))
    }

    mutating func addLexiconShape(_ lexicon: SmallBytes, shapeID: Int, shape: SmallBytes) {
        addLocal(FeatureKeys.key(.lexiconShape, lexicon, shape))
    }

    mutating func addShape(_ id: Int, _ shape: SmallBytes) {
        addContext(.shape, FeatureKeys.key(.shape, shape))
    }

    mutating func addPlace(flags: Int, segment: Int, paren: Int, position: Int, segmentPosition: Int, coarse: UInt8) {
        for (k, template) in FeatureKeys.flagTemplates.enumerated() where flags & (1 << k) != 0 {
            addLocal(FeatureKeys.flagKey(template))
        }
        for (template, value) in zip(FeatureKeys.stateTemplates.map(\.template), [segment, paren, position, segmentPosition]) {
            addLocal(FeatureKeys.stateKey(template, value, coarse))
        }
    }

    mutating func addWordPairs(_ t: Int, before: UInt64, here: UInt64, after: UInt64) {
        addLocal(FeatureKeys.pairKey(.bigramPrevious, before, here))
        addLocal(FeatureKeys.pairKey(.bigramNext, here, after))
    }

    mutating func addShapePair(_ template: Template, _ previous: UInt8, _ coarse: UInt8) {
        addLocal(FeatureKeys.shapePairKey(template, previous, coarse))
    }

    mutating func beginToken(_ t: Int, wordHash: UInt64, vocabularyRow: Int32) -> Bool {
        let wordKey = wordHash == 0 ? 0 : FeatureKeys.key(.word, hash: wordHash)
        lexicalWord.append(wordKey)
        if wordKey != 0 { addContext(.word, wordKey) }
        return true
    }

    mutating func endToken() {
        contextStart.append(contextKeys.count)
        localStart.append(localKeys.count)
    }

    package func context(_ t: Int) -> ArraySlice<UInt64> { contextKeys[contextStart[t]..<contextStart[t + 1]] }
    package func local(_ t: Int) -> ArraySlice<UInt64> { localKeys[localStart[t]..<localStart[t + 1]] }
    /// The templates of token `t`'s context keys, in the order of `context(t)`.
    package func contextTemplates(_ t: Int) -> ArraySlice<Template> { contextTemplates[contextStart[t]..<contextStart[t + 1]] }
}
