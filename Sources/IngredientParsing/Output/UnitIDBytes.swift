import IngredientText
import IngredientLexicon

/// The ids of a units table as bytes side by side, made once per parser, so that the JSON line
/// copies a known unit's id without reading its String (a String's bytes cost a retain, a
/// release and the escaping writer's checks per amount).
///
/// Only ids that JSON writes as they are (`ByteWriter.isPlain`: every built-in id) are kept;
/// the others are left to the String.
final class UnitIDBytes: @unchecked Sendable {
    /// The plain ids' bytes, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Per row, where its id starts in `bytes` and its byte count; a count of -1 for an id
    /// that is not plain (not kept).
    private let places: UnsafeMutablePointer<Place>

    /// Where a row's id lies in `bytes`.
    struct Place {
        var start: Int32
        var count: Int32
    }

    /// The ids of `units`, by row.
    init(_ units: [UnitDefinition]) {
        let total = units.reduce(0) { $0 + $1.id.utf8.count }
        bytes = .allocate(capacity: max(1, total))
        places = .allocate(capacity: max(1, units.count))
        var n = 0
        for (row, unit) in units.enumerated() {
            var id = unit.id
            let count = id.withUTF8 { source -> Int in
                guard let from = source.baseAddress else { return 0 }
                guard ByteWriter.isPlain(source) else { return -1 }
                (bytes + n).initialize(from: from, count: source.count)
                return source.count
            }
            (places + row).initialize(to: Place(start: Int32(n), count: Int32(count)))
            n += max(0, count)
        }
    }

    deinit {
        bytes.deallocate()
        places.deallocate()
    }

    /// The table read through plain pointers (valid while the table is), for a line's view.
    var rows: Rows { Rows(bytes: bytes, places: places) }

    /// The ids read through pointers, without retaining the table.
    struct Rows {
        let bytes: UnsafePointer<UInt8>?
        let places: UnsafePointer<Place>?

        /// Row `row`'s id as bytes JSON copies as they are, or nil when the id is to be read
        /// from its String (no table, or an id JSON escapes).
        @inline(__always)
        func plainID(_ row: Int32) -> UnsafeBufferPointer<UInt8>? {
            guard let places, let bytes else { return nil }
            let place = places[Int(row)]
            guard place.count >= 0 else { return nil }
            return UnsafeBufferPointer(start: bytes + Int(place.start), count: Int(place.count))
        }
    }
}
