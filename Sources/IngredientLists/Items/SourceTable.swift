#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientLexicon
import IngredientText

/// Every source line of one shopping list, stored compactly: one fixed-size record per line
/// of 40 bytes (numbers into a recipe table and a unit-family table, the byte range of the
/// line's text in one byte buffer, its measure's two numbers, and the number of its notes'
/// ranges when it has notes) instead of an `ItemSource` of eight strings per line. Items refer to their
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

    /// One source line, in 40 bytes.
    struct Record: Sendable {
        /// The recipe's number in `recipes`; -1 for a manual item.
        var recipe: Int32
        /// The line's position in its recipe (or in the manual items).
        var lineIndex: Int32
        /// The line's text.
        var text: TextRange
        /// The line's scaled measure's low and high (see `family`).
        var low: Double, high: Double
        /// 0 when the line has no notes, else 1 + the number of its four notes' strings
        /// (size, preparation, comment, purpose) in `notes`, divided by four.
        var notes: UInt32
        /// The measure's family number in `families` (0: no measure) in the low 28 bits; the
        /// unit system (2 bits), whether optional and whether unrecognized above.
        private var packed: UInt32

        /// A record of these parts; `system` is 0 (none), 1 (US) or 2 (metric).
        init(recipe: Int32, lineIndex: Int32, text: TextRange, family: UInt32, low: Double, high: Double,
             notes: UInt32, system: UInt8, isOptional: Bool, unrecognized: Bool) {
            precondition(family < 1 << 28, "more than 2^28 unit families in one shopping list")
            self.recipe = recipe
            self.lineIndex = lineIndex
            self.text = text
            self.low = low
            self.high = high
            self.notes = notes
            packed = family | UInt32(system & 3) << 28 | (isOptional ? 1 << 30 : 0) | (unrecognized ? 1 << 31 : 0)
        }

        /// The measure's family number in `families` (0: no measure).
        var family: UInt32 { packed & (1 << 28 - 1) }
        /// The unit system the line's amount was written in: 0 none, 1 US, 2 metric.
        var system: UInt8 { UInt8(packed >> 28 & 3) }
        var isOptional: Bool { packed & 1 << 30 != 0 }
        var unrecognized: Bool { packed & 1 << 31 != 0 }
        var isManual: Bool { recipe < 0 }
        var unitSystem: UnitDisplay.System? { system == 1 ? .us : system == 2 ? .metric : nil }
    }

    /// The mutable table while a list is being merged.
    struct Builder {
        var recipes: [Recipe] = []
        var records: [Record] = []
        var text = TextChunks()
        /// Four string numbers (`strings`, 0: nil) per line with notes.
        var notes: [UInt32] = []
        /// Distinct note strings (each kept once, so items share them); entry 0 stands for nil.
        var strings: [String] = [""]
        /// The first number of each string's bytes in `strings`, by their exact hash (`ByteHash.exact`).
        var stringIDs = HashTable<UInt32>()
        /// Unit families by number; entry 0 stands for no measure.
        var families: [UnitFamily?] = [nil, .count, .volume, .mass, .length]
        /// The numbers of package families, by their units' exact bytes.
        var packageCodes: [[UInt8]: UInt32] = [:]

        /// The number of `measure`'s family (0 for nil).
        mutating func family(of measure: Measure?) -> UInt32 {
            switch measure?.family {
            case nil: return 0
            case .count: return 1
            case .volume: return 2
            case .mass: return 3
            case .length: return 4
            case .package(let unit)?:
                let bytes = Array(unit.utf8)
                if let code = packageCodes[bytes] { return code }
                let code = UInt32(families.count)
                families.append(.package(unit))
                packageCodes[bytes] = code
                return code
            }
        }

        /// Stores a line's notes and returns the record's `notes` number.
        mutating func notes(size: String?, preparation: String?, comment: String?, purpose: String?) -> UInt32 {
            guard size != nil || preparation != nil || comment != nil || purpose != nil else { return 0 }
            notes.append(intern(size))
            notes.append(intern(preparation))
            notes.append(intern(comment))
            notes.append(intern(purpose))
            return UInt32(notes.count / 4)
        }

        /// The number of `string` in `strings` (0 for nil), adding it when new. Strings are
        /// told apart by their bytes (a canonically equal spelling gets its own entry).
        mutating func intern(_ string: String?) -> UInt32 {
            guard var string else { return 0 }
            let hash = string.withUTF8 { ByteHash.exact($0) }
            let known = stringIDs[hash]
            if let id = known, Self.sameBytes(strings[Int(id)], string) { return id }
            let id = UInt32(strings.count)
            strings.append(string)
            // Two byte strings of one hash (unlikely as that is) keep the first in the table;
            // the other gets a number at each use, which its text still orders and tells apart.
            if known == nil { stringIDs.set(hash, id) }
            return id
        }

        /// Whether two strings have the same UTF-8 bytes (compared by `memcmp`: a generic
        /// element-by-element comparison cost about 450 instructions a note).
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            var a = a, b = b
            return a.withUTF8 { x in
                b.withUTF8 { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
        }

        /// Appends `string`'s UTF-8 bytes to `text` and returns their range (`.none` for nil).
        mutating func store(_ string: String?) -> TextRange {
            guard let string else { return .none }
            return text.append(string)
        }
    }

    let recipes: [Recipe]
    let records: [Record]
    let text: TextChunks
    let notes: [UInt32]
    let strings: [String]
    /// The note strings' order (`String`'s `<`, canonically equal spellings equal), each
    /// string's first bytes read once, so that an item sorts its few notes mostly by integers.
    let noteText: StringOrder
    let families: [UnitFamily?]
    /// Each family's id (`UnitFamily.id`; "" for number 0), by family number.
    let familyIDs: [String]
    /// Each family id's place in the order of `String`'s `<` among the ids and "measure"
    /// (`measurePlace`), equal ids sharing a place: items order their amounts and the parts of
    /// their ids by these numbers instead of comparing the id strings.
    let familyPlaces: [UInt32]
    /// The place of "measure" (an item's id part for volume and mass joined by a density)
    /// among `familyPlaces`.
    let measurePlace: UInt32
    /// What each note string is to an item, by its number in `strings`: `NoteKind` values,
    /// worked out once per list instead of once per line.
    let noteKinds: [NoteKind]
    /// Each recipe's title as a number, equal titles (as `String`s compare) sharing one;
    /// number 0 is `manualTag`'s, the tag of a manual line.
    let titleIDs: [UInt32]
    /// How source amounts are shown.
    let formatting: KitchenFormatting
    /// The unit system of amounts written in no system (the list's locale's).
    let defaultSystem: UnitDisplay.System

    init(_ builder: Builder, formatting: KitchenFormatting, defaultSystem: UnitDisplay.System) {
        recipes = builder.recipes
        records = builder.records
        text = builder.text
        notes = builder.notes
        strings = builder.strings
        noteText = StringOrder(builder.strings)
        families = builder.families
        let ids = builder.families.map { $0?.id ?? "" }
        familyIDs = ids
        let places = Self.order(of: ids + ["measure"])
        familyPlaces = Array(places.dropLast())
        measurePlace = places[places.count - 1]
        noteKinds = builder.strings.map { note in
            note.isEmpty ? .empty : ShoppingListBuilder.isOptionalNote(note) ? .optional : .plain
        }
        var numbers: [String: UInt32] = [Self.manualTag: 0]
        titleIDs = builder.recipes.map { recipe in
            if let id = numbers[recipe.title] { return id }
            let id = UInt32(numbers.count)
            numbers[recipe.title] = id
            return id
        }
        self.formatting = formatting
        self.defaultSystem = defaultSystem
    }

    /// The place of each of `strings` in the order of `<`; equal strings share a place.
    static func order(of strings: [String]) -> [UInt32] {
        let text = StringOrder(strings)
        let byText = strings.indices.sorted { text.precedes($0, $1) }
        var order = [UInt32](repeating: 0, count: strings.count)
        var place: UInt32 = 0
        for (k, i) in byText.enumerated() {
            if k > 0, text.precedes(byText[k - 1], i) { place += 1 }
            order[i] = place
        }
        return order
    }

    /// What a note string is to an item (`noteKinds`).
    enum NoteKind: UInt8, Sendable {
        /// A note the item shows.
        case plain
        /// An empty string, which no item shows.
        case empty
        /// A note that only says the line is optional (`ShoppingListBuilder.isOptionalNote`),
        /// left out when its line is optional, since the item's optional flag says it.
        case optional
    }

    /// Record `r`'s measure.
    func measure(_ r: Record) -> Measure? {
        families[Int(r.family)].map { Measure(family: $0, low: r.low, high: r.high) }
    }

    /// Record `r`'s notes: size, preparation, comment, purpose.
    func notes(_ r: Record) -> (size: String?, preparation: String?, comment: String?, purpose: String?) {
        let ids = noteIDs(r)
        return (note(id: ids[0]), note(id: ids[1]), note(id: ids[2]), note(id: ids[3]))
    }

    /// The string numbers of record `r`'s four notes (size, preparation, comment, purpose;
    /// 0: none): equal numbers are equal bytes, so callers can tell notes apart by number.
    func noteIDs(_ r: Record) -> SIMD4<UInt32> {
        guard r.notes > 0 else { return SIMD4() }
        let base = Int(r.notes - 1) * 4
        return SIMD4(notes[base], notes[base + 1], notes[base + 2], notes[base + 3])
    }

    /// The note string of number `id` (from `noteIDs`; 0: nil).
    func note(id: UInt32) -> String? { id == 0 ? nil : strings[Int(id)] }

    /// The text of record `r`'s line.
    func line(_ r: Record) -> String { string(r.text) ?? "" }

    /// The text of `range`; nil for `.none`.
    func string(_ range: TextRange) -> String? {
        guard range.length != .max else { return nil }
        return text.string(range)
    }

    /// The tag of a manual line's source (`ListItem.sourceTags`).
    static let manualTag = "added by you"

    /// Record `index` as an `ItemSource`, its amount formatted.
    func source(_ index: UInt32) -> ItemSource {
        let r = records[Int(index)]
        let recipe = r.recipe < 0 ? nil : recipes[Int(r.recipe)]
        let measure = measure(r), notes = notes(r)
        return ItemSource(
            recipeID: recipe?.id, recipeTitle: recipe?.title, planEntryID: recipe?.planEntryID,
            lineIndex: Int(r.lineIndex), line: line(r), servingsFactor: recipe?.servingsFactor ?? 1,
            measure: measure, amount: measure.map { formatting.format($0, system: r.unitSystem ?? defaultSystem) },
            size: notes.size, preparation: notes.preparation, comment: notes.comment,
            purpose: notes.purpose, isOptional: r.isOptional)
    }
}
