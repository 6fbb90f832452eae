/// Text meant for a terminal with its control characters made visible: a recipe name that
/// holds an escape sequence (ESC [ 2 J clears the screen) must show as text, not act.
package enum ControlEscaping {
    /// `text` with every control character but the line feed (C0, DEL and C1, tab
    /// included) written as `\xHH`; a backslash stays as it is.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            guard isEscaped(s) else { out.append(s); continue }
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            out.append(contentsOf: ["\\", "x", hex[Int(s.value >> 4)], hex[Int(s.value & 0xF)]] as [Unicode.Scalar])
        }
        return String(out)
    }

    /// Appends `escaped(text)`'s UTF-8 bytes to `out`: the text's own bytes when it has no
    /// control character to escape (found on its bytes: C0 and DEL are single bytes, C1 is
    /// 0xC2 followed by 0x80–0x9F), which is nearly always.
    package static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes -> Bool in
            guard isPlain(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain { out.append(contentsOf: escaped(text).utf8) }
    }

    /// Whether `bytes` hold no control character to escape. Eight bytes at a time: a block
    /// with no byte below 0x20, no DEL and no 0xC2 (the lead byte of C1 controls) needs no
    /// closer look, which is nearly every block of a name or a recipe title.
    @inline(__always)
    package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var k = 0
        while k + 8 <= n {
            let x = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
            if ByteBlock.contains(x, below: 0x20) || ByteBlock.contains(x, 0x7F) || ByteBlock.contains(x, 0xC2) { break }
            k += 8
        }
        while k < n {
            let b = bytes[k]
            if (b < 0x20 && b != 0x0A) || b == 0x7F { return false }
            if b == 0xC2, k + 1 < n, bytes[k + 1] < 0xA0 { return false }
            k += 1
        }
        return true
    }

    /// Whether a scalar is a control character other than the line feed.
    static func isEscaped(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n") || (s.value >= 0x7F && s.value < 0xA0)
    }
}
