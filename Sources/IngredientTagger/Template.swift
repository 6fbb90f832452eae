import IngredientText

/// Feature templates of the tagger. A feature is a template and a short byte value; its key
/// is the FNV hash of both, so training, the model file and the parser agree without a
/// shared vocabulary.
@usableFromInline package enum Template: UInt8, CaseIterable, Sendable {
    // Context templates: a property of a token, weighted at offsets -2…+2 from the token labeled.
    case word = 1, suffix3, suffix2, prefix3, shape, lexicon, pad
    /// The word's clusters at three sizes (`WordClusters`, learned from unlabeled text).
    case cluster = 8
    // Local templates: a property of the labeled token's position, weighted at offset 0 only.
    case last = 23, seenQuantity = 25, dashSeparator, seenOr
    // Looking ahead: a comma or semicolon later in the line.
    case commaAhead = 29
    case segmentShape = 40, parenShape, positionShape, lexiconShape, previousShape, segmentPositionShape
    // Word pairs (case-folded): the previous token and this one, this one and the next.
    case bigramPrevious = 60, bigramNext

    /// The template's name in the model file.
    package var name: String {
        switch self {
        case .word: "word"
        case .suffix3: "suffix3"
        case .suffix2: "suffix2"
        case .prefix3: "prefix3"
        case .shape: "shape"
        case .lexicon: "lexicon"
        case .pad: "pad"
        case .cluster: "cluster"
        case .last: "last"
        case .seenQuantity: "seenQuantity"
        case .dashSeparator: "dashSeparator"
        case .seenOr: "seenOr"
        case .commaAhead: "commaAhead"
        case .segmentShape: "segmentShape"
        case .parenShape: "parenShape"
        case .positionShape: "positionShape"
        case .lexiconShape: "lexiconShape"
        case .previousShape: "previousShape"
        case .segmentPositionShape: "segmentPositionShape"
        case .bigramPrevious: "bigramPrevious"
        case .bigramNext: "bigramNext"
        }
    }

    private static let byName: [String: Template] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    package init?(name: String) {
        guard let t = Template.byName[name] else { return nil }
        self = t
    }

    private static let byNameHash: [UInt64: Template] =
        Dictionary(uniqueKeysWithValues: allCases.map { (ByteHash.exact(Array($0.name.utf8)), $0) })

    /// The template named by `bytes` (a model file column), without making a String.
    package init?(nameBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let t = Template.byNameHash[ByteHash.exact(bytes)], t.name.utf8.count == bytes.count else { return nil }
        self = t
    }

    package var isContext: Bool { rawValue < 20 }

    /// Words whose lowercase form alone decides these templates, precombined per word.
    package var isLexical: Bool { self == .word || self == .suffix3 || self == .suffix2 || self == .prefix3 || self == .cluster }


    @inline(__always)
    @inlinable package var seed: UInt64 { ByteHash.mixExact(ByteHash.seed, rawValue) }
}
