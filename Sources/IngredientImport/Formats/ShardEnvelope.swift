import IngredientText

/// One file carried inside a JSON Lines shard, so that a stateless mapper (Hadoop
/// Streaming, Spark `pipe()`) can import any format from standard input:
/// `{"source": PATH, "content": TEXT}` for UTF-8 files, `{"source": PATH, "content_base64": B64}`
/// for others (Windows-1252 text, archives). Importing an envelope gives exactly the
/// records importing the file at PATH gives, sources included.
package enum ShardEnvelope {
    /// Appends the envelope of the file `bytes` named `source`, and a newline, to `out`.
    package static func append(source: String, bytes: [UInt8], to out: inout [UInt8]) {
        out.append(contentsOf: #"{"source":"#.utf8)
        JSONBytes.string(source, &out)
        if bytes.withUnsafeBufferPointer(UTF8Repair.isValid) {
            out.append(contentsOf: #","content":"#.utf8)
            JSONBytes.string(String(decoding: bytes, as: UTF8.self), &out)
        } else {
            out.append(contentsOf: #","content_base64":""#.utf8)
            Base64.encode(bytes, into: &out)
            out.append(0x22)
        }
        out.append(contentsOf: "}\n".utf8)
    }

    /// The file bytes an envelope carries, or nil when `value` is no envelope.
    static func content(of value: JSONValue) -> [UInt8]? {
        if let text = value["content"]?.text { return Array(text.utf8) }
        if let b64 = value["content_base64"]?.text { return Base64.decode(b64) }
        return nil
    }
}

/// Base64 (RFC 4648, with padding) for shard envelopes.
enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8], into out: inout [UInt8]) {
        var k = 0
        while k + 3 <= bytes.count {
            let v = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k + 2])
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], alphabet[Int(v & 63)]]
            k += 3
        }
        let rest = bytes.count - k
        if rest == 1 {
            let v = UInt32(bytes[k]) << 16
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let v = UInt32(bytes[k]) << 16 | UInt32(bytes[k + 1]) << 8
            out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], 0x3D]
        }
    }

    /// The decoded bytes (whitespace ignored), or nil when `text` is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            switch b {
            case 0x41...0x5A: values.append(b - 0x41)
            case 0x61...0x7A: values.append(b - 0x61 + 26)
            case 0x30...0x39: values.append(b - 0x30 + 52)
            case 0x2B, 0x2D: values.append(62)
            case 0x2F, 0x5F: values.append(63)
            case 0x3D, 0x20, 0x0A, 0x0D, 0x09: continue
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var k = 0
        while k + 4 <= values.count {
            let v = UInt32(values[k]) << 18 | UInt32(values[k + 1]) << 12 | UInt32(values[k + 2]) << 6 | UInt32(values[k + 3])
            out += [UInt8(v >> 16), UInt8(v >> 8 & 255), UInt8(v & 255)]
            k += 4
        }
        let rest = values.count - k
        if rest == 2 {
            out.append(UInt8((UInt32(values[k]) << 18 | UInt32(values[k + 1]) << 12) >> 16))
        } else if rest == 3 {
            let v = UInt32(values[k]) << 18 | UInt32(values[k + 1]) << 12 | UInt32(values[k + 2]) << 6
            out += [UInt8(v >> 16), UInt8(v >> 8 & 255)]
        } else if rest == 1 {
            return nil
        }
        return out
    }
}
