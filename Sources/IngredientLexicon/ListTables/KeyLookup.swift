import IngredientText

/// Looks a canonical key up in a table of keys and head nouns: the whole key, then the key
/// without its leading words ("smoked paprika" → "paprika"), then the runs that leave the head
/// out, nearest the head first ("milk chocolate drop" → "chocolate", "chicken thigh" →
/// "chicken"). Shared by the category and protein tables.
///
/// Candidates are runs of the key's UTF-8 bytes, looked up by their hash and compared byte
/// for byte with the stored key, so trying the dozen runs of a long name builds no String.
struct KeyLookup<Value: Sendable>: Sendable {
    /// A stored key's bytes and its value.
    private struct Entry: Sendable {
        var key: [UInt8]
        var value: Value
    }

    private var entries: [Entry] = []
    /// Entry index by `ByteHash.exact` of the key's bytes.
    private var index = HashTable<Int32>()
    /// Keys whose hash another stored key already has (never seen in practice: 64-bit
    /// hashes of a few hundred keys), kept apart so that none is lost.
    private var collided: [String: Value] = [:]
    /// The hashes (`ByteHash.exact`) of the stored keys' first words, their bytes up to the
    /// first space: a run whose first word is none of them is no stored key, and is not
    /// looked up (most runs of most keys; a list looks every item's key up).
    private var firstWords = HashTable<Bool>()

    /// The hash of the bytes of `run` from `start` up to its first space (or its end).
    private static func firstWordHash(_ run: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        var h = ByteHash.seed, i = start
        while i < run.count, run[i] != 0x20 {
            h = ByteHash.mixExact(h, run[i])
            i += 1
        }
        return h
    }

    /// Sets the value of `key` (a later row replaces an earlier one).
    mutating func set(_ key: String, _ value: Value) {
        let bytes = Array(key.utf8)
        let hash = ByteHash.exact(bytes)
        firstWords.set(bytes.withUnsafeBufferPointer { Self.firstWordHash($0, from: 0) }, true)
        if let i = index[hash] {
            if entries[Int(i)].key == bytes {
                entries[Int(i)].value = value
            } else {
                collided[key] = value
            }
            return
        }
        index.set(hash, Int32(entries.count))
        entries.append(Entry(key: bytes, value: value))
    }

    /// The value stored for exactly the bytes `run`.
    private func value(of run: UnsafeBufferPointer<UInt8>) -> Value? {
        if let i = index[ByteHash.exact(run)], Self.equal(entries[Int(i)].key, run) {
            return entries[Int(i)].value
        }
        guard !collided.isEmpty else { return nil }
        return collided[String(decoding: run, as: UTF8.self)]
    }

    /// Whether `stored` holds the bytes of `run` (compared in place: the generic comparison
    /// of an array with a buffer cost about 200 instructions a key).
    private static func equal(_ stored: [UInt8], _ run: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == run.count else { return false }
        return stored.withUnsafeBufferPointer { s in
            for k in 0..<s.count where s[k] != run[k] { return false }
            return true
        }
    }

    /// The value stored for exactly `key` (no runs tried).
    func exactValue(forKey key: String) -> Value? {
        var copy = key
        return copy.withUTF8 { value(of: $0) }
    }

    /// The value of the first match of `key`: the whole key, then the runs below in order.
    func value(forKey key: String) -> Value? {
        var copy = key
        return copy.withUTF8 { bytes in
            if let v = value(of: bytes) { return v }
            // Byte offsets of the spaces between words, in scratch space on the stack (this
            // runs for every item of a list): every 0x20 byte when the key is ASCII; otherwise
            // the spaces that are characters of their own (a space that a combining mark
            // follows is no word break), as the key's Characters say.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * bytes.count + 1) { room in
                var count = 0
                var high: UInt8 = 0
                for b in bytes { high |= b }
                if high < 0x80 {
                    for k in bytes.indices where bytes[k] == 0x20 { room[count] = k; count += 1 }
                } else {
                    var i = key.startIndex
                    while i < key.endIndex {
                        if key[i] == " " { room[count] = key.utf8.distance(from: key.utf8.startIndex, to: i); count += 1 }
                        i = key.index(after: i)
                    }
                }
                guard count > 0 else { return nil }
                let spaces = UnsafeBufferPointer(rebasing: room[..<count])
                func found(_ start: Int, _ end: Int) -> Value? {
                    value(of: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                }
                // Whether each word (from 0) may start a stored key, by its first word: every
                // run tried ends at a space or the key's end, so its first word is the bytes
                // from its start to the first space there.
                let viable = UnsafeMutableBufferPointer(rebasing: room[count..<(2 * count + 1)])
                for w in 0...count {
                    viable[w] = firstWords[Self.firstWordHash(bytes, from: w == 0 ? 0 : spaces[w - 1] + 1)] != nil ? 1 : 0
                }
                for k in spaces.indices where viable[k + 1] != 0 {
                    if let m = found(spaces[k] + 1, bytes.count) { return m }
                }
                // Then the runs that leave the head out, nearest the head first, longest first
                // among those that end at the same word: in "milk chocolate drop" the word next to
                // the head, "chocolate", says more about what the food is than "milk" does, as in
                // "chicken stock cube" (stock) or "garlic butter spread" (butter); "chicken thigh"
                // → "chicken", "skinless chicken thigh boneless" → "chicken thigh". Names of more
                // than eight words try only their leading words.
                let words = spaces.count + 1
                func start(_ w: Int) -> Int { w == 0 ? 0 : spaces[w - 1] + 1 }
                for last in stride(from: words - 2, through: 0, by: -1) {
                    let end = spaces[last]
                    for first in 0...(spaces.count < 8 ? last : 0) where viable[first] != 0 {
                        if let m = found(start(first), end) { return m }
                    }
                }
                return nil
            }
        }
    }
}
