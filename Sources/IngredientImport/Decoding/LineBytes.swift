#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Character-level tests and trims of a line done on its UTF-8 bytes where the bytes decide
/// the answer, with the same results as the `Character` operations they stand for: a space,
/// tab or other ASCII character followed by an ASCII byte is a whole character, so only a
/// byte of 0x80 or above after it (a combining mark could extend it) falls back to the
/// characters. The MealMaster reader asks these of every line; done on characters they were
/// most of what reading a file cost.
enum LineBytes {
    /// `line.drop { $0 == " " || (tabs && $0 == "\t") }`.
    static func droppingLeadingSpaces(_ line: Substring, tabs: Bool = false) -> Substring {
        let u = line.utf8
        // On the contiguous bytes: how many spaces lead, or nil when a byte of 0x80 or above
        // follows them.
        if let found = u.withContiguousStorageIfAvailable({ b -> Int? in
            var i = 0
            while i < b.count, b[i] == 0x20 || (tabs && b[i] == 0x09) { i += 1 }
            return i == 0 || i == b.count || b[i] < 0x80 ? i : nil
        }), let spaces = found {
            return spaces == 0 ? line : line[u.index(u.startIndex, offsetBy: spaces)...]
        }
        return tabs ? line.drop { $0 == " " || $0 == "\t" } : line.drop { $0 == " " }
    }

    /// `line.hasPrefix(String(UnicodeScalar(byte)))` for an ASCII `byte`.
    static func startsWith(_ line: Substring, _ byte: UInt8) -> Bool {
        let u = line.utf8
        guard let first = u.first, first == byte else { return false }
        let next = u.index(after: u.startIndex)
        if next == u.endIndex || u[next] < 0x80 { return true }
        return line.hasPrefix(String(UnicodeScalar(byte)))
    }

    /// Whether every byte of `line` is ASCII.
    static func isASCII(_ line: Substring) -> Bool {
        if let answer = line.utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 < 0x80 } }) { return answer }
        return line.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether the ASCII text `line` contains `needle` (lowercase ASCII) in any case: what
    /// `line.lowercased().contains(needle)` answers for ASCII text.
    static func asciiContainsIgnoringCase(_ line: Substring, _ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard bytes.count >= n.count else { return false }
            var start = 0
            while start + n.count <= bytes.count {
                var k = 0
                while k < n.count, lower(bytes[start + k]) == n[k] { k += 1 }
                if k == n.count { return true }
                start += 1
            }
            return false
        }
        if let answer = line.utf8.withContiguousStorageIfAvailable(search) { return answer }
        return Array(line.utf8).withUnsafeBufferPointer(search)
    }

    /// `line.firstIndex(of: Character(UnicodeScalar(byte)))` for an ASCII `byte` other than
    /// CR and LF, found on the bytes: in an ASCII line each byte is a character; otherwise each
    /// such byte is checked to be a whole character (not the start of a character with marks
    /// after it). Searching character by character cost ~28,000 instructions a long line.
    static func firstIndex(of byte: UInt8, in line: Substring) -> Substring.Index? {
        if isASCII(line) { return line.utf8.firstIndex(of: byte) }
        let character = Character(UnicodeScalar(byte))
        var from = line.utf8.startIndex
        while let i = line.utf8[from...].firstIndex(of: byte) {
            // The character there (rounded down to its start, should the byte sit inside one)
            // is the byte's only when the byte is a whole character of its own.
            if line[i] == character { return i }
            from = line.utf8.index(after: i)
        }
        return nil
    }

    /// `parts.joined(separator: " ")`, sized once.
    static func joined(_ parts: [String]) -> String {
        var count = max(0, parts.count - 1)
        for part in parts { count += part.utf8.count }
        var out = ""
        out.reserveCapacity(count)
        for (k, part) in parts.enumerated() {
            if k > 0 { out += " " }
            out += part
        }
        return out
    }

    /// `text.count`: the bytes of ASCII text without a CR (where each byte is a character).
    static func characterCount(_ text: String) -> Int {
        var text = text
        let ascii = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } }
        return ascii ? text.utf8.count : text.count
    }

    /// The endings after which an ingredient's text goes on in the next line (a list, a
    /// parenthesis or a joining word left open): `import/continuations.tsv`, a `word` row
    /// with the space before it. Its endings must be ASCII without CR or LF (`endsOpen`).
    static let openEndings: [String] = ImportWordTable.rows("import/continuations.tsv").map { row in
        precondition(row.kind == "mark" || row.kind == "word", "import/continuations.tsv: kind \(row.kind) is neither mark nor word")
        precondition(row.phrase.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 }, "import/continuations.tsv: \(row.phrase) is not printable ASCII")
        return row.kind == "word" ? " " + row.phrase : row.phrase
    }

    /// Whether `text` ends in one of `openEndings` (`hasSuffix`, on the bytes when the text
    /// is ASCII: the endings are ASCII without CR or LF, so there bytes and characters agree).
    static func endsOpen(_ text: String) -> Bool {
        var text = text
        let answer = text.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return openEndings.contains { ending in
                let e = ending.utf8
                return bytes.count >= e.count && zip(bytes[(bytes.count - e.count)...], e).allSatisfy { $0 == $1 }
            }
        }
        return answer ?? openEndings.contains { text.hasSuffix($0) }
    }

    /// Whether `bytes` hold a NUL (`memchr`, as the line and model readers look for newlines).
    static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, 0, bytes.count) != nil
    }
}
