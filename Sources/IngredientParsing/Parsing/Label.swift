import IngredientTagger

/// The role of one token in an ingredient line, as the tagger assigns it.
package enum Label: Int, CaseIterable, Sendable {
    case quantity, unit, size, name, preparation, comment, purpose, punctuation

    /// The number of labels: the tagger's weight lanes.
    package static var count: Int { TaggerLayout.labelCount }

    /// The label's name in training data and in the model file.
    package var code: String { TaggerLayout.labelCodes[rawValue] }

    package init?(code: String) {
        guard let l = Label.allCases.first(where: { $0.code == code }) else { return nil }
        self = l
    }
}
