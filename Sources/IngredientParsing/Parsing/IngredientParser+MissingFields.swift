import IngredientText
import IngredientLexicon

// A line the tagger labels with an amount and no name, or with a name and no amount while an
// amount is written after the name, is labeled again by the best labeling that has what it
// lacks (`Viterbi.decode(…requiring:at:…)`); see docs/parsing.md.
extension IngredientParser {
    /// Whether a labeling whose labels are `labelSet` (bit `1 << label`) gives a line an amount
    /// (a quantity or a unit) but no name: then `analyze` asks for the best labeling that
    /// names a word (`nameAWord`).
    @inline(__always)
    static func lacksName(_ labelSet: Int) -> Bool {
        let amount = 1 << Label.quantity.rawValue | 1 << Label.unit.rawValue
        return labelSet & amount != 0 && labelSet & (1 << Label.name.rawValue) == 0
    }

    /// Replaces `labels` (an amount and no name: "4 large, very fresh eggs", "¼ tsp cloves,
    /// roughly broken up") by the best labeling of `emission` that names one of the words;
    /// false, `labels` unchanged, when no word may be named (or the line is one token). A
    /// number word or a measure of the units table that the tagger read as such stays out
    /// ("100g/3½oz, plus extra for greasing" keeps its grams); a countable unit may be the
    /// thing counted ("2 cloves, ground").
    @inline(never)
    func nameAWord(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, emission: UnsafeBufferPointer<SIMD8<Float>>,
                   labels: inout [Int]) -> Bool {
        guard tokens.count >= 2 else { return false }
        let tagged = labels, lexicon = tables.lexicon
        func mayBeName(_ k: Int) -> Bool {
            let t = tokens[k]
            guard t.kind == .word else { return false }
            if tagged[k] == Label.quantity.rawValue { return tokens.withUnsafeBufferPointer { lexicon.numbers.longestMatch(start: k, words: Words($0)) } == nil }
            guard tagged[k] == Label.unit.rawValue else { return true }
            // As the assembler reads units: short aliases by their exact letters ("t", "T").
            guard let row = lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))]
                    ?? tokens.withUnsafeBufferPointer({ lexicon.unitAliases.longestMatch(start: k, words: Words($0)) })?.value else { return true }
            return lexicon.units[Int(row)].dimension == .item
        }
        return relabel(requiring: .name, at: mayBeName, emission: emission, labels: &labels)
    }

    /// Whether a labeling whose labels are `labelSet` gives a line a name but no amount (no
    /// quantity, no unit): then `analyze` asks for the best labeling that reads one of its
    /// numbers as the quantity (`amountANumber`).
    @inline(__always)
    static func lacksAmount(_ labelSet: Int) -> Bool {
        let amount = 1 << Label.quantity.rawValue | 1 << Label.unit.rawValue
        return labelSet & amount == 0 && labelSet & (1 << Label.name.rawValue) != 0
    }

    /// Replaces `labels` (a name and no amount) by the best labeling of `emission` that reads
    /// as the quantity a number written as the amount after the name: after a comma, and
    /// followed by nothing or by a unit of the units table before the line or the comma ends
    /// ("Whiskey, 1½ teaspoons", "Egg whites (large), 7, or 8 at altitude"), or ending the
    /// line after a colon or a spaced dash ("olive oil, plus extra for greasing - 4 tbsp",
    /// "Zucker: 100 g", as some sites and many other languages write the amount last); false,
    /// `labels` unchanged, when the line has no such number. Numbers in notes ("blanched for 1
    /// minute", "plus 2 tbsp for frying", "Cook until smooth, 6 minutes") stay notes.
    @inline(never)
    func amountANumber(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, emission: UnsafeBufferPointer<SIMD8<Float>>,
                       labels: inout [Int]) -> Bool {
        let n = tokens.count
        // A comma, or a colon or a dash with spaces on both sides ("salt - 1 tsp", "Mehl: 200 g").
        func isSeparator(_ k: Int) -> Bool {
            let t = tokens[k]
            guard t.kind == .punctuation else { return false }
            if t.mark == 0x2C { return true }
            guard t.mark == 0x3A || t.mark == 0x2D, k > 0, k + 1 < n else { return false }
            return (t.mark == 0x3A || tokens[k - 1].end < t.start) && tokens[k + 1].start > t.end
        }
        // Most lines without an amount have no number after a separator: they cost this scan only.
        var k = 1
        while k < n, !(tokens[k].kind == .quantity && isSeparator(k - 1)) { k += 1 }
        guard k < n else { return false }
        let lexicon = tables.lexicon
        func isComma(_ k: Int) -> Bool { tokens[k].kind == .punctuation && tokens[k].mark == 0x2C }
        func isUnit(_ k: Int) -> Bool {
            let t = tokens[k]
            guard t.kind == .word else { return false }
            if lexicon.unitAliasesExact[ByteHash.exact(UnsafeBufferPointer(rebasing: line[t.stemRange]))] != nil { return true }
            return tokens.withUnsafeBufferPointer { lexicon.unitAliases.longestMatch(start: k, words: Words($0)) }?.words == 1
        }
        func writtenAsAmount(_ k: Int) -> Bool {
            guard tokens[k].kind == .quantity, k > 0, isSeparator(k - 1) else { return false }
            // After a colon or a dash the amount ends the line; after a comma it may go on.
            let more = isComma(k - 1)
            if k + 1 == n || (more && isComma(k + 1)) { return true }
            return isUnit(k + 1) && (k + 2 == n || (more && isComma(k + 2)))
        }
        return relabel(requiring: .quantity, at: writtenAsAmount, emission: emission, labels: &labels)
    }

    /// Replaces `labels` by the best labeling of `emission` that gives `label` to a token that
    /// `allowed` accepts; false, `labels` unchanged, when it accepts none.
    func relabel(requiring label: Label, at allowed: (Int) -> Bool, emission: UnsafeBufferPointer<SIMD8<Float>>,
                 labels: inout [Int]) -> Bool {
        let shortfall = model.transitionRows.withUnsafeBufferPointer { tr in
            model.incomingRows.withUnsafeBufferPointer { inc in
                Viterbi.decode(emission: emission, transitions: tr, incoming: inc, end: model.endRow,
                               requiring: label.rawValue, at: allowed, labels: &labels)
            }
        }
        return shortfall != nil
    }
}
