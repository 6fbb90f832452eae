/// Looks a canonical key up in a table of keys and head nouns: the whole key, then the key
/// without its leading words ("smoked paprika" → "paprika"), then its leading words
/// ("chicken thigh" → "chicken"), then inner runs of words, longest first. Shared by the
/// category and protein tables.
struct KeyLookup<Value: Sendable>: Sendable {
    private(set) var values: [String: Value] = [:]

    /// Sets the value of `key` (a later row replaces an earlier one).
    mutating func set(_ key: String, _ value: Value) { values[key] = value }

    /// The value of the first match of `key`, with the key that matched.
    func match(_ key: String) -> (key: String, value: Value)? {
        if let v = values[key] { return (key, v) }
        // Word starts and ends, found once; candidates are slices of `key` (short ones need
        // no allocation).
        var spaces: [String.Index] = []
        let utf8 = key.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: each byte is a character, so spaces are found byte by byte.
            var i = utf8.startIndex
            while i < utf8.endIndex {
                if utf8[i] == 0x20 { spaces.append(i) }
                utf8.formIndex(after: &i)
            }
        } else {
            var i = key.startIndex
            while i < key.endIndex {
                if key[i] == " " { spaces.append(i) }
                i = key.index(after: i)
            }
        }
        guard !spaces.isEmpty else { return nil }
        for space in spaces {
            let tail = String(key[key.index(after: space)...])
            if let v = values[tail] { return (tail, v) }
        }
        for space in spaces.reversed() {
            let head = String(key[..<space])
            if let v = values[head] { return (head, v) }
        }
        // Then inner spans, longest first ("skinless chicken thigh boneless" → "chicken
        // thigh"); names longer than eight words stop at the ends.
        guard spaces.count >= 2, spaces.count < 8 else { return nil }
        var starts = [key.startIndex], ends: [String.Index] = []
        for space in spaces {
            starts.append(key.index(after: space))
            ends.append(space)
        }
        ends.append(key.endIndex)
        let words = starts.count
        for length in stride(from: words - 2, through: 1, by: -1) {
            for first in 1..<(words - length) {
                let span = String(key[starts[first]..<ends[first + length - 1]])
                if let v = values[span] { return (span, v) }
            }
        }
        return nil
    }
}
