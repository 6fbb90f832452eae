import IngredientText

/// Step 1 of the key spec: Unicode folding into bytes.
///
/// ASCII input takes a fast path (A–Z to a–z, nothing else changes), which is exactly what
/// ICU's NFKC_Casefold does to ASCII, so both paths give the same bytes for ASCII input
/// (`KeysFoldingTests` checks it); input made of table characters takes `CharacterFolds`.
/// Any other input goes through the ICU shim:
/// NFKC_Casefold ("Straße" → "strasse", "ﬁ" → "fi"), then, when diacritics are folded,
/// removal of nonspacing marks ("jalapeño" → "jalapeno") and the letters ICU leaves alone
/// (æ → ae, œ → oe, ø → o, ł → l, đ/ð → d, þ → th, ı → i). Typographic punctuation is
/// mapped to its ASCII counterpart (’ → ', – → -, “ → ", ⁄ → /), and ™ ® © and U+FFFD
/// (repaired ill-formed UTF-8) become spaces.
enum KeyFolding {
    /// Names are read up to this many bytes (cut at a character boundary); a longer name is
    /// not a name, and the cap keeps the work space small and on the stack.
    static let maximumInputBytes = 1024
    /// Room for the folded bytes: folding can grow text (ß → ss, ﬃ → ffi).
    static let maximumFoldedBytes = 3 * maximumInputBytes

