#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientImport
import IngredientText
import IngredientParsing

/// An import record as the values of its database rows, made where the record is made (on
/// an import worker thread) so the one thread that writes the database only binds and
/// steps: the JSON columns are written, keys and enum names looked up ahead of time, and all
/// text sits in one byte buffer, so the writing thread frees one buffer per record instead of
/// every string of every line. `RecipeStore.add(_:source:)` stores it under the source the
/// importer numbered.
public struct StoredRecord: Sendable {
    /// One column value. Text is a range of `bytes`, cut at its first NUL byte as SQLite
    /// reads a C string (the GRDB-based store of earlier builds bound text that way, so rows
    /// stay what they were).
    enum Value: Sendable {
        case null
        case text(offset: Int32, count: Int32)
        case real(Double)
        case integer(Int64)
    }

    /// Values written per ingredient line: `ingredient_lines` from `group_name` to `key`.
    static let lineColumns = 16
    /// Values written per recipe: `recipes` from `format` to `warnings`.
    static let recipeColumns = 5

    /// Whether the record is an error record (`values` holds its error text alone).
    let isFailure: Bool
    /// A recipe: its `recipeColumns` values, then `lineColumns` per line.
    let values: [Value]
    /// The text of the values.
    let bytes: [UInt8]

    /// The ingredient lines of a recipe.
    var lineCount: Int { isFailure ? 0 : (values.count - Self.recipeColumns) / Self.lineColumns }

    /// The rows of `record` (its `source` is not read: the store is given it).
    public init(_ record: ImportRecord) {
        var builder = Builder()
        switch record {
        case let .failure(_, error):
            isFailure = true
            builder.text(error.description)
        case let .recipe(r):
            isFailure = false
            builder.values.reserveCapacity(Self.recipeColumns + Self.lineColumns * r.ingredients.count)
            builder.text(r.format.rawValue)
            builder.text(r.title)
            builder.text(r.yield)
            builder.json(r.instructions)
            builder.json(r.warnings)
            for line in r.ingredients {
                builder.text(line.group)
                builder.text(line.text)
                // Unwrapped once: each `line.parsed?.field` would copy the whole parse.
                guard let p = line.parsed else {
                    builder.text("ingredient")
                    builder.values += repeatElement(.null, count: 8) // quantity … purpose
                    builder.values.append(.integer(0))
                    builder.alternates([])
                    builder.values.append(.null)
                    builder.values.append(.real(0))
                    builder.text(RecipeStore.storedKey(nil))
                    continue
                }
                builder.text(p.kind.rawValue)
                builder.real(p.quantity)
                builder.real(p.quantityMax)
                builder.text(p.unit)
                builder.text(p.size)
                builder.text(p.name)
                builder.text(p.preparation)
                builder.text(p.comment)
                builder.text(p.purpose)
                builder.values.append(.integer(p.isOptional ? 1 : 0))
                builder.alternates(p.alternates)
                builder.text(p.section)
                builder.real(p.confidence)
                builder.text(RecipeStore.storedKey(p))
            }
        }
        values = builder.values
        bytes = builder.bytes
    }

    /// Collects values and their text.
    struct Builder {
        var values: [Value] = []
        var bytes: [UInt8] = []

        mutating func text(_ s: String?) {
            guard let s else { values.append(.null); return }
            let offset = bytes.count
            bytes += s.utf8
            closeText(from: offset)
        }

        /// The value of the text appended to `bytes` from `offset` on.
        mutating func closeText(from offset: Int) {
            let count = bytes.withUnsafeBufferPointer { all -> Int in
                let length = all.count - offset
                guard length > 0, let nul = memchr(all.baseAddress! + offset, 0, length) else { return length }
                return UnsafeRawPointer(nul) - UnsafeRawPointer(all.baseAddress! + offset)
            }
            values.append(.text(offset: Int32(offset), count: Int32(count)))
        }

        mutating func real(_ x: Double?) { values.append(x.map { .real($0) } ?? .null) }

        /// A JSON array of strings.
        mutating func json(_ list: [String]) {
            let offset = bytes.count
            bytes.append(0x5B)
            for (k, s) in list.enumerated() {
                if k > 0 { bytes.append(0x2C) }
                JSONBytes.appendString(s, to: &bytes)
            }
            bytes.append(0x5D)
            closeText(from: offset)
        }

        /// The `alternates` column: a JSON array of `{quantity, quantityMax, unit}`.
        mutating func alternates(_ list: [Amount]) {
            let offset = bytes.count
            bytes.append(0x5B)
            for (k, a) in list.enumerated() {
                if k > 0 { bytes.append(0x2C) }
                bytes += #"{"quantity":"#.utf8
                number(a.quantity)
                bytes += #","quantityMax":"#.utf8
                number(a.quantityMax)
                bytes += #","unit":"#.utf8
                if let u = a.unit { JSONBytes.appendString(u, to: &bytes) } else { bytes += "null".utf8 }
                bytes.append(0x7D)
            }
            bytes.append(0x5D)
            closeText(from: offset)
        }

        mutating func number(_ value: Double?) {
            if let value { JSONBytes.appendNumber(value, to: &bytes) } else { bytes += "null".utf8 }
        }
    }
}
