/// A suggestion that two distinct canonical keys may be the same thing to buy.
public struct MergeSuggestion: Hashable, Sendable {
    /// The index of the first key in the array given to `MergeSuggester.suggestions(forKeys:)`
    /// (the smaller of the two indexes).
    public var first: Int
    /// The index of the second key in that array (the larger of the two indexes).
    public var second: Int
    /// The two keys, in the order of `first` and `second`.
    public var keys: [String]
    /// The calibrated confidence (see `PairScore.confidence`).
    public var confidence: Double
    /// Human-readable reasons (see `PairScore.reasons`).
    public var reasons: [String]

    /// A suggestion between keys `first` and `second`.
    public init(first: Int, second: Int, keys: [String], confidence: Double, reasons: [String]) {
        self.first = first
        self.second = second
        self.keys = keys
        self.confidence = confidence
        self.reasons = reasons
    }
}
