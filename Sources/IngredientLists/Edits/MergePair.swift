/// Two item keys in a fixed order (the smaller first), naming a merge suggestion the user
/// rejected (`ListEdits.rejectedMerges`) whichever way round it was offered.
public struct MergePair: Hashable, Sendable, Codable, Comparable {
    /// The smaller key (byte order).
    public let first: String
    /// The larger key.
    public let second: String

    /// The pair of `a` and `b`, in either order.
    public init(_ a: String, _ b: String) {
        if a.utf8.lexicographicallyPrecedes(b.utf8) { first = a; second = b } else { first = b; second = a }
    }

    /// Byte order of the first key, then of the second.
    public static func < (l: MergePair, r: MergePair) -> Bool {
        l.first != r.first ? l.first.utf8.lexicographicallyPrecedes(r.first.utf8) : l.second.utf8.lexicographicallyPrecedes(r.second.utf8)
    }
}
