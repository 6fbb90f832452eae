import IngredientText
import IngredientLexicon

/// Lines with HTML character references (`1 &frac12; cups`, `&#189;`, as text copied from web
/// pages carries them) are read with them decoded, as the importer reads page text.
/// Lines written in decomposed form (a letter followed by a combining accent, as some systems
/// and copied web text write it) are read composed (NFC), as the word tables spell their
/// words: "cre" + U+0300 + "me" parses as "crème" does; and lines are read without the
/// invisible format characters web text carries (`Tokenizer.isInvisible`: soft hyphens,
/// zero-width joiners, direction marks). The fields then hold that text; the input stays as it
/// was given. Only lines in which the tokenizer met such a character
/// (`Tokenizer.Lexed.needsNormalizing`) go through here (and ICU).
enum LineComposition {
    /// The line with its character references decoded, without its invisible format
    /// characters, composed (NFC), into `composed`;
    /// false, leaving `composed` as it was, when that changes nothing (a mark with nothing to
    /// join).
    static func compose(_ line: UnsafeBufferPointer<UInt8>, into composed: inout PlainList<UInt8>) -> Bool {
        var decoded: [UInt8]?
        if line.contains(0x26) {
            let text = CharacterReferences.decodingTwice(String(decoding: line, as: UTF8.self))
            decoded = Array(text.utf8)
        }
        var visible: [UInt8] = []
        visible.reserveCapacity(line.count)
        func keepVisible(_ source: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < source.count {
                let (scalar, length) = Tokenizer.decode(source, at: i)
                if scalar < 0x80 || !Tokenizer.isInvisible(scalar) { visible.append(contentsOf: source[i..<(i + length)]) }
                i += length
            }
        }
        if let decoded { decoded.withUnsafeBufferPointer(keepVisible) } else { keepVisible(line) }
        var text = visible.withUnsafeBufferPointer { UnicodeFolding.apply(.nfc, utf8: $0) }
        return text.withUTF8 { bytes in
            guard !bytes.elementsEqual(line) else { return false }
            composed.replace(with: bytes)
            return true
        }
    }
}
