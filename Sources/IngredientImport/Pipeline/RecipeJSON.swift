import IngredientText
import IngredientParsing

/// Writes import records as JSON Lines: the `ingest import` contract.
///
/// A recipe is one object with, in this order: `source` (`<path>#<n>`), `format`, `title`,
/// `yield`, `ingredients` (objects of `group`, `text` and then the `ingest parse` fields from
/// `kind` to `confidence`, see `JSONLine`), `instructions` (strings) and `warnings`
/// (strings); null where absent. A file or recipe that could not be read is
/// `{"source":…,"error":…}`.
public enum RecipeJSON {
    /// Appends the JSON object of `record` and a newline to `out`.
    public static func append(_ record: ImportRecord, to out: inout [UInt8]) {
        appendSource(record.source, to: &out)
        appendAfterSource(record, to: &out)
    }

    /// Appends the JSON object of `record` and a newline to `out`.
    public static func append(_ record: RecipeRecord, to out: inout [UInt8]) {
        append(.recipe(record), to: &out)
    }

    /// Appends the start of a record's object: `{"source":` and `source`. With
    /// `appendAfterSource` it writes what `append` writes; the two halves let import workers
    /// write everything but the source (numbered only once records are back in order).
    public static func appendSource(_ source: String, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"source":"#.utf8)
        JSONBytes.string(source, &out)
    }

    /// Appends the rest of the JSON object of `record` after its source (its `source` is not
    /// read), and a newline.
    public static func appendAfterSource(_ record: ImportRecord, to out: inout [UInt8]) {
        switch record {
        case let .recipe(record):
            out.append(contentsOf: #","format":"#.utf8)
            JSONBytes.string(record.format.rawValue, &out)
            out.append(contentsOf: #","title":"#.utf8)
            JSONBytes.string(record.title, &out)
            out.append(contentsOf: #","yield":"#.utf8)
            JSONBytes.string(record.yield, &out)
            out.append(contentsOf: #","ingredients":["#.utf8)
            for (k, line) in record.ingredients.enumerated() {
                if k > 0 { out.append(0x2C) }
                out.append(contentsOf: #"{"group":"#.utf8)
                JSONBytes.string(line.group, &out)
                out.append(contentsOf: #","text":"#.utf8)
                JSONBytes.string(line.text, &out)
                if let parsed = line.parsed {
                    out.append(0x2C)
                    JSONLine.appendFields(parsed, to: &out)
                }
                out.append(0x7D)
            }
            out.append(contentsOf: #"],"instructions":"#.utf8)
            strings(record.instructions, &out)
            out.append(contentsOf: #","warnings":"#.utf8)
            strings(record.warnings, &out)
            out.append(contentsOf: "}\n".utf8)
        case let .failure(_, error):
            out.append(contentsOf: #","error":"#.utf8)
            JSONBytes.string(error.description, &out)
            out.append(contentsOf: "}\n".utf8)
        }
    }

    /// The JSON object of `record` as a String (without the newline).
    public static func string(for record: ImportRecord) -> String {
        var out: [UInt8] = []
        append(record, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    static func strings(_ list: [String], _ out: inout [UInt8]) {
        out.append(0x5B)
        for (k, s) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            JSONBytes.string(s, &out)
        }
        out.append(0x5D)
    }
}
