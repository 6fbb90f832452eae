import IngredientTagger
extension FeatureExtractor {
    /// The shape of a token as a small number: its kind, case pattern and marks (see `shapeBytes`).
    @inline(__always)
    static func shapeID(_ t: Token, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        switch t.kind {
        case .word:
            if t.wordShape != 0 { return Int(t.wordShape) }
            return Int(WordShape(stem: UnsafeBufferPointer(rebasing: line[t.stemRange]), trailingDot: t.end != t.stemEnd).code)
        case .quantity:
            let form = t.isMultiplier ? 1 : t.isRange ? 2 : t.isProperFraction ? 3 : t.isInteger ? 0 : 4
            return FeatureKeys.quantityShapes + 2 * form + (t.gluedToNext ? 1 : 0)
        case .punctuation:
            return FeatureKeys.punctuationShapes + Int(t.mark)
        }
    }

    /// A coarse class for conjunctions: quantity, unit word, other word, punctuation.
    @inline(__always)
    static func coarse(_ t: Token, _ lex: SmallBytes) -> UInt8 {
        switch t.kind {
        case .quantity: return 0x51
        case .punctuation: return t.mark
        case .word:
            let first = UInt8(truncatingIfNeeded: lex.storage)
            return lex.count > 0 ? first : 0x77
        }
    }
}
