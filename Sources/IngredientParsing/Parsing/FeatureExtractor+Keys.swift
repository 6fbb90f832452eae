import IngredientText

extension FeatureExtractor {
    @inline(__always)
    static func key(_ template: Template, _ value: SmallBytes) -> UInt64 {
        value.hash(into: template.seed)
    }

    @inline(__always)
    static func key(_ template: Template, _ a: SmallBytes, _ b: SmallBytes) -> UInt64 {
        b.hash(into: ByteHash.mixExact(a.hash(into: template.seed), 0x7C))
    }

    @inline(__always)
    static func key(_ template: Template, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.fold(bytes, into: template.seed)
    }

    /// Stand-ins in word pairs: `^` beyond either end of the line, `#` for any quantity.
    static let boundaryHash = ByteHash.fold(Array("^".utf8))
    static let quantityHash = ByteHash.fold(Array("#".utf8))

    /// The folded hash a token shows in a word pair: its stem's, or `#`'s for any quantity.
    @inline(__always)
    static func pairHash(_ t: Token) -> UInt64 {
        t.kind == .quantity ? quantityHash : t.hash
    }

    /// The key of a word pair from the two tokens' folded hashes.
    @inline(__always)
    static func pairKey(_ template: Template, _ a: UInt64, _ b: UInt64) -> UInt64 {
        ByteHash.combine(ByteHash.combine(template.seed, a), b)
    }

    /// The key of the slot that holds both templates of the word pair (a, b) in the
    /// tagger's pair table.
    @inline(__always)
    static func wordPairKey(_ a: UInt64, _ b: UInt64) -> UInt64 {
        pairKey(.bigramNext, a, b)
    }

    /// The key of a word feature from the word's folded hash.
    @inline(__always)
    static func key(_ template: Template, hash: UInt64) -> UInt64 {
        ByteHash.combine(template.seed, hash)
    }

    /// The key of a feature as the model file writes it (template and value text): the same
    /// key `extract` computes for that feature.
    static func fileKey(_ template: Template, _ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
        switch template {
        case .word:
            return key(.word, hash: ByteHash.fold(value))
        case .bigramPrevious, .bigramNext:
            // "a b": the two tokens, separated by the one byte no token contains.
            guard let space = value.firstIndex(of: 0x20) else { return 0 }
            return pairKey(template, ByteHash.fold(UnsafeBufferPointer(rebasing: value[..<space])),
                           ByteHash.fold(UnsafeBufferPointer(rebasing: value[(space + 1)...])))
        case .suffix3, .suffix2, .prefix3:
            return key(template, bytes: value)
        default:
            return ByteHash.exact(value, into: template.seed)
        }
    }

    /// A token's text for the model file's word pairs.
    static func pairName(_ t: Token?, _ line: UnsafeBufferPointer<UInt8>) -> String {
        guard let t else { return "^" }
        return t.kind == .quantity ? "#" : FeatureRecorder.lower(UnsafeBufferPointer(rebasing: line[t.stemRange]))
    }

    /// The key of a present yes/no feature.
    static func flagKey(_ template: Template) -> UInt64 { key(template, SmallBytes.one) }

    /// The key of a state feature: the digit of `value`, `|`, the coarse class byte.
    static func stateKey(_ template: Template, _ value: Int, _ coarse: UInt8) -> UInt64 {
        key(template, digit(value), SmallBytes.single(coarse))
    }

    /// The key of a shape-pair feature: the two coarse class bytes joined by `|`.
    static func shapePairKey(_ template: Template, _ previous: UInt8, _ coarse: UInt8) -> UInt64 {
        key(template, SmallBytes.single(previous), SmallBytes.single(coarse))
    }

    /// State templates and how many values each has (`addPlace`).
    static let stateTemplates: [(template: Template, values: Int)] = [
        (.segmentShape, 4), (.parenShape, 3), (.positionShape, 6), (.segmentPositionShape, 6),
    ]
    /// Flag templates (`addPlace`), bit `k` for the template at `k`.
    static let flagTemplates: [Template] = [.last, .seenQuantity, .dashSeparator, .seenOr, .commaAhead]

    static func digit(_ n: Int) -> SmallBytes {
        var s = SmallBytes()
        s.append(0x30 + UInt8(min(max(n, 0), 9)))
        return s
    }
}
