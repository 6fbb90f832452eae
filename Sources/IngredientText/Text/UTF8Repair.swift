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
        while i < n {
            // Eight ASCII bytes at a time.
            if i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            if b >= 0xC2 && b <= 0xDF { length = 2 }
            else if b >= 0xE0 && b <= 0xEF { length = 3 }
            else if b >= 0xF0 && b <= 0xF4 { length = 4 }
            else { return false }
            guard i + length <= n else { return false }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            if b == 0xE0 && bytes[i + 1] < 0xA0 { return false }
            if b == 0xED && bytes[i + 1] > 0x9F { return false }
            if b == 0xF0 && bytes[i + 1] < 0x90 { return false }
            if b == 0xF4 && bytes[i + 1] > 0x8F { return false }
            i += length
        }
        return true
    }

    /// `bytes` as a String, each ill-formed sequence replaced with U+FFFD.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
