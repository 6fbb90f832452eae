/// How likely two canonical keys denote the same thing to buy, and why.
public struct PairScore: Hashable, Sendable {
    /// A calibrated probability in 0…1: among pairs scored about `c`, about `c` of them are
    /// the same thing to buy (measured on labeled data; see `ingest eval dedupe`).
    public var confidence: Double
    /// Short human-readable reasons, most telling first ("“tamari sauce” is “tamari” plus
    /// the class word “sauce”").
    public var reasons: [String]

    /// A score with `confidence` and `reasons`.
    public init(confidence: Double, reasons: [String]) {
        self.confidence = confidence
        self.reasons = reasons
    }
}
