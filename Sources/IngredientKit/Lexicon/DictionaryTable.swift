/// The word tables the parser reads, one file each under `Dictionaries/`.
public enum DictionaryTable: String, CaseIterable, Sendable {
    /// `units.tsv`: `id, dimension, factor, aliases`.
    case units
    /// `numbers.tsv`: `phrase, value`.
    case numbers
    /// `sizes.tsv`: `word`.
    case sizes
    /// `preparation.tsv`: `word, kind`.
    case preparation
    /// `phrases.tsv`: `phrase, role, optional`.
    case phrases
    /// `headers.tsv`: `phrase`.
    case headers

    /// The file name of the table, such as `units.tsv`.
    public var fileName: String { rawValue + ".tsv" }

    /// How many TAB-separated columns each row has.
    var columnCount: Int {
        switch self {
        case .units: 4
        case .numbers, .preparation: 2
        case .sizes, .headers: 1
        case .phrases: 3
        }
    }

    /// The table a user file extends, judged by its name (`my-units.tsv` extends `units`).
    static func named(_ fileName: String) -> DictionaryTable? {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        return allCases.first { base == $0.fileName || base.hasSuffix("-" + $0.fileName) || base.hasSuffix("_" + $0.fileName) }
    }

    /// Splits `text` into rows of columns, skipping comments and blank lines.
    func rows(in text: String) throws -> [(line: Int, columns: [String])] {
        var result: [(Int, [String])] = []
        var lineNumber = 0
        // Split on bytes: in a String "\r\n" is one Character, so CRLF would not split on "\n".
        for rawBytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawBytes[...]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let line = Substring(String(decoding: bytes, as: UTF8.self))
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingSpaces() }
            guard columns.count == columnCount else {
                throw DictionaryError.malformedRow(table: fileName, line: lineNumber, expected: columnCount, found: columns.count)
            }
            result.append((lineNumber, columns))
        }
        return result
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
