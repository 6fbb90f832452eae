import IngredientText

/// The keys of the tagger's features: a feature is a template and a short byte value, its key
/// a hash of both (`Template.seed`, `ByteHash`), so that the parser's features, the model
/// file's rows and training agree without a shared vocabulary. Also the tables of feature
/// values that the model's dense tables are made from (shapes, states, flags).
@usableFromInline package enum FeatureKeys {
    /// Shape ids (`FeatureExtractor.shapeID`): word shapes are `WordShape` codes (1…`WordShape.largestCode`),
    /// quantities' start at `quantityShapes`, punctuation's at `punctuationShapes` (plus the mark).
    @inlinable package static var quantityShapes: Int { 256 }
    @inlinable package static var punctuationShapes: Int { 512 }
    @inlinable package static var shapeCount: Int { 768 }

    /// The bytes of a shape as the model file writes them: a word's `WordShape`; for a
    /// quantity `Q`, then `x` multiplier, `r` range, `f` proper fraction or `d` other
    /// non-integer, then `g` when a unit is glued on; for punctuation `P` and the mark.
    package static func shapeBytes(id: Int) -> SmallBytes {
        if id < quantityShapes { return WordShape.bytes(code: UInt8(truncatingIfNeeded: id)) }
        var s = SmallBytes()
        if id < punctuationShapes {
            s.append(0x51) // Q
            switch (id - quantityShapes) / 2 {
            case 1: s.append(0x78)
            case 2: s.append(0x72)
            case 3: s.append(0x66)
            case 4: s.append(0x64)
            default: break
            }
            if (id - quantityShapes) % 2 == 1 { s.append(0x67) }
        } else {
            s.append(0x50) // P
            s.append(UInt8(truncatingIfNeeded: id - punctuationShapes))
        }
        return s
    }

    /// `shapeBytes(id:)` of every id below `shapeCount`.
    package static let shapeTable: [SmallBytes] = (0..<shapeCount).map { shapeBytes(id: $0) }


    @inlinable @inline(__always)
    package static func key(_ template: Template, _ value: SmallBytes) -> UInt64 {
        value.hash(into: template.seed)
    }

    @inlinable @inline(__always)
    package static func key(_ template: Template, _ a: SmallBytes, _ b: SmallBytes) -> UInt64 {
        b.hash(into: ByteHash.mixExact(a.hash(into: template.seed), 0x7C))
    }

    @inlinable @inline(__always)
    package static func key(_ template: Template, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.fold(bytes, into: template.seed)
    }

    /// Stand-ins in word pairs: `^` beyond either end of the line, `#` for any quantity.
    @inlinable package static var boundaryHash: UInt64 { ByteHash.mix(ByteHash.seed, 0x5E) } // ^
    @inlinable package static var quantityHash: UInt64 { ByteHash.mix(ByteHash.seed, 0x23) } // #

    /// The key of a word pair from the two tokens' folded hashes.
    @inlinable @inline(__always)
    package static func pairKey(_ template: Template, _ a: UInt64, _ b: UInt64) -> UInt64 {
        ByteHash.combine(ByteHash.combine(template.seed, a), b)
    }

    /// The key of the slot that holds both templates of the word pair (a, b) in the
    /// tagger's pair table, from the two tokens' folded hashes.
    ///
    /// Not a feature key (`pairKey` is, and training keeps it): only the pair table is keyed by
    /// it, which the model reader fills (`TaggerModelReader`), so it may be cheaper. The parser
    /// finds one a token: two multiplications and a fold of the high half into the low one,
    /// which the table splits into the slot (high half) and the fingerprint (low half), against
    /// the two `ByteHash.combine` of `pairKey`. `a` enters multiplied, so (a, b) and (b, a)
    /// differ.
    @inlinable @inline(__always)
    package static func wordPairKey(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let h = ((a &* 0x9E37_79B9_7F4A_7C15) ^ b) &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 32)
    }

    /// The key of a word feature from the word's folded hash.
    @inlinable @inline(__always)
    package static func key(_ template: Template, hash: UInt64) -> UInt64 {
        ByteHash.combine(template.seed, hash)
    }

    /// The key of a feature as the model file writes it (template and value text): the same
    /// key `extract` computes for that feature.
    package static func fileKey(_ template: Template, _ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
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

    /// The key of a present yes/no feature.
    package static func flagKey(_ template: Template) -> UInt64 { key(template, SmallBytes.one) }

    /// The key of a state feature: the digit of `value`, `|`, the coarse class byte.
    package static func stateKey(_ template: Template, _ value: Int, _ coarse: UInt8) -> UInt64 {
        key(template, digit(value), SmallBytes.single(coarse))
    }

    /// The key of a shape-pair feature: the two coarse class bytes joined by `|`.
    package static func shapePairKey(_ template: Template, _ previous: UInt8, _ coarse: UInt8) -> UInt64 {
        key(template, SmallBytes.single(previous), SmallBytes.single(coarse))
    }

    /// State templates and how many values each has (`addPlace`).
    package static let stateTemplates: [(template: Template, values: Int)] = [
        (.segmentShape, 4), (.parenShape, 3), (.positionShape, 6), (.segmentPositionShape, 6),
    ]
    /// Flag templates (`addPlace`), bit `k` for the template at `k`.
    package static let flagTemplates: [Template] = [.last, .seenQuantity, .dashSeparator, .seenOr, .commaAhead]

    @inlinable package static func digit(_ n: Int) -> SmallBytes {
        var s = SmallBytes()
        s.append(0x30 + UInt8(min(max(n, 0), 9)))
        return s
    }

    /// Suffixes of 3 and 2 characters and a prefix of 3, on whole UTF-8 scalars.
    @inlinable @inline(__always)
    package static func affixes(_ w: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?)? {
        guard w.count >= 3 else { return nil }
        // Start offsets of the last three scalars.
        var s1 = -1, s2 = -1, s3 = -1
        var i = w.count
        while i > 0, s3 < 0 {
            i -= 1
            if w[i] & 0xC0 != 0x80 {
                if s1 < 0 { s1 = i } else if s2 < 0 { s2 = i } else { s3 = i }
            }
        }
        guard s2 >= 0 else { return nil }
        let suffix2 = UnsafeBufferPointer(rebasing: w[s2...])
        let suffix3 = s3 >= 0 && w.count >= 4 ? UnsafeBufferPointer(rebasing: w[s3...]) : nil
        var p3: UnsafeBufferPointer<UInt8>? = nil
        if w.count >= 5 {
            var j = 0, scalars = 0
            while j < w.count, scalars < 3 {
                j += 1
                while j < w.count, w[j] & 0xC0 == 0x80 { j += 1 }
                scalars += 1
            }
            p3 = UnsafeBufferPointer(rebasing: w[..<j])
        }
        return (suffix3, suffix2, p3)
    }
}
