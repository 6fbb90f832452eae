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

    /// Whether a scalar is a control character other than the line feed.
    static func isEscaped(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n") || (s.value >= 0x7F && s.value < 0xA0)
    }
}