    /// Whether every byte is ASCII (eight bytes at a time).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return true }
        while i + 8 <= n {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n {
            if base[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// The input cut to `maximumInputBytes` without splitting a UTF-8 sequence.
    @inline(__always)
    static func capped(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count > maximumInputBytes else { return bytes }
        var end = maximumInputBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }

    /// Folds `input` into `out` (capacity `maximumFoldedBytes`), returning the byte count.
    /// `forceICU` sends all input through ICU (for testing the fast paths); `usesCharacterFolds`
    /// false sends non-ASCII input to ICU without the per-character table (`latin`,
    /// `latinWithoutMarks`: the same folds, which the tests check), so that a caller with few
    /// such names does not build the table.
    static func fold(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
        foldsDiacritics: Bool, forceICU: Bool = false, usesCharacterFolds: Bool = true
    ) -> Int {
        let input = capped(input)
        if !forceICU {
            if isASCII(input) {
                var n = 0
                for b in input {
                    out[n] = (b &- 65) < 26 ? b | 0x20 : b
                    n += 1
                }
                return n
            }
            if usesCharacterFolds, let n = (foldsDiacritics ? latinWithoutMarks : latin).fold(input, into: out) { return n }
        }
        return foldWithICU(input, into: out, foldsDiacritics: foldsDiacritics)
    }

    /// Per-character results for the common non-ASCII characters of ingredient names.
    static let latin = CharacterFolds(foldsDiacritics: false)
    static let latinWithoutMarks = CharacterFolds(foldsDiacritics: true)

    /// The folded bytes of each character in a few blocks (Latin-1 Supplement, Latin
    /// Extended-A and -B, Greek, Cyrillic, Arabic, Hiragana and Katakana, General
    /// Punctuation, Letterlike Symbols, Number Forms, Latin ligatures), each computed through
    /// ICU exactly as `fold` would fold it alone, the first time a name needs it (a session
    /// meets a few dozen of these characters, not the two thousand of the blocks). Combining
    /// marks are left out (a name with one goes to ICU), and no other character of these
    /// blocks combines with its neighbors, so a name made of them and ASCII folds to the
    /// concatenation of its characters' folds (the tests check this against ICU); any other
    /// character sends the name to ICU.
    final class CharacterFolds: Sendable {
        static let ranges: [ClosedRange<UInt32>] = [
            0x0080...0x024F, 0x0370...0x03FF, 0x0400...0x04FF, 0x0600...0x06FF, 0x2000...0x206F, 0x2100...0x218F,
            0x2600...0x27BF, 0x3000...0x30FF, 0xFB00...0xFB06, 0xFF01...0xFF5E,
        ]
        /// The number of characters in `ranges`.
        static let characterCount = ranges.reduce(0) { $0 + $1.count }
        /// CJK ideographs and Hangul syllables: NFKC_Casefold and mark removal leave each of
        /// them as it is, and they do not combine with ASCII or table characters.
        @inline(__always)
        static func isUnchanged(_ v: UInt32) -> Bool {
            (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xAC00...0xD7A3).contains(v)
        }

        /// The folds made so far, by `index(of:)`.
        struct Known {
            /// Folded bytes per character; nil for characters left to ICU and those not yet folded.
            var folds: [[UInt8]?]
            /// Whether `folds` holds the character's result yet.
            var isFolded: [Bool]

            /// The folded bytes of character `v` at `index`, folding it first when it is new.
            mutating func bytes(of v: UInt32, at index: Int, foldsDiacritics: Bool) -> [UInt8]? {
                if !isFolded[index] {
                    folds[index] = CharacterFolds.fold(character: v, foldsDiacritics: foldsDiacritics)
                    isFolded[index] = true
                }
                return folds[index]
            }
        }

        let foldsDiacritics: Bool
        /// Shared by every thread that folds names: characters are folded once, under the lock.
        let known: LockedValue<Known>

        init(foldsDiacritics: Bool) {
            self.foldsDiacritics = foldsDiacritics
            known = LockedValue(Known(folds: Array(repeating: nil, count: Self.characterCount),
                                isFolded: Array(repeating: false, count: Self.characterCount)))
        }

        /// The folded bytes of one character of the table's blocks, through ICU; nil for
        /// combining marks and unassigned code points (left to ICU with their neighbors).
        static func fold(character v: UInt32, foldsDiacritics: Bool) -> [UInt8]? {
            guard let scalar = Unicode.Scalar(v) else { return nil }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .unassigned:
                return nil
            default:
                break
            }
            let bytes = Array(String(scalar).utf8)
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { out in
                bytes.withUnsafeBufferPointer { n -> [UInt8] in
                    let count = KeyFolding.foldWithICU(n, into: out, foldsDiacritics: foldsDiacritics)
                    return Array(out[0..<count])
                }
            }
        }

        /// The folded bytes of character `v`; nil when it is not in the table's blocks or is
        /// left to ICU.
        func bytes(of v: UInt32) -> [UInt8]? {
            guard let index = Self.index(of: v) else { return nil }
            return known.withLock { $0.bytes(of: v, at: index, foldsDiacritics: foldsDiacritics) }
        }

        @inline(__always)
        static func index(of v: UInt32) -> Int? {
            var base = 0
            for range in ranges {
                if range.contains(v) { return base + Int(v - range.lowerBound) }
                base += range.count
            }
            return nil
        }

        /// Folds `input` character by character, or returns nil when a character is not in
        /// the table (or ill-formed) or the result does not fit in `out`.
        func fold(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
            known.withLock { known in fold(input, into: out, known: &known) }
        }

        private func fold(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, known: inout Known) -> Int? {
            var n = 0, i = 0
            let count = input.count
            while i < count {
                let b = input[i]
                if b < 0x80 {
                    guard n < out.count else { return nil }
                    out[n] = (b &- 65) < 26 ? b | 0x20 : b
                    n += 1
                    i += 1
                    continue
                }
                var v: UInt32, length: Int
                if b & 0xE0 == 0xC0 { v = UInt32(b & 0x1F); length = 2 } else if b & 0xF0 == 0xE0 { v = UInt32(b & 0x0F); length = 3 } else { return nil }
                guard i + length <= count else { return nil }
                for k in 1..<length {
                    let c = input[i + k]
                    guard c & 0xC0 == 0x80 else { return nil }
                    v = v << 6 | UInt32(c & 0x3F)
                }
                if Self.isUnchanged(v) {
                    guard n + length <= out.count else { return nil }
                    for k in 0..<length { out[n] = input[i + k]; n += 1 }
                    i += length
                    continue
                }
                guard let index = Self.index(of: v), let bytes = known.bytes(of: v, at: index, foldsDiacritics: foldsDiacritics) else {
                    return nil
                }
                guard n + bytes.count <= out.count else { return nil }
                for x in bytes { out[n] = x; n += 1 }
                i += length
            }
            return n
        }
    }

    static func foldWithICU(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, foldsDiacritics: Bool
    ) -> Int {
        // ™ ℠ ® © ℗ first become spaces: NFKC would turn ™ into "TM" and glue it to the word.
        var cleaned: [UInt8]?
        var i = 0
        while i + 1 < input.count {
            let b = input[i]
            let mark = (b == 0xC2 && (input[i + 1] == 0xAE || input[i + 1] == 0xA9)) ? 2
                : (b == 0xE2 && i + 2 < input.count && input[i + 1] == 0x84 && [0xA2, 0xA0, 0x97].contains(input[i + 2])) ? 3 : 0
            if mark > 0 {
                if cleaned == nil { cleaned = Array(input) }
                for k in i..<(i + mark) { cleaned![k] = 0x20 }
                i += mark
            } else {
                i += 1
            }
        }
        var folded = cleaned.map { bytes in bytes.withUnsafeBufferPointer { UnicodeFolding.apply(.nfkcCaseFold, utf8: $0) } }
            ?? UnicodeFolding.apply(.nfkcCaseFold, utf8: input)
        if foldsDiacritics, !folded.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = UnicodeFolding.apply(.stripMarks, to: folded)
        }
        var n = 0
        let capacity = out.count
        @inline(__always) func put(_ b: UInt8) {
            if n < capacity { out[n] = b; n += 1 }
        }
        for scalar in folded.unicodeScalars {
            let v = scalar.value
            if v < 0x80 { put(UInt8(v)); continue }
            if let ascii = punctuation(v) { put(ascii); continue }
            if foldsDiacritics, let letters = letter(v) {
                for b in letters.utf8 { put(b) }
                continue
            }
            // Symbols and punctuation (emoji, currency signs, dingbats) separate words; letters,
            // marks and digits of any script stay.
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                break
            default:
                put(0x20)
                continue
            }
            // Keep the character: encode it as UTF-8, unless it would not fit whole.
            guard n + UTF8.width(scalar) <= capacity else { break }
            for b in scalar.utf8 { put(b) }
        }
        return n
    }

