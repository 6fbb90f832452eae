/// What a canonical key does with a word or phrase of `key-words.tsv`.
enum KeyRole: UInt8, Sendable {
    /// Left out of keys: preparation and state that do not change what you buy (chopped, softened).
    case drop = 1
    /// Kept in keys, and protects its words from `drop` rows (red, smoked, fresh, "chopped tomatoes").
    case keep = 2
    /// A part that follows what it is part of: "leg of lamb" → "lamb leg", "juice of 2 limes" → "lime juice".
    case part = 3

    init?(name: String) {
        switch name {
        case "drop": self = .drop
        case "keep": self = .keep
        case "part": self = .part
        default: return nil
        }
    }
}
