import IngredientText

/// Turns file bytes into text: byte-order marks, UTF-8 validation, UTF-16, and a reported
/// Windows-1252 (Latin-1) fallback for files that are not UTF-8; splits text into lines at
/// LF, CR and CRLF alike.
package enum TextDecoding {
    /// Text decoded from bytes, and how.
    package struct Decoded: Sendable {
        /// The text.
        package var text: String
        /// What was not plain UTF-8, for the record's warnings; nil when nothing was.
        package var warning: String?
    }

    /// Decodes `bytes`: a UTF-8 BOM is dropped, UTF-16 with a BOM is decoded, valid UTF-8 is
    /// taken as is; otherwise the bytes are read as Windows-1252, unless they are mostly
    /// UTF-8 with a few broken sequences, which are then replaced with U+FFFD. Either way
    /// the result says so in `warning`.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Decoded {
        var body = bytes
        if body.count >= 3, body[0] == 0xEF, body[1] == 0xBB, body[2] == 0xBF {
            body = UnsafeBufferPointer(rebasing: body[3...])
        } else if body.count >= 2, (body[0] == 0xFF && body[1] == 0xFE) || (body[0] == 0xFE && body[1] == 0xFF) {
            return Decoded(text: utf16(UnsafeBufferPointer(rebasing: body[2...]), bigEndian: body[0] == 0xFE),
                           warning: nil)
        }
        if UTF8Repair.isValid(body) {
            return Decoded(text: String(decoding: body, as: UTF8.self), warning: nil)
        }
        let (valid, invalid) = utf8SequenceCounts(body)
        if valid >= 4 * invalid {
            return Decoded(text: String(decoding: body, as: UTF8.self),
                           warning: "\(invalid) ill-formed UTF-8 sequence\(invalid == 1 ? "" : "s") replaced with U+FFFD")
        }
        return Decoded(text: windows1252(body), warning: "not UTF-8: decoded as Windows-1252 (Latin-1)")
    }

    /// Decodes `bytes` (see `decode(_:)`).
    package static func decode(_ bytes: [UInt8]) -> Decoded {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// The lines of `text`, split at LF, CR and CRLF, without their line ends. A final line
    /// end does not start another line.
    package static func lines(_ text: String) -> [Substring] {
        var text = text
        // Line ends found on the contiguous bytes (a few instructions a byte, against a
        // String.UTF8View index step each), the lines then cut at those offsets.
        let ranges = text.withUTF8 { bytes -> [Range<Int>] in
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(bytes.count / 32 + 1)
            var start = 0, i = 0
            while i < bytes.count {
                // Eight bytes at a time while none of them ends a line.
                if i + 8 <= bytes.count {
                    let block = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    if !ByteBlock.contains(block, 0x0A), !ByteBlock.contains(block, 0x0D) {
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                if b == 0x0A || b == 0x0D {
                    ranges.append(start..<i)
                    i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                    start = i
                } else {
                    i += 1
                }
            }
            if start != bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        return substrings(of: text, at: ranges)
    }

    /// The characters at the start of `bytes` while they are ASCII, at most `limit` of them:
    /// how many and how many bytes they take (a byte a character, CR LF one); nil when a byte
    /// that is not ASCII comes first. What `count` and `prefix(_:)` of the text give, without
    /// walking characters.
    package static func asciiCharacters(_ bytes: UnsafeBufferPointer<UInt8>, atMost limit: Int = .max) -> (count: Int, end: Int)? {
        var count = 0, i = 0
        while i < bytes.count, count < limit {
            guard bytes[i] < 0x80 else { return nil }
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            count += 1
        }
        return (count, i)
    }

    /// The parts of `text` at UTF-8 offset `ranges` (each cut at a character boundary).
    package static func substrings(of text: String, at ranges: [Range<Int>]) -> [Substring] {
        let u = text.utf8
        return ranges.map { Substring(u[u.index(u.startIndex, offsetBy: $0.lowerBound)..<u.index(u.startIndex, offsetBy: $0.upperBound)]) }
    }

    /// Counts of well-formed multi-byte sequences and of ill-formed bytes.
    package static func utf8SequenceCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> (valid: Int, invalid: Int) {
        var valid = 0, invalid = 0, i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0
            var ok = length > 0 && i + length <= n
            if ok { for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { ok = false } }
            if ok { valid += 1; i += length } else { invalid += 1; i += 1 }
        }
        return (valid, invalid)
    }

    /// `bytes` read as Windows-1252.
    static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            let value = b >= 0x80 && b < 0xA0 ? Windows1252.high[Int(b - 0x80)] : UInt32(b)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// The Windows-1252 byte of a scalar, if it has one (C1 controls count as Latin-1 bytes).
    static func windows1252Byte(_ s: Unicode.Scalar) -> UInt8? {
        if s.value < 0x100 { return UInt8(s.value) }
        if let k = Windows1252.high.firstIndex(of: s.value) { return UInt8(0x80 + k) }
        return nil
    }

    /// Repairs UTF-8 that was decoded as Windows-1252 somewhere upstream ("â€™" → "’",
    /// "Ã©" → "é", "Â " → no-break space), sequence by sequence; text without such sequences
    /// comes back unchanged.
    package static func repairingMojibake(_ text: String) -> String {
        var hasLead = false
        for s in text.unicodeScalars where s.value >= 0xC2 && s.value <= 0xF4 { hasLead = true; break }
        guard hasLead else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var changed = false
        while i < scalars.count {
            let lead = scalars[i].value
            let length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, i + length <= scalars.count {
                var bytes: [UInt8] = [UInt8(lead)]
                for k in 1..<length {
                    guard let b = windows1252Byte(scalars[i + k]), b & 0xC0 == 0x80 else { break }
                    bytes.append(b)
                }
                if bytes.count == length, let decoded = String(validating: bytes, as: UTF8.self) {
                    out.append(contentsOf: decoded.unicodeScalars)
                    i += length
                    changed = true
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return changed ? String(out) : text
    }

    static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
