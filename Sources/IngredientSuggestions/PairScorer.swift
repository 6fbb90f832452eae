/// Scores a pair of canonical keys: how likely they are the same thing to buy ("tamari" and
/// "tamari sauce", "cashew" and "cashew nut") rather than different things ("red onion" and
/// "onion", "apple" and "apple juice"), with a calibrated confidence and reasons.
///
/// The features mean something for food: containment with a class word (sauce, cheese,
/// nut), with an identity word (red, smoked, ground, dried) or with a product word (juice,
/// powder), identity words that differ, the same head noun, alike words, names equal without
/// spaces or in another order, prefixes and close spellings. Their weights and the
/// calibration come from `Dictionaries/suggest/weights.tsv` (written by
/// `tools/train-suggest`); the word kinds from `suggest/words.tsv`, `suggest/alike.tsv` and
/// the `keep` words of `key-words.tsv`.
///
/// ```swift
/// let scorer = PairScorer()
/// let keyer = CanonicalKeyer()
/// let score = scorer.score(keyer.key(forName: "tamari"), keyer.key(forName: "tamari sauce"))
/// score.confidence   // high
/// score.reasons      // ["“tamari sauce” is “tamari” plus the class word “sauce”"]
/// ```
///
/// A scorer is an immutable value; share it freely between threads.
public struct PairScorer: Sendable {
    let model: ScorerModel
    /// The model of shopping-list suggestions (`suggest/list-weights.tsv`).
    let listModel: ScorerModel = .builtInList
    package let words: SuggestionWords

    /// A scorer with the built-in weights and word tables.
    public init() {
        model = .builtIn
        words = .builtIn
    }

    /// A scorer with the weights of a file written by `tools/train-suggest` (same format as
    /// `Dictionaries/suggest/weights.tsv`). Throws `SuggestionError` when the text is not such a file.
    public init(weightsText: String) throws {
        model = try ScorerModel(text: weightsText)
        words = .builtIn
    }

    init(model: ScorerModel, words: SuggestionWords = .builtIn) {
        self.model = model
        self.words = words
    }

    /// The score of two canonical keys (as `CanonicalKeyer` writes them). Equal or empty keys
    /// score 1 and 0 with no scoring: equal keys are already merged.
    public func score(_ first: String, _ second: String) -> PairScore {
        if first.isEmpty || second.isEmpty { return PairScore(confidence: 0, reasons: ["an empty key"]) }
        if first == second { return PairScore(confidence: 1, reasons: ["same canonical key"]) }
        var forms = KeyForms(tables: words)
        forms.add(first)
        forms.add(second)
        return score(forms, 0, 1)
    }

    /// The score of keys `i` and `j` of a batch.
    func score(_ forms: KeyForms, _ i: Int, _ j: Int) -> PairScore {
        var detail = PairFeatures.Detail()
        let f = PairFeatures.compute(forms, i, j, detail: &detail)
        return PairScore(confidence: model.calibrated(model.raw(f)), reasons: PairFeatures.reasons(f, detail, forms, i, j))
    }

    /// The list-merge confidence of keys `i` and `j` of a batch — how likely one item can be
    /// bought for both (the same thing, or one a kind or part of the other), by the list model
    /// — with what the features found; nil when `ListMergeRule` never offers such a pair.
    package func listConfidence(_ forms: KeyForms, _ i: Int, _ j: Int) -> (confidence: Double, features: PairFeatures, detail: PairFeatures.Detail)? {
        // Items in different aisles are never offered (`ListMergeRule`): known before any
        // feature is made.
        if forms.sameAisle(i, j) == false { return nil }
        var detail = PairFeatures.Detail()
        let f = PairFeatures.compute(forms, i, j, detail: &detail)
        guard ListMergeRule.allows(f, detail) else { return nil }
        return (listModel.calibrated(listModel.raw(f)), f, detail)
    }

    /// The confidence alone (no reasons) of keys `i` and `j` of a batch.
    func confidence(_ forms: KeyForms, _ i: Int, _ j: Int) -> Double {
        var detail = PairFeatures.Detail()
        return model.calibrated(model.raw(PairFeatures.compute(forms, i, j, detail: &detail)))
    }
}
