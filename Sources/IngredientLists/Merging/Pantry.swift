import IngredientParsing

/// What is on hand, subtracted from a shopping list: ingredient lines, one per line, in the
/// same language as recipes.
///
/// A pantry file is UTF-8 text: one ingredient line per line ("2 cups flour", "6 eggs",
/// "1 kg rice"); a line with no quantity ("salt") means there is enough of it; blank lines
/// and lines starting with `#` are ignored. Amounts subtract from the item of the same key
/// in the same unit family, or across volume and mass when the density is known; what is
/// still needed stays on the list, and an item fully covered is flagged `in pantry`.
public struct Pantry: Hashable, Sendable {
    /// The pantry's lines, parsed.
    public var lines: [ParsedIngredient]

    /// A pantry of parsed lines.
    public init(lines: [ParsedIngredient] = []) {
        self.lines = lines
    }

    /// The pantry in `text` (the pantry file format), parsed with `parser`.
    public init(text: String, parser: IngredientParser) {
        let session = parser.makeSession()
        var lines: [ParsedIngredient] = []
        // Split on bytes: in a String "\r\n" is one Character, so CRLF would not split on "\n".
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var bytes = raw[...]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            if bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "#") { continue }
            let parsed = session.parse(String(decoding: bytes, as: UTF8.self))
            if parsed.kind == .ingredient { lines.append(parsed) }
        }
        self.lines = lines
    }

    /// An empty pantry.
    public static let empty = Pantry()
}
