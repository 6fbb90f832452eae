import IngredientText

/// One hand-labeled sentence of a parse gold file (JSON Lines; the format is in
/// docs/evaluation.md). Read with the project's own JSON reader (`LenientJSON`), as strictly
/// as Foundation's `JSONDecoder` read it before: a line that needs any repair but trailing
/// commas is refused, and of a member written twice the first counts.
public struct GoldSentence: Sendable {
    /// A gold quantity: usually a number, occasionally text such as "half".
    public enum Quantity: Sendable, Equatable {
        /// A numeric quantity, as most gold files write it.
        case number(Double)
        /// A quantity written as text: a number word or a range such as "1.5-1.8".
        case text(String)
    }

    /// One gold amount.
    public struct GoldAmount: Sendable {
        /// The quantity, or the low end of a range; nil when the amount has none.
        public var quantity: Quantity?
        /// The high end of a range; equal to `quantity` when the amount is not a range.
        public var quantityMax: Quantity?
        /// The unit: a canonical name ("gram", "cup") or the labeler's raw words ("cloves");
        /// empty or nil when the amount has no unit.
        public var unit: String?
    }

    /// Why a line is not a gold sentence.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong: invalid JSON, or the member that is missing or of the wrong type.
        public let reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// Where the sentence comes from (for per-source rates).
    public var source: String?
    /// The sentence.
    public var input: String
    /// Amounts in sentence order; the first is the primary one.
    public var amounts: [GoldAmount]
    /// The expected name.
    public var name: String?
    /// The labeler's tokens and their labels, when present (used for training).
    public var tokens: [String]?
    /// The label of each of `tokens` ("QTY", "UNIT", "NAME", …), in the same order.
    public var labels: [String]?

    /// Reads one line of a gold file: a JSON object with a string `input` and an array
    /// `amounts`; `source`, `name`, `tokens` and `labels` are optional (missing or null),
    /// other members are ignored.
    public init(jsonLine text: String) throws(FormatError) {
        var copy = text
        self = try copy.withUTF8 { bytes in Result { () throws(FormatError) in try GoldSentence(json: bytes) } }.get()
    }

    /// Reads one line of a gold file from its UTF-8 bytes (see `init(jsonLine:)`).
    init(json bytes: UnsafeBufferPointer<UInt8>) throws(FormatError) {
        let parsed: LenientJSON.Parsed
        do { parsed = try LenientJSON.parse(bytes, strictNumbers: true) } catch { throw FormatError(reason: error.detail) }
        // Trailing commas: JSONDecoder accepted them, so gold files may have them.
        let repairs = parsed.repairs.filter { $0 != "trailing commas" }
        guard repairs.isEmpty else {
            throw FormatError(reason: "not valid JSON (it needs repairs: \(repairs.joined(separator: ", ")))")
        }
        let object = parsed.value
        guard object.isObject else { throw FormatError(reason: "not a JSON object") }
        source = try Self.optionalString(object, "source")
        guard let inputValue = Self.member(object, "input"), inputValue != .null else { throw FormatError(reason: "no \"input\"") }
        guard case let .string(input) = inputValue else { throw FormatError(reason: "\"input\" is not a string") }
        self.input = input
        guard case let .array(amountValues)? = Self.member(object, "amounts") else { throw FormatError(reason: "\"amounts\" is missing or not an array") }
        var amounts: [GoldAmount] = []
        for (k, a) in amountValues.enumerated() {
            guard a.isObject else { throw FormatError(reason: "amounts[\(k)] is not an object") }
            amounts.append(GoldAmount(quantity: try Self.quantity(a, "quantity", k), quantityMax: try Self.quantity(a, "quantityMax", k),
                                      unit: try Self.optionalString(a, "unit", "amounts[\(k)].")))
        }
        self.amounts = amounts
        name = try Self.optionalString(object, "name")
        tokens = try Self.optionalStrings(object, "tokens")
        labels = try Self.optionalStrings(object, "labels")
    }

    /// The value of member `key` of an object: the first if it is written twice.
    static func member(_ object: JSONValue, _ key: String) -> JSONValue? {
        guard case let .object(members) = object else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Member `key` of `object`: a string, or nil when missing or null.
    static func optionalString(_ object: JSONValue, _ key: String, _ prefix: String = "") throws(FormatError) -> String? {
        switch Self.member(object, key) {
        case nil, .null?: return nil
        case let .string(s)?: return s
        default: throw FormatError(reason: "\"\(prefix)\(key)\" is not a string")
        }
    }

    /// Member `key` of `object`: an array of strings, or nil when missing or null.
    static func optionalStrings(_ object: JSONValue, _ key: String) throws(FormatError) -> [String]? {
        switch Self.member(object, key) {
        case nil, .null?: return nil
        case let .array(items)?:
            var strings: [String] = []
            for item in items {
                guard case let .string(s) = item else { throw FormatError(reason: "\"\(key)\" is not an array of strings") }
                strings.append(s)
            }
            return strings
        default: throw FormatError(reason: "\"\(key)\" is not an array of strings")
        }
    }

    /// Member `key` of amount `k`: a number or a string, or nil when missing or null.
    static func quantity(_ amount: JSONValue, _ key: String, _ k: Int) throws(FormatError) -> Quantity? {
        switch Self.member(amount, key) {
        case nil, .null?: return nil
        case let .number(d)?: return .number(d)
        case let .string(s)?: return .text(s)
        default: throw FormatError(reason: "\"amounts[\(k)].\(key)\" is neither a number nor a string")
        }
    }

    /// Reads a JSON Lines gold file; malformed lines are reported with their line number.
    public static func read(path: String) throws -> [GoldSentence] {
        let bytes = try FileReading.bytes(atPath: path)
        var result: [GoldSentence] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            do {
                result.append(try line.withUnsafeBufferPointer { bytes throws(FormatError) in try GoldSentence(json: bytes) })
            } catch {
                throw EvaluationError.malformedGold(path: path, line: lineNumber, reason: error.reason)
            }
        }
        return result
    }
}

/// What can go wrong when evaluating.
public enum EvaluationError: Error, CustomStringConvertible, Sendable {
    /// A gold file line is not a JSON object of the expected shape.
    case malformedGold(path: String, line: Int, reason: String)

    /// The message for a user: the file, the line and why it is not a gold sentence.
    public var description: String {
        switch self {
        case let .malformedGold(path, line, reason):
            "\(path) line \(line): not a gold sentence (need at least \"input\" and \"amounts\"): \(reason)"
        }
    }
}
