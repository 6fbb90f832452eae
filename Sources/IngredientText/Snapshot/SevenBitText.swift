/// Seven-bit text for the snapshots that build tools compile into the library as Swift string
/// literals, and its decoding, straight into the tables being read.
///
/// A string literal stores its UTF-8 bytes as they are, so characters 0x00–0x7F are a byte
/// each in the binary (written as escapes in the source where they are not printable), and a
/// literal of megabytes compiles in about a second (an array literal of the same bytes takes
/// minutes). Each group of seven bytes becomes eight characters: the seven bytes' low seven
/// bits, then one character of their high bits (bit `k` for byte `k`); a last group of `r`
/// bytes (1–6) becomes `r + 1` characters the same way. Every character is its seven bits plus
/// `offset`, modulo 128, so that zero bytes and the high bytes of small negative numbers,
/// the most common, are printable (`0` and `/`). Decoding is a few operations on a 64-bit word
/// per group: about 1.4 instructions a byte, where base-64 text took about 5.
@usableFromInline package enum SevenBitText {
    /// What is added (modulo 128) to each character's seven bits.
    static let offset: UInt8 = 0x30

    /// The characters of `bytes` (every one 0x00–0x7F).
    package static func characters(of bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 7 * 8 + 8)
        var i = 0
        while i < bytes.count {
            let n = min(7, bytes.count - i)
            var high: UInt8 = 0
            for k in 0..<n {
                out.append((bytes[i + k] & 0x7F &+ offset) & 0x7F)
                high |= (bytes[i + k] >> 7) << UInt8(k)
            }
            out.append((high &+ offset) & 0x7F)
            i += n
        }
        return out
    }

    /// `bytes` as seven-bit text (see `characters(of:)`).
    package static func text(of bytes: [UInt8]) -> String {
        String(decoding: characters(of: bytes), as: UTF8.self)
    }

    /// The Swift source of a string literal whose value is `text(of: bytes)`: a multi-line
    /// literal of lines of about `lineLength` characters joined by escaped line breaks, the
    /// characters that are not printable (and `"` and `\`) written as escapes.
    package static func literal(of bytes: [UInt8], lineLength: Int = 120) -> String {
        let characters = characters(of: bytes)
        guard !characters.isEmpty else { return "\"\"" }
        var out = Array("\"\"\"\n".utf8)
        out.reserveCapacity(characters.count * 5 / 4 + characters.count / max(1, lineLength) * 2 + 16)
        var column = 0
        for (k, c) in characters.enumerated() {
            let lineEnds = column + 1 >= lineLength && k + 1 < characters.count
            switch c {
            case 0x00: out += Array(#"\0"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x22: out += Array(#"\""#.utf8)
            case 0x5C: out += Array(#"\\"#.utf8)
            // Control characters, and a space that would end a line (before its escaped break).
            case 0x00..<0x20, 0x7F:
                out += Array("\\u{\(String(c, radix: 16))}".utf8)
            case 0x20 where lineEnds:
                out += Array("\\u{20}".utf8)
            default: out.append(c)
            }
            column += 1
            if lineEnds {
                out += Array("\\\n".utf8)
                column = 0
            }
        }
        out += Array("\n\"\"\"".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of seven-bit `text` (as `text(of:)` writes it); nil for anything else.
    package static func decode(text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { t in
            var source = Reader(t)
            let n = source.bytesLeftAtMost
            var count = 0
            let out = [UInt8](unsafeUninitializedCapacity: n) { buffer, initialized in
                if let base = buffer.baseAddress { count = source.read(into: UnsafeMutableRawPointer(base), atMost: n) }
                initialized = count
            }
            return source.isAtEnd && !source.failed ? out : nil
        }
    }

    /// Per high-bits character's seven bits: bit 7 of byte `k` set where bit `k` is (twice
    /// over, so that bit 7 of the index, which decoding may leave set, needs no mask).
    static let highBits: [UInt64] = (0..<256).map { (h: UInt64) in
        (0..<7).reduce(0) { $0 | (h >> UInt64($1) & 1) << UInt64(8 * $1 + 7) }
    }

    /// Decodes seven-bit text (as `text(of:)` writes it) as the bytes are asked for, so that a
    /// snapshot's tables are filled from the text without a copy of its whole bytes.
    @usableFromInline package struct Reader {
        let p: UnsafePointer<UInt8>?
        /// The number of characters, and of the bytes they hold.
        let characterCount: Int, byteCount: Int
        /// Whether the text is not seven-bit text: a length no group has, a character outside
        /// 0x00–0x7F, or high bits beyond a last group's bytes.
        @usableFromInline package private(set) var failed: Bool
        /// Bytes handed out so far.
        @usableFromInline package private(set) var consumed = 0

        /// A reader of `text`, which must stay alive (and unmoved) while it reads.
        package init(_ text: UnsafeBufferPointer<UInt8>) {
            p = text.baseAddress
            characterCount = text.count
            let rest = text.count % 8
            byteCount = text.count / 8 * 7 + max(0, rest - 1)
            failed = rest == 1
        }

        /// No fewer than the bytes still to come.
        @usableFromInline package var bytesLeftAtMost: Int { failed ? 0 : byteCount - consumed }

        /// Whether every byte has been handed out.
        @usableFromInline package var isAtEnd: Bool { consumed == byteCount }

        /// The bytes of group `g` (bits 0–55, little-endian; fewer in a short last group),
        /// with bit 63 set when a character is not seven-bit.
        @inline(__always)
        func group(_ g: Int, _ p: UnsafePointer<UInt8>, _ high: UnsafePointer<UInt64>) -> UInt64 {
            let at = g * 8
            if at + 8 <= characterCount {
                return Self.bytes(UInt64(littleEndian: UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self)), high)
            }
            // The short last group: its high-bits character moved to the end of the word, the
            // missing characters read as zero bits.
            let n = characterCount - at - 1
            var w = UInt64(0x3030_3030_3030_3030)
            for k in 0..<n { w = w & ~(0xFF << UInt64(8 * k)) | UInt64(p[at + k]) << UInt64(8 * k) }
            w = w & 0x00FF_FFFF_FFFF_FFFF | UInt64(p[at + n]) << 56
            let x = Self.bytes(w, high)
            // High bits of bytes the group does not have: not text this reader wrote.
            let spare = x & 0x00FF_FFFF_FFFF_FFFF & ~((1 << UInt64(8 * n)) - 1)
            return spare != 0 ? x | 1 << 63 : x
        }

        /// The seven bytes of a group's eight characters `w` (bit 63 set when one is not seven-bit).
        @inline(__always)
        static func bytes(_ w: UInt64, _ high: UnsafePointer<UInt64>) -> UInt64 {
            let x = unpacked(w, high)
            return w & 0x8080_8080_8080_8080 != 0 ? x | 1 << 63 : x
        }

        /// The seven bytes of a group's eight characters `w`, unchecked (the caller tests that
        /// every character is seven-bit: `w & 0x8080_8080_8080_8080 == 0`).
        @inline(__always)
        static func unpacked(_ w: UInt64, _ high: UnsafePointer<UInt64>) -> UInt64 {
            let bits = w &+ 0x5050_5050_5050_5050 // per byte c + 0x50: c - 0x30 modulo 128 in its low seven bits, no carry
            return bits & 0x007F_7F7F_7F7F_7F7F | high[Int(bits >> 56)]
        }

        /// Decodes up to `n` bytes into `q`; returns how many (fewer only at the end of the
        /// text or at a character that is not seven-bit text, which sets `failed`).
        @usableFromInline package mutating func read(into q: UnsafeMutableRawPointer, atMost n: Int) -> Int {
            guard !failed, let p else { return 0 }
            let want = min(n, byteCount - consumed)
            guard want > 0 else { return 0 }
            let q = q.assumingMemoryBound(to: UInt8.self)
            var o = 0, b = consumed
            let ok = SevenBitText.highBits.withUnsafeBufferPointer { high -> Bool in
                let high = high.baseAddress!
                while o < want {
                    var g = b / 7
                    let within = b - g * 7
                    // The fast path: whole groups, each stored as eight bytes (its seven and a
                    // zero that the next overwrites) while eight more may be written.
                    if within == 0, want - o >= 8 {
                        let groups = min((want - o - 1) / 7, characterCount / 8 - g)
                        if groups > 0 {
                            var bad: UInt64 = 0
                            var from = UnsafeRawPointer(p + g * 8), to = UnsafeMutableRawPointer(q + o)
                            for _ in 0..<groups {
                                let w = UInt64(littleEndian: from.loadUnaligned(as: UInt64.self))
                                bad |= w // tested once for the whole run
                                to.storeBytes(of: Self.unpacked(w, high).littleEndian, as: UInt64.self)
                                from += 8
                                to += 7
                            }
                            guard bad & 0x8080_8080_8080_8080 == 0 else { return false }
                            o += 7 * groups
                            b += 7 * groups
                            g += groups
                            continue
                        }
                    }
                    // One group at a time: a group begun, the last one, or the last bytes asked for.
                    let x = group(g, p, high)
                    guard x >> 63 == 0 else { return false }
                    let available = min(7, byteCount - g * 7)
                    let take = min(available - within, want - o)
                    for k in 0..<take { q[o + k] = UInt8(truncatingIfNeeded: x >> UInt64(8 * (within + k))) }
                    o += take
                    b += take
                }
                return true
            }
            if !ok { failed = true }
            consumed = b
            return o
        }
    }
}
