/// The longest input line `ingest parse` and `ingest dedupe` parse. Parsing needs memory a
/// few dozen times a line's length, so a longer line (never an ingredient line: a binary
/// file, a minified document) gets an error record instead and is never held whole.
public enum LineLimit {
    /// Lines of more bytes than this are not parsed (1 MiB).
    public static let bytes = 1 << 20

    /// How many bytes of a refused line the error record quotes.
    public static let quotedBytes = 60

    /// The message of the error record for a line of `length` bytes.
    public static func message(length: Int) -> String {
        "line too long: \(length) bytes, more than the \(bytes) bytes a line may have; not parsed"
    }

    /// Writes the error record of a line too long to parse, `{"input":…,"error":…}`, with a
    /// line end: `input` is the line's first `quotedBytes` bytes and "…", `head` at least
    /// those first bytes, `length` the line's whole length.
    public static func appendErrorRecord(head: UnsafeBufferPointer<UInt8>, length: Int, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"input":"#.utf8)
        JSONBytes.appendString(quoted(head), to: &out)
        out.append(contentsOf: #","error":"#.utf8)
        JSONBytes.appendString(message(length: length), to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    /// The start of a refused line as text (ill-formed UTF-8 repaired), with "…".
    public static func quoted(_ head: UnsafeBufferPointer<UInt8>) -> String {
        var end = min(head.count, quotedBytes)
        // Do not cut a UTF-8 sequence: back up over continuation bytes.
        while end > 0, end < head.count, head[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: head[0..<end]), as: UTF8.self) + "…"
    }
}
