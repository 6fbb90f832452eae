/// Whether a copy of the feature loop reports feature names to the extractor's recorder, as a
/// type: the loop is generic over it, so the parser's copy (`WithoutRecording`) is compiled
/// with every recording branch left out, rather than testing for a recorder token by token.
protocol FeatureRecording {
    /// Whether this copy of the loop records.
    static var records: Bool { get }
}

/// The parser's copy of the feature loop: nothing is recorded.
enum WithoutRecording: FeatureRecording {
    static var records: Bool { false }
}

/// Training's copy of the feature loop: names go to the extractor's recorder.
enum WithRecording: FeatureRecording {
    static var records: Bool { true }
}
