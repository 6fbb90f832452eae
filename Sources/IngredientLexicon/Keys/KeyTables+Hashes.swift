extension KeyTables {
    // MARK: - Hashes

    /// The hash of one folded word (or of a whole name's bytes without spaces), eight bytes at
    /// a time, little-endian, the last chunk zero-padded (words hold no zero byte, so the
    /// padding is unambiguous). Never 0. `WordHasher` computes the same hash byte by byte.
    @inline(__always)
    static func wordHash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var h = WordHasher()
        var i = 0
        while i + 8 <= n {
            h.mixChunk(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0, shift: UInt64 = 0
            while i < n {
                tail |= UInt64(p[i]) << shift
                shift += 8
                i += 1
            }
            h.mixTail(tail)
        }
        return h.value
    }

    /// `wordHash` computed while a word's bytes are produced, without reading them back.
    struct WordHasher {
        private var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var chunk: UInt64 = 0
        private var shift: UInt64 = 0

        @inline(__always)
        mutating func mixChunk(_ c: UInt64) {
            h = (h ^ c) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }

        @inline(__always)
        mutating func mixTail(_ c: UInt64) {
            h = (h ^ c) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 29
        }

        /// Adds the next byte of the word.
        @inline(__always)
        mutating func add(_ b: UInt8) {
            chunk |= UInt64(b) &<< shift
            shift &+= 8
            if shift == 64 {
                mixChunk(chunk)
                chunk = 0
                shift = 0
            }
        }

        /// Adds `n` bytes at `p`, eight at a time; the eight bytes from every multiple of
        /// eight below `n` must be readable (the work arena leaves that room).
        @inline(__always)
        mutating func add(_ p: UnsafePointer<UInt8>, _ n: Int) {
            var i = 0
            while i < n {
                let take = min(8, n - i)
                var x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                if take < 8 { x &= (1 &<< (UInt64(take) &* 8)) &- 1 }
                chunk |= x &<< shift
                let next = shift &+ UInt64(take) &* 8
                if next >= 64 {
                    mixChunk(chunk)
                    chunk = shift == 0 ? 0 : x &>> (64 &- shift)
                    shift = next &- 64
                } else {
                    shift = next
                }
                i += take
            }
        }

        /// The hash of the bytes added so far.
        @inline(__always)
        var value: UInt64 {
            var copy = self
            if copy.shift > 0 { copy.mixTail(copy.chunk) }
            return copy.h == 0 ? 1 : copy.h
        }
    }

    /// `wordHash` for bytes inside a buffer that has at least 8 readable bytes from `p`
    /// (the work arena): the tail is read in one load and masked. Same result.
    @inline(__always)
    static func wordHash(_ p: UnsafePointer<UInt8>, _ n: Int, readable: Int) -> UInt64 {
        guard readable >= 8 else { return wordHash(p, n) }
        var h = WordHasher()
        var i = 0
        while i + 8 <= n {
            h.mixChunk(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        let rest = n - i
        if rest > 0, i + 8 <= readable {
            h.mixTail(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & ((1 << (UInt64(rest) * 8)) &- 1))
            return h.value
        }
        return wordHash(p, n)
    }

    static func wordHash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return wordHash(UnsafePointer(bitPattern: 1)!, 0) }
            return wordHash(base, b.count)
        }
    }

    /// Extends a word-sequence hash by one word (a one-word sequence hashes to the word's hash).
    @inline(__always)
    static func extend(_ h: UInt64, _ word: UInt64) -> UInt64 {
        (((h &<< 5) | (h &>> 59)) ^ word) &* 0x9E37_79B9_7F4A_7C15
    }

    static func sequenceHash(_ words: [[UInt8]]) -> UInt64 {
        var h: UInt64 = 0
        for (i, w) in words.enumerated() {
            h = i == 0 ? wordHash(w) : extend(h, wordHash(w))
        }
        return h
    }
}
