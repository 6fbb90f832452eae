#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Base-64 text for the snapshots that build tools compile into the library as Swift string
/// literals (a string literal of megabytes compiles in about a second, an array literal of
/// the same bytes in minutes), and its decoding, straight into the tables being read.
@usableFromInline package enum Base64Text {
    /// The standard base-64 alphabet.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base-64 text (padded with `=`), in lines of `lineLength` characters (a
    /// multiple of 4), for a multi-line string literal.
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
    /// characters are skipped); nil for anything else.
    package static func decode(text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { t in
            var source = Base64Reader(t)
            let n = source.bytesLeftAtMost
            var count = 0
            let out = [UInt8](unsafeUninitializedCapacity: n) { buffer, initialized in
                if let base = buffer.baseAddress { count = source.read(into: UnsafeMutableRawPointer(base), atMost: n) }
                initialized = count
            }
            return source.isAtEnd && !source.failed ? out : nil
        }
    }

    /// Per pair of characters (the first in the low byte of the index), their twelve bits;
    /// bit 15 marks a pair with a character outside the alphabet. Two look-ups decode a group
    /// of four.
    static let pairBits: [UInt16] = {
        var single = [UInt16](repeating: 0x8000, count: 256)
        for (k, c) in alphabet.enumerated() { single[Int(c)] = UInt16(k) }
        var t = [UInt16](repeating: 0x8000, count: 1 << 16)
        for first in 0..<256 {
            for second in 0..<256 {
                let a = single[first], b = single[second]
                t[second << 8 | first] = (a | b) & 0x8000 != 0 ? 0x8000 : a << 6 | b
            }
        }
        return t
    }()

    /// Decodes base-64 text (as `text(of:)` writes it) as the bytes are asked for, so
    /// that a snapshot's tables are filled from the text without a copy of its whole bytes.
    @usableFromInline package struct Base64Reader {
        let p: UnsafePointer<UInt8>?
        let end: Int
        /// The next character.
        var i = 0
        /// Decoded bytes not handed out yet: the low `pendingCount` bytes of `pending`, the
        /// oldest highest.
        var pending: UInt32 = 0, pendingCount = 0
        /// Whether a padded group has ended the text; whether a character was not base 64.
        var padded = false
        @usableFromInline package private(set) var failed = false
        /// Bytes handed out so far.
        @usableFromInline package private(set) var consumed = 0
        /// Where the line of the next character ends (its line break, or the end).
        var lineEnd = 0

        package init(_ text: UnsafeBufferPointer<UInt8>) {
            p = text.baseAddress
            end = text.count
        }

        /// No fewer than the bytes still to come.
        @usableFromInline package var bytesLeftAtMost: Int { pendingCount + (padded ? 0 : (end - i) / 4 * 3) }

        /// Moves past line breaks.
        mutating func skipLineBreaks() {
            guard let p else { return }
            while i < end, p[i] == 0x0A { i += 1 }
        }

        /// Whether every character has been read and every byte handed out.
        @usableFromInline package var isAtEnd: Bool {
            mutating get {
                skipLineBreaks()
                return pendingCount == 0 && i == end
            }
        }

        /// Decodes up to `n` bytes into `q`; returns how many (fewer only at the end of the
        /// text or at a broken group, which sets `failed`).
        @usableFromInline package mutating func read(into q: UnsafeMutableRawPointer, atMost n: Int) -> Int {
            let q = q.assumingMemoryBound(to: UInt8.self)
            var o = 0
            while o < n, pendingCount > 0 {
                pendingCount -= 1
                q[o] = UInt8(truncatingIfNeeded: pending >> (8 * pendingCount))
                o += 1
            }
            guard o < n, let p else { consumed += o; return o }
            Base64Text.pairBits.withUnsafeBufferPointer { pairs in
                let pairs = pairs.baseAddress!
                while o < n, !padded, i < end {
                    if p[i] == 0x0A {
                        i += 1
                        continue
                    }
                    // The fast path: whole groups of this line before its last one (the only
                    // one that may hold padding), while three bytes or more are asked for.
                    if lineEnd <= i {
                        lineEnd = memchr(p + i, 0x0A, end - i).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - p } ?? end
                    }
                    let groups = min(max(0, (lineEnd - i - 1) / 4), (n - o) / 3)
                    var bad: UInt16 = 0
                    if groups > 0 {
                        var from = UnsafeRawPointer(p + i), to = q + o
                        // Two groups at a time while eight bytes may be written (six are
                        // the groups'; the next write or the single groups after it cover
                        // the other two): four look-ups and one store for eight characters.
                        let doubles = n - o >= 8 ? min(groups / 2, (n - o - 2) / 6) : 0
                        for _ in 0..<doubles {
                            let w = UInt64(littleEndian: from.loadUnaligned(as: UInt64.self))
                            let a = pairs[Int(w & 0xFFFF)], b = pairs[Int(w >> 16 & 0xFFFF)]
                            let c = pairs[Int(w >> 32 & 0xFFFF)], d = pairs[Int(w >> 48)]
                            bad |= a | b | c | d
                            let six = (UInt64(a) << 36 | UInt64(b) << 24 | UInt64(c) << 12 | UInt64(d)) << 16
                            UnsafeMutableRawPointer(to).storeBytes(of: six.bigEndian, as: UInt64.self)
                            from += 8
                            to += 6
                        }
                        for _ in 0..<(groups - 2 * doubles) {
                            let w = UInt32(littleEndian: from.loadUnaligned(as: UInt32.self))
                            let a = pairs[Int(w & 0xFFFF)], b = pairs[Int(w >> 16)]
                            bad |= a | b
                            let g = UInt32(a) << 12 | UInt32(b)
                            to[0] = UInt8(truncatingIfNeeded: g >> 16)
                            to[1] = UInt8(truncatingIfNeeded: g >> 8)
                            to[2] = UInt8(truncatingIfNeeded: g)
                            from += 4
                            to += 3
                        }
                        i += 4 * groups
                        o += 3 * groups
                    }
                    guard bad & 0x8000 == 0 else { failed = true; return }
                    if o == n { return }
                    // One group at a time: the line's last, or one of which fewer than three
                    // bytes are asked for. Padding reads as `A` (no bits); it may only end the
                    // text, and a padded third character needs a padded fourth.
                    guard end - i >= 4 else { failed = true; return }
                    let c2 = p[i + 2], c3 = p[i + 3]
                    let a = pairs[Int(p[i + 1]) << 8 | Int(p[i])]
                    let b = pairs[Int(c3 == 0x3D ? 0x41 : c3) << 8 | Int(c2 == 0x3D ? 0x41 : c2)]
                    guard (a | b) & 0x8000 == 0, c2 != 0x3D || c3 == 0x3D else { failed = true; return }
                    let g = UInt32(a) << 12 | UInt32(b)
                    let bytes = c3 != 0x3D ? 3 : c2 != 0x3D ? 2 : 1
                    padded = c3 == 0x3D
                    i += 4
                    if n - o >= 3 {
                        q[o] = UInt8(truncatingIfNeeded: g >> 16)
                        q[o + 1] = UInt8(truncatingIfNeeded: g >> 8)
                        q[o + 2] = UInt8(truncatingIfNeeded: g)
                        o += bytes
                    } else {
                        // Hand out what is asked for; keep the rest of the group.
                        var k = 0
                        while k < bytes, o < n {
                            q[o] = UInt8(truncatingIfNeeded: g >> (16 - 8 * k))
                            o += 1
                            k += 1
                        }
                        pendingCount = bytes - k
                        pending = (g >> (8 * (3 - bytes))) & ((1 << (8 * pendingCount)) - 1)
                    }
                }
            }
            consumed += o
            return o
        }
    }

}
