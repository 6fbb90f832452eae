/// Base-64 text, the form of the snapshot files committed under `Dictionaries/` (plain text
/// that diffs and merges as text), and its decoding, which the build tool does when it compiles
/// such a file in as seven-bit text (`SevenBitText`): the library decodes no base-64 at run time.
package enum Base64Text {
    /// The standard base-64 alphabet.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base-64 text (padded with `=`), in lines of `lineLength` characters (a
    /// multiple of 4).
    package static func text(of bytes: [UInt8], lineLength: Int = 4096) -> String {
        precondition(lineLength > 0 && lineLength % 4 == 0)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 3 * 4 + bytes.count / (lineLength / 4 * 3) + 8)
        var i = 0
        while i < bytes.count {
            if i > 0, i % (lineLength / 4 * 3) == 0 { out.append(0x0A) }
            let n = min(3, bytes.count - i)
            let b0 = Int(bytes[i]), b1 = n > 1 ? Int(bytes[i + 1]) : 0, b2 = n > 2 ? Int(bytes[i + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
            out.append(n > 1 ? alphabet[(b1 & 15) << 2 | b2 >> 6] : 0x3D)
            out.append(n > 2 ? alphabet[b2 & 63] : 0x3D)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base-64 `text` as `text(of:)` writes it (line breaks between groups of four
    /// characters are skipped; padding may only end the text); nil for anything else.
    package static func decode(text: String) -> [UInt8]? {
        var value = [Int8](repeating: -1, count: 256)
        for (k, c) in alphabet.enumerated() { value[Int(c)] = Int8(k) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var group: [UInt8] = []
        var ended = false
        for c in text.utf8 {
            if c == 0x0A { continue }
            guard !ended else { return nil }
            group.append(c)
            guard group.count == 4 else { continue }
            let padding = group[3] == 0x3D ? (group[2] == 0x3D ? 2 : 1) : 0
            var bits: UInt32 = 0
            for (k, g) in group.enumerated() {
                let v = k >= 4 - padding ? 0 : value[Int(g)]
                guard v >= 0 else { return nil }
                bits = bits << 6 | UInt32(v)
            }
            for k in 0..<(3 - padding) { out.append(UInt8(truncatingIfNeeded: bits >> (16 - 8 * k))) }
            ended = padding > 0
            group.removeAll(keepingCapacity: true)
        }
        return group.isEmpty ? out : nil
    }
}
