/// Sorts strings in the order of `String`'s `<` with fewer full comparisons: each string's
/// first eight UTF-8 bytes are read once as a number, and two ASCII strings whose numbers
/// differ are ordered by them (for ASCII text, `<` is the order of the bytes; a shorter string
/// pads with zero bytes, so it comes first when it is the other's beginning). Any other pair
/// (equal first bytes, or text that is not all ASCII) is compared as `String`s, so every
/// answer is the one `<` gives and a stable sort gives the same order.
struct StringOrder {
    /// Each string's first eight bytes, big-endian, zero-padded.
    private let prefixes: [UInt64]
    /// Whether each string is all ASCII (only then do prefixes order it).
    private let ascii: [Bool]
    private let strings: [String]

    /// The order of `strings`, read once.
    init(_ strings: [String]) {
        var prefixes = [UInt64](), ascii = [Bool]()
        prefixes.reserveCapacity(strings.count)
        ascii.reserveCapacity(strings.count)
        for var s in strings {
            let (prefix, isASCII) = s.withUTF8 { bytes -> (UInt64, Bool) in
                var v: UInt64 = 0
                for k in 0..<8 { v = v << 8 | UInt64(k < bytes.count ? bytes[k] : 0) }
                var high: UInt8 = 0
                for b in bytes { high |= b }
                return (v, high < 0x80)
            }
            prefixes.append(prefix)
            ascii.append(isASCII)
        }
        self.prefixes = prefixes
        self.ascii = ascii
        self.strings = strings
    }

    /// Whether string `a` comes before string `b` (`strings[a] < strings[b]`).
    @inline(__always)
    func precedes(_ a: Int, _ b: Int) -> Bool {
        if prefixes[a] != prefixes[b], ascii[a], ascii[b] { return prefixes[a] < prefixes[b] }
        return strings[a] < strings[b]
    }

    /// Whether strings `a` and `b` differ (`strings[a] != strings[b]`).
    @inline(__always)
    func differ(_ a: Int, _ b: Int) -> Bool {
        if prefixes[a] != prefixes[b], ascii[a], ascii[b] { return true }
        return strings[a] != strings[b]
    }
}

extension String {
    /// `lowercased()`, with a fast path for ASCII text (A–Z to a–z on the bytes, and the
    /// string itself when it has no capital), which is most names; other text goes through
    /// `lowercased()`.
    var lowercasedForSorting: String {
        var copy = self
        let ascii = copy.withUTF8 { bytes -> (isASCII: Bool, hasCapital: Bool) in
            var high: UInt8 = 0, capital = false
            for b in bytes {
                high |= b
                if b &- 0x41 < 26 { capital = true }
            }
            return (high < 0x80, capital)
        }
        guard ascii.isASCII else { return lowercased() }
        guard ascii.hasCapital else { return self }
        return copy.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { out in
                for k in bytes.indices {
                    let b = bytes[k]
                    out[k] = b &- 0x41 < 26 ? b | 0x20 : b
                }
                return bytes.count
            }
        }
    }
}

