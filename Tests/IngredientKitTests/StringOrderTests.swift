import Testing
@testable import IngredientLists

/// `StringOrder` answers exactly as `String`'s `<` and `!=` do, for ASCII strings that its
/// eight-byte prefixes decide and for every case they must leave to `String`.
@Suite struct StringOrderTests {
    /// Strings chosen to meet every branch: prefixes that differ, equal prefixes longer than
    /// eight bytes, a string that is the beginning of another, a NUL byte, canonically equal
    /// spellings (precomposed and combining é), other scripts, and the empty string.
    static let strings = [
        "onion", "onions", "red onion", "red onions, sliced", "red onions, diced", "", "a", "A", "Zucchini",
        "crème fraîche", "cre\u{300}me", "crème", "creme", "cr\u{E8}me", "ce\u{301}leri", "c\u{E9}leri",
        "abc\u{0}", "abc", "abc\u{0}x", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "pâte", "pate", "paté",
        "豆腐", "tofu", "Ωmega", "omega", "12 eggs", "2 eggs", "~", "\u{7F}",
    ]

    @Test func answersAsStringComparisonDoes() {
        let order = StringOrder(Self.strings)
        for a in Self.strings.indices {
            for b in Self.strings.indices {
                #expect(order.precedes(a, b) == (Self.strings[a] < Self.strings[b]), "\(Self.strings[a]) < \(Self.strings[b])")
                #expect(order.differ(a, b) == (Self.strings[a] != Self.strings[b]), "\(Self.strings[a]) != \(Self.strings[b])")
            }
        }
    }

    @Test func sortsAsStringComparisonDoes() {
        let order = StringOrder(Self.strings)
        let sorted = Self.strings.indices.sorted { order.precedes($0, $1) }.map { Self.strings[$0] }
        #expect(sorted == Self.strings.sorted())
    }
}