    /// The ASCII stand-in for a non-ASCII punctuation or symbol code point.
    @inline(__always)
    static func punctuation(_ v: UInt32) -> UInt8? {
        switch v {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x02BC, 0x02B9, 0x00B4, 0x02BB: return 0x27 // '
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033, 0x00AB, 0x00BB, 0x2039, 0x203A: return 0x22 // "
        case 0x2010...0x2015, 0x2212, 0x2043, 0xFE58, 0xFE63, 0xFF0D: return 0x2D // -
        case 0x2044, 0x2215: return 0x2F // /
        case 0x00A0, 0x2000...0x200B, 0x202F, 0x205F, 0x3000, 0xFEFF: return 0x20
        case 0x00B7, 0x2022, 0x2027, 0x2219, 0x00D7, 0x00B0, 0x2122, 0x00AE, 0x00A9, 0x2117, 0xFFFD: return 0x20
        case 0x2026: return 0x2E
        case 0x3001, 0xFF0C: return 0x2C // ideographic and full-width commas
        default: return nil
        }
    }

    /// ASCII letters for the Latin letters that carry no combining mark to strip.
    @inline(__always)
    static func letter(_ v: UInt32) -> String? {
        switch v {
        case 0x00E6: "ae"   // æ
        case 0x0153: "oe"   // œ
        case 0x00F8: "o"    // ø
        case 0x0142: "l"    // ł
        case 0x0111, 0x00F0: "d" // đ ð
        case 0x00FE: "th"   // þ
        case 0x0131: "i"    // dotless ı
        case 0x0138: "k"    // ĸ
        case 0x0127: "h"    // ħ
        case 0x0167: "t"    // ŧ
        default: nil
        }
    }
}
