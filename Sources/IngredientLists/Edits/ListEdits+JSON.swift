import IngredientText

/// What is wrong with an edits document (`ListEdits(json:)`).
public enum ListEditsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case notJSON(detail: String)
    /// A member holds something other than what the format says.
    case invalidMember(name: String, expected: String)

    /// What went wrong and what to write instead.
    public var description: String {
        switch self {
        case let .notJSON(detail): "the edits file is not JSON: \(detail)"
        case let .invalidMember(name, expected): "edits member \"\(name)\" must be \(expected)"
        }
    }
}

extension ListEdits {
    /// Reads the edits document `ingest list --edits FILE` takes (see docs/json.md, "The
    /// edits file"): one JSON object whose members are all optional —
    /// `keyOverrides` and `categoryOverrides` (objects of strings), `manualItems`,
    /// `suppressedItems` and `checkedItems` (arrays of strings), `acceptedMerges` (an object:
    /// key → key it joins) and `rejectedMerges` (an array of two-key arrays). Unknown members
    /// are an error, so a misspelt name is not silently ignored.
    public init(json text: String) throws(ListEditsError) {
        let value: JSONValue
        do { value = try LenientJSON.parse(text).value } catch { throw .notJSON(detail: error.description) }
        guard case let .object(members) = value else { throw .notJSON(detail: "expected one object") }
        self.init()
        func strings(_ v: JSONValue, _ name: String) throws(ListEditsError) -> [String] {
            guard case let .array(items) = v else { throw .invalidMember(name: name, expected: "an array of strings") }
            var out: [String] = []
            for item in items {
                guard case let .string(s) = item else { throw .invalidMember(name: name, expected: "an array of strings") }
                out.append(s)
            }
            return out
        }
        func map(_ v: JSONValue, _ name: String) throws(ListEditsError) -> [String: String] {
            guard case let .object(pairs) = v else { throw .invalidMember(name: name, expected: "an object of strings") }
            var out: [String: String] = [:]
            for (k, item) in pairs {
                guard case let .string(s) = item else { throw .invalidMember(name: name, expected: "an object of strings") }
                out[k] = s
            }
            return out
        }
        for (name, v) in members {
            switch name {
            case "keyOverrides": keyOverrides = try map(v, name)
            case "categoryOverrides": categoryOverrides = try map(v, name)
            case "manualItems": manualItems = try strings(v, name)
            case "suppressedItems": suppressedItems = Set(try strings(v, name))
            case "checkedItems": checkedItems = Set(try strings(v, name))
            case "acceptedMerges": acceptedMerges = try map(v, name)
            case "rejectedMerges":
                guard case let .array(items) = v else { throw .invalidMember(name: name, expected: "an array of [key, key] arrays") }
                for item in items {
                    let pair = try strings(item, name)
                    guard pair.count == 2 else { throw .invalidMember(name: name, expected: "an array of [key, key] arrays") }
                    rejectedMerges.insert(MergePair(pair[0], pair[1]))
                }
            default:
                throw .invalidMember(name: name, expected: "one of keyOverrides, categoryOverrides, manualItems, suppressedItems, checkedItems, acceptedMerges, rejectedMerges (unknown member)")
            }
        }
    }

    /// The edits as the document `init(json:)` reads, members in a fixed order and their
    /// contents sorted, so the same edits give the same bytes.
    public func json() -> String {
        var out: [UInt8] = []
        func raw(_ s: String) { out.append(contentsOf: s.utf8) }
        func string(_ s: String) { JSONBytes.appendString(s, to: &out) }
        func sorted(_ list: some Sequence<String>) -> [String] { list.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        func array(_ list: [String]) {
            raw("[")
            for (i, s) in list.enumerated() { if i > 0 { raw(", ") }; string(s) }
            raw("]")
        }
        func object(_ map: [String: String]) {
            raw("{")
            for (i, k) in sorted(map.keys).enumerated() {
                if i > 0 { raw(", ") }
                string(k); raw(": "); string(map[k]!)
            }
            raw("}")
        }
        raw("{\"keyOverrides\": "); object(keyOverrides)
        raw(",\n \"categoryOverrides\": "); object(categoryOverrides)
        raw(",\n \"manualItems\": "); array(manualItems)
        raw(",\n \"suppressedItems\": "); array(sorted(suppressedItems))
        raw(",\n \"checkedItems\": "); array(sorted(checkedItems))
        raw(",\n \"acceptedMerges\": "); object(acceptedMerges)
        raw(",\n \"rejectedMerges\": [")
        for (i, pair) in rejectedMerges.sorted().enumerated() {
            if i > 0 { raw(", ") }
            array([pair.first, pair.second])
        }
        raw("]}\n")
        return String(decoding: out, as: UTF8.self)
    }
}
