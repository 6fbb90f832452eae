/// Every source line of one shopping list, stored compactly: one fixed-size record per line
/// (numbers into a recipe table, byte ranges of the line's text and notes in one byte
/// buffer, its measure) instead of an `ItemSource` of eight strings per line. Items refer to their
/// records by number (`ItemSources`) and `ItemSource` values are made when asked for, so a
/// list of many recipes costs memory by its lines' bytes and its distinct items, not by
/// copies of parsed lines.
///
/// A table is filled while recipes are merged (`SourceTable.Builder`) and then frozen;
/// a frozen table is immutable and shared by every item of the list.
final class SourceTable: Sendable {
    /// One recipe as sources refer to it.
    struct Recipe: Sendable {
        var id: String
        var title: String
        var planEntryID: String?
        var servingsFactor: Double
    }

    /// A byte range of `text`; `none` stands for nil.
    struct TextRange: Sendable {
        var start: UInt32
        var length: UInt32

        /// No text (nil).
        static let none = TextRange(start: 0, length: .max)
    }

    /// One source line.
    struct Record: Sendable {
        /// The recipe's number in `recipes`; -1 for a manual item.
        var recipe: Int32
        /// The line's position in its recipe (or in the manual items).
        var lineIndex: Int32
        /// The line's text.
        var text: TextRange
        /// The line's scaled measure.
        var measure: Measure?
        /// Its notes.
        var size: TextRange, preparation: TextRange, comment: TextRange, purpose: TextRange
        /// The unit system the line's amount was written in: 0 none, 1 US, 2 metric.
        var system: UInt8
        var isOptional: Bool
        var unrecognized: Bool

        var isManual: Bool { recipe < 0 }
        var unitSystem: UnitDisplay.System? { system == 1 ? .us : system == 2 ? .metric : nil }
    }

    /// The mutable table while a list is being merged.
    struct Builder {
        var recipes: [Recipe] = []
        var records: [Record] = []
        var text: [UInt8] = []

        /// Appends `string`'s UTF-8 bytes to `text` and returns their range (`.none` for nil).
        mutating func store(_ string: String?) -> TextRange {
            guard let string else { return .none }
            let start = text.count
            text.append(contentsOf: string.utf8)
            return TextRange(start: UInt32(start), length: UInt32(text.count - start))
        }
    }

    let recipes: [Recipe]
    let records: [Record]
    let text: [UInt8]
    /// How source amounts are shown.
    let formatting: KitchenFormatting
    /// The unit system of amounts written in no system (the list's locale's).
    let defaultSystem: UnitDisplay.System

    init(_ builder: Builder, formatting: KitchenFormatting, defaultSystem: UnitDisplay.System) {
        recipes = builder.recipes
        records = builder.records
        text = builder.text
        self.formatting = formatting
        self.defaultSystem = defaultSystem
    }

    /// The text of record `r`'s line.
    func line(_ r: Record) -> String { string(r.text) ?? "" }

    /// The text of `range`; nil for `.none`.
    func string(_ range: TextRange) -> String? {
        guard range.length != .max else { return nil }
        return text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(range.start)..<Int(range.start) + Int(range.length)]),
                   as: UTF8.self)
        }
    }

    /// The source tag of record `index`: its recipe's title, nil for a manual line.
    func title(_ index: UInt32) -> String? {
        let r = records[Int(index)].recipe
        return r < 0 ? nil : recipes[Int(r)].title
    }

    /// Record `index` as an `ItemSource`, its amount formatted.
    func source(_ index: UInt32) -> ItemSource {
        let r = records[Int(index)]
        let recipe = r.recipe < 0 ? nil : recipes[Int(r.recipe)]
        return ItemSource(
            recipeID: recipe?.id, recipeTitle: recipe?.title, planEntryID: recipe?.planEntryID,
            lineIndex: Int(r.lineIndex), line: line(r), servingsFactor: recipe?.servingsFactor ?? 1,
            measure: r.measure, amount: r.measure.map { formatting.format($0, system: r.unitSystem ?? defaultSystem) },
            size: string(r.size), preparation: string(r.preparation), comment: string(r.comment),
            purpose: string(r.purpose), isOptional: r.isOptional)
    }
}
