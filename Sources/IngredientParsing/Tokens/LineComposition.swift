import IngredientText

/// Lines written in decomposed form (a letter followed by a combining accent, as some systems
/// and copied web text write it) are read composed (NFC), as the word tables spell their
/// words: "cre" + U+0300 + "me" parses as "crème" does. The fields then hold the composed
/// text; the input stays as it was given. Only lines in which the tokenizer met a combining
/// mark (`Tokenizer.Lexed.combiningMark`) go through ICU.
enum LineComposition {
    /// The line composed (NFC) into `composed`; false, leaving `composed` as it was, when
    /// composition changes nothing (a mark with nothing to join).
    static func compose(_ line: UnsafeBufferPointer<UInt8>, into composed: inout PlainList<UInt8>) -> Bool {
        var text = UnicodeFolding.apply(.nfc, utf8: line)
        return text.withUTF8 { bytes in
            guard !bytes.elementsEqual(line) else { return false }
            composed.replace(with: bytes)
            return true
        }
    }
}
