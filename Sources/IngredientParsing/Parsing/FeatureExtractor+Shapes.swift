extension FeatureExtractor {
    /// Shape ids (`shapeID`): word shapes are `WordShape` codes (1…`WordShape.largestCode`),
    /// quantities' start at `quantityShapes`, punctuation's at `punctuationShapes` (plus the mark).
    static let quantityShapes = 256, punctuationShapes = 512, shapeCount = 768

    /// The shape of a token as a small number: its kind, case pattern and marks (see `shapeBytes`).
    @inline(__always)
    static func shapeID(_ t: Token, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        switch t.kind {
        case .word:
            if t.wordShape != 0 { return Int(t.wordShape) }
            return Int(WordShape(stem: UnsafeBufferPointer(rebasing: line[t.stemRange]), trailingDot: t.end != t.stemEnd).code)
        case .quantity:
            let form = t.isMultiplier ? 1 : t.isRange ? 2 : t.isProperFraction ? 3 : t.isInteger ? 0 : 4
            return quantityShapes + 2 * form + (t.gluedToNext ? 1 : 0)
        case .punctuation:
            return punctuationShapes + Int(t.mark)
        }
    }

    /// The bytes of a shape as the model file writes them: a word's `WordShape`; for a
    /// quantity `Q`, then `x` multiplier, `r` range, `f` proper fraction or `d` other
    /// non-integer, then `g` when a unit is glued on; for punctuation `P` and the mark.
    static func shapeBytes(id: Int) -> SmallBytes {
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
    static let shapeTable: [SmallBytes] = (0..<shapeCount).map { shapeBytes(id: $0) }

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
