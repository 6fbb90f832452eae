/// Looks a canonical key up in a table of keys and head nouns: the whole key, then the key
/// without its leading words ("smoked paprika" → "paprika"), then its leading words
/// ("chicken thigh" → "chicken"). Shared by the category and protein tables.
struct KeyLookup<Value: Sendable>: Sendable {
    private(set) var values: [String: Value] = [:]

    /// Sets the value of `key` (a later row replaces an earlier one).
    mutating func set(_ key: String, _ value: Value) { values[key] = value }

    /// The value of the first match of `key`, with the key that matched.
    func match(_ key: String) -> (key: String, value: Value)? {
        if let v = values[key] { return (key, v) }
        let words = key.split(separator: " ")
        guard words.count > 1 else { return nil }
        for start in 1..<words.count {
            let tail = words[start...].joined(separator: " ")
            if let v = values[tail] { return (tail, v) }
        }
        for end in stride(from: words.count - 1, through: 1, by: -1) {
            let head = words[..<end].joined(separator: " ")
            if let v = values[head] { return (head, v) }
        }
        return nil
    }
}
