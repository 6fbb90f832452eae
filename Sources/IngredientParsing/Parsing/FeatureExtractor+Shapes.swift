import IngredientTagger
extension FeatureExtractor {
    /// The shape of a token as a small number: its kind, case pattern and marks (see `shapeBytes`).
    @inline(__always)
    static func shapeID(_ t: Token, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        switch t.kind {
        case .word:
            if t.wordShape != 0 { return Int(t.wordShape) }
            return Int(WordShape(stem: UnsafeBufferPointer(rebasing: line[t.stemRange]), trailingDot: t.end != t.stemEnd).code)
        case .quantity:
            let form = t.isMultiplier ? 1 : t.isRange ? 2 : t.isProperFraction ? 3 : t.isInteger ? 0 : 4
            return FeatureKeys.quantityShapes + 2 * form + (t.gluedToNext ? 1 : 0)
        case .punctuation:
            return FeatureKeys.punctuationShapes + Int(t.mark)
        }
    }

    /// Which case pattern of the word shapes tells nothing in this line, as a shape's case
    /// pattern (`WordShape.code`): 2 (a first capital) where every word of four or more bytes
    /// starts with a capital ("2 Tbsp Chopped Fresh Parsley", as many sites write their lists),
    /// 1 (no small letter) where every such word is in capitals ("1 CUP BROWN SUGAR"), else 0
    /// (none: capitals mark a name, a brand, a note's first word). At least two such words.
    /// Where a line capitalizes every word, a capital says nothing of the word; its shape is
    /// read as the lowercase word's (`foldingCase`), as the labeled lines mostly write it.
    static func uninformativeCase(_ tokens: UnsafeBufferPointer<Token>, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        var long = 0, capitalized = 0, capitals = 0, lowercaseWord = false
        let classes = caseClass
        for t in tokens where t.kind == .word {
            let id = t.wordShape != 0 ? Int(t.wordShape) : shapeID(t, line)
            guard id <= WordShape.largestCode else { continue }
            switch classes[id] {
            case 0: return 0 // a lowercase word of four or more bytes: most lines stop here
            case 1: lowercaseWord = true
            case 2: long &+= 1; capitalized &+= 1
            case 3: long &+= 1; capitals &+= 1
            case 4: long &+= 1
            default: break
            }
        }
        guard long >= 2 else { return 0 }
        if capitals == long, !lowercaseWord { return 1 }
        if capitalized >= 2, capitalized + capitals == long { return 2 }
        return 0
    }

    /// Per word shape code, what `uninformativeCase` counts: 0 a lowercase word of four bytes or
    /// more, 1 a lowercase word of two or three, 2 a long word with a first capital, 3 a long
    /// word in capitals, 4 another long word (mixed case), 5 nothing.
    static let caseClass: [UInt8] = (0...Int(WordShape.largestCode)).map { id in
        guard id >= 1 else { return 5 }
        let pattern = WordShape.casePattern(ofCode: id), lengthClass = WordShape.lengthClass(ofCode: id)
        if pattern == 0 { return lengthClass == 0 ? 0 : lengthClass == 2 ? 1 : 5 }
        guard lengthClass == 0 else { return 5 }
        return pattern == 2 ? 2 : pattern == 1 ? 3 : 4
    }

    /// The word shape `id` with the case pattern `pattern` read as no capital (0: unchanged).
    @inline(__always)
    static func foldingCase(_ id: Int, pattern: Int) -> Int {
        guard pattern != 0, id >= 1, id <= WordShape.largestCode else { return id }
        return WordShape.casePattern(ofCode: id) == pattern ? WordShape.withoutCapitals(code: id) : id
    }

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
