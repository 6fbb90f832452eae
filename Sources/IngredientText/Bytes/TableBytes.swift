/// Byte-level reading of the TAB-separated tables, shared by the table readers' fast paths
/// (`DictionaryTable.rows(in:)`, `SuggestionWords.rows(utf8:)`, `FoodKnowledge`, the import
/// word tables, the key tables' variant cells): lines split at line feeds, cells split at tabs
/// or another ASCII separator. Line feeds and tabs are characters of their own in any UTF-8 text, so
/// splitting at their bytes splits where the characters do.
package enum TableBytes {
    /// Calls `body` with each line of `bytes` (without its line feed; a text ending in a line
    /// feed ends with an empty line) and its number, counting from 1.
    package static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>,
                            _ body: (_ number: Int, _ line: UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var start = 0, number = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            try body(number, UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
        }
    }

    /// Calls `body` with each row of a table's `bytes` and its line number: the lines without
    /// a carriage return before their line feed, leaving out empty and blank lines and `#`
    /// comments (a `#` starts a comment only when it is a character of its own, not followed
    /// by a combining mark).
    package static func forEachRow(_ bytes: UnsafeBufferPointer<UInt8>,
                                   _ body: (_ number: Int, _ row: UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try forEachLine(bytes) { number, raw in
            var line = raw
            if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            if line[0] == UInt8(ascii: "#") {
                if line.count == 1 || line[1] < 0x80 { return }
                if String(decoding: line, as: UTF8.self).first == "#" { return }
            }
            try body(number, line)
        }
    }

    /// `forEachRow` over the UTF-8 of `text`.
    package static func forEachRow(in text: String,
                                   _ body: (_ number: Int, _ row: UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var copy = text
        try copy.withUTF8 { try forEachRow($0, body) }
    }

    /// Calls `body` with each part of `bytes` between `separator` bytes (an ASCII separator, so
    /// the parts split where the characters do); empty parts are left out unless `keepingEmpty`.
    package static func forEachPart(of bytes: UnsafeBufferPointer<UInt8>, at separator: UInt8, keepingEmpty: Bool = false,
                                    _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        var start = 0
        for k in 0...bytes.count where k == bytes.count || bytes[k] == separator {
            if keepingEmpty || k > start { try body(UnsafeBufferPointer(rebasing: bytes[start..<k])) }
            start = k + 1
        }
    }

    /// The TAB-separated cells of `line`, into `cells` (emptied first); with `trimmingSpaces`,
    /// without the spaces around each cell.
    package static func cells(of line: UnsafeBufferPointer<UInt8>, trimmingSpaces: Bool, into cells: inout [String]) {
        cells.removeAll(keepingCapacity: true)
        forEachPart(of: line, at: 0x09, keepingEmpty: true) { cell in
            var a = 0, b = cell.count
            if trimmingSpaces {
                while a < b, cell[a] == 0x20 { a += 1 }
                while b > a, cell[b - 1] == 0x20 { b -= 1 }
            }
            cells.append(String(decoding: UnsafeBufferPointer(rebasing: cell[a..<b]), as: UTF8.self))
        }
    }
}
