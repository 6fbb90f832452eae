import IngredientText
import IngredientTagger

extension FeatureExtractor {
    /// The folded hash a token shows in a word pair: its stem's, or `#`'s for any quantity.
    @inline(__always)
    static func pairHash(_ t: Token) -> UInt64 {
        t.kind == .quantity ? FeatureKeys.quantityHash : t.hash
    }

    /// A token's text for the model file's word pairs.
    static func pairName(_ t: Token?, _ line: UnsafeBufferPointer<UInt8>) -> String {
        guard let t else { return "^" }
        return t.kind == .quantity ? "#" : FeatureRecorder.lower(UnsafeBufferPointer(rebasing: line[t.stemRange]))
    }
}
