/// Checks UTF-8 and repairs it, working on bytes.
package enum UTF8Repair {
    /// Whether `bytes` are well-formed UTF-8 (fast for ASCII).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        // Most lines are ASCII: their words are or'ed together (the last eight bytes with one
        // overlapping load) and tested once.
        if n >= 8, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            var any = raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            var k = 0
            while k &+ 8 <= n {
                any |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                k &+= 8
            }
            if any & 0x8080_8080_8080_8080 == 0 { return true }
        }
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        while i < n {
            // Eight ASCII bytes at a time; in a word with a byte above 0x7F, straight to the
            // first such byte.
            if i &+ 8 <= n {
                let high = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
                if high == 0 { i &+= 8; continue }
                i &+= high.trailingZeroBitCount >> 3
            }
            let b = base[i]
            if b < 0x80 { i &+= 1; continue }
            let length: Int
            if b >= 0xC2 && b <= 0xDF { length = 2 }
            else if b >= 0xE0 && b <= 0xEF { length = 3 }
            else if b >= 0xF0 && b <= 0xF4 { length = 4 }
            else { return false }
            guard i &+ length <= n else { return false }
            for k in 1..<length where base[i &+ k] & 0xC0 != 0x80 { return false }
            let second = base[i &+ 1]
            if b == 0xE0 && second < 0xA0 { return false }
            if b == 0xED && second > 0x9F { return false }
            if b == 0xF0 && second < 0x90 { return false }
            if b == 0xF4 && second > 0x8F { return false }
            i &+= length
        }
        return true
    }

    /// `bytes` as a String, each ill-formed sequence replaced with U+FFFD.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
