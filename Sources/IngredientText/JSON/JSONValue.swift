/// A JSON value as read by `LenientJSON`. Object members keep their order, so that walking a
/// document visits recipes in the order they are written.
package enum JSONValue: Sendable, Equatable {
    /// `null` (also `undefined` and `NaN` in lenient input).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in order.
    case object([(key: String, value: JSONValue)])

    /// Whether two values are equal: same case and equal contents, object members compared
    /// in order with their keys.
    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of member `key` of an object (the last one if repeated), or nil.
    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The value of the first of `keys` that the object has with a non-null value,
    /// comparing keys without regard to ASCII case.
    package func member(_ keys: String...) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        for key in keys {
            if let m = members.last(where: { $0.key.lowercased() == key.lowercased() }), m.value != .null { return m.value }
        }
        return nil
    }

    /// The string, or a number written as text.
    package var text: String? {
        switch self {
        case let .string(s): return s
        case let .number(n):
            var out: [UInt8] = []
            JSONBytes.appendNumber(n, to: &out)
            return String(decoding: out, as: UTF8.self)
        default: return nil
        }
    }

    /// The elements of an array, or the value itself as a one-element list.
    package var list: [JSONValue] {
        if case let .array(items) = self { return items }
        return [self]
    }

    /// Whether the value is an object.
    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
