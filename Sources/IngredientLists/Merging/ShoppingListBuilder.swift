import IngredientText
import IngredientLexicon
import IngredientParsing
import IngredientSuggestions

/// Merges recipes into a shopping list: the part of the toolkit shopping-list engines call.
///
/// Lines of the same canonical key become one item; amounts in compatible units add up and
/// are shown in a sensible unit (3 tsp → 1 tbsp); volume and mass merge when `densities.tsv`
/// knows the ingredient; other amounts stay side by side as variants; lines without a
/// quantity are kept and flagged. Each item keeps its sources (recipe, plan entry, line, own
/// amount), its notes, its aisle, and the user's edits (`ListEdits`).
///
/// ```swift
/// let builder = ShoppingListBuilder()
/// let tacos = builder.recipe(id: "tacos", title: "Tacos", lines: ["1 lb ground beef", "1 onion, diced"])
/// let chili = builder.recipe(id: "chili", title: "Chili", servingsFactor: 2, lines: ["1 lb ground beef", "1 tsp salt"])
/// let list = builder.list(for: [tacos, chili])
/// list.items.first { $0.key == "ground beef" }?.quantities[0].display.text   // "3 lb"
/// print(list.text())
/// ```
///
/// A builder is an immutable value; share it between threads.
public struct ShoppingListBuilder: Sendable {
    /// The parser for recipe text, manual items and pantries.
    public let parser: IngredientParser
    /// The keyer for display names and names without an amount.
    public let keyer: CanonicalKeyer
    /// The aisle, density, protein and unit-display tables.
    public let tables: ListTables
    /// Unit conversion over the same tables.
    public let conversion: UnitConversion
    /// Display formatting over the same tables.
    public let formatting: KitchenFormatting
    /// The recipe protein classifier over the same tables.
    let classifier: ProteinClassifier
    /// The pair scorer behind merge suggestions.
    let scorer = PairScorer()

    /// A builder over `lexicon` (its parser, keys and shopping-list tables); throws when the
    /// lexicon's shopping-list tables are invalid.
    public init(lexicon: Lexicon) throws(DictionaryError) {
        let tables = try ListTables(lexicon: lexicon)
        self.init(parser: IngredientParser(lexicon: lexicon), keyer: CanonicalKeyer(lexicon: lexicon), tables: tables)
    }

    /// A builder over the built-in tables, or the given parts (which should share a lexicon).
    public init(parser: IngredientParser = IngredientParser(), keyer: CanonicalKeyer = CanonicalKeyer(),
                tables: ListTables = .builtIn) {
        self.parser = parser
        self.keyer = keyer
        self.tables = tables
        self.conversion = UnitConversion(lexicon: parser.lexicon, tables: tables)
        self.formatting = KitchenFormatting(tables: tables)
        self.classifier = ProteinClassifier(tables: tables)
    }

    /// A recipe from ingredient lines as text, parsed.
    public func recipe(id: String, title: String? = nil, planEntryID: String? = nil, servingsFactor: Double = 1,
                       lines: [String]) -> ListRecipe {
        ListRecipe(id: id, title: title, planEntryID: planEntryID, servingsFactor: servingsFactor,
                   lines: parser.withSession { session in lines.map { session.parse($0) } })
    }

    /// The key of a parsed line: the user's override for its name, else the keyer's key of
    /// the line (`CanonicalKeyer.key(for:)`: a line with no amount is keyed whole, so "Sugar,
    /// brown" is brown sugar), for which a line with an amount reuses the parser's key of its
    /// name; then the user's accepted merges (`ListEdits.mergedKey`); nil when nothing in it
    /// reads as a name.
    func key(of line: ParsedIngredient, edits: ListEdits) -> String? {
        // A closure, not `edits.mergedKey` itself: that would copy the edits at every line.
        unmergedKey(of: line, edits: edits).map { edits.mergedKey($0) }
    }

    /// `key(of:edits:)` before the user's accepted merges.
    private func unmergedKey(of line: ParsedIngredient, edits: ListEdits) -> String? {
        if !edits.keyOverrides.isEmpty, let name = line.name, let k = edits.keyOverrides[name.lowercased()], !k.isEmpty {
            return k
        }
        if line.amount != nil, let k = line.key, !k.isEmpty { return k }
        return keyer.key(for: line)
    }

    /// The measure of a line before scaling: its primary amount plus any composite amounts
    /// of the same family ("1 lb 2 oz").
    func measure(of line: ParsedIngredient) -> (Measure, UnitDisplay.System?)? {
        // One look-up of the unit gives its definition and its system.
        guard let amount = line.amount else { return nil }
        let facts = amount.unit.flatMap { tables.unitFacts($0) }
        guard var m = Measure(amount, definition: facts?.definition) else { return nil }
        for alt in line.alternates where alt.isComposite {
            if let extra = Measure(alt, definition: alt.unit.flatMap { tables.unitFacts($0)?.definition }), extra.family == m.family {
                m.low += extra.low
                m.high += extra.high
            }
        }
        return (m, facts?.system)
    }

    /// What a line's source record holds that needs no shared table, so it can be made on
    /// any thread: its key, whether the line was unrecognized, its measure scaled by the
    /// recipe's factor, and the unit system it was written in.
    struct PreparedLine: Sendable {
        var key: String
        var unrecognized: Bool
        var scaled: Measure?
        var system: UInt8
    }

    /// The prepared record of one line of a recipe with servings factor `factor`, or nil for
    /// headers and blank lines.
    func prepare(_ line: ParsedIngredient, factor: Double, edits: ListEdits) -> PreparedLine? {
        guard line.kind == .ingredient else { return nil }
        guard line.input.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        var unrecognized = false
        let key: String
        if let k = self.key(of: line, edits: edits) { key = k } else {
            key = "?" + line.input.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").lowercased()
            unrecognized = true
        }
        let measured = measure(of: line)
        // An amount too large to scale (overflow) counts as no amount: flagged, never made up.
        let scaled = measured.map { $0.0.scaled(by: factor) }.flatMap { $0.high.isFinite ? $0 : nil }
        let written: UnitDisplay.System? = measured?.1 ?? nil
        let system: UInt8 = written == .us ? 1 : written == .metric ? 2 : 0
        return PreparedLine(key: key, unrecognized: unrecognized, scaled: scaled, system: system)
    }

    /// The source record of a line prepared by `prepare(_:factor:edits:)` (its text already
    /// stored at `text`). `recipe` is the recipe's number in `table` (-1: a manual line).
    func record(_ line: ParsedIngredient, _ prepared: PreparedLine, index: Int, recipe: Int32,
                text: SourceTable.TextRange, table: inout SourceTable.Builder) -> SourceTable.Record {
        SourceTable.Record(
            recipe: recipe, lineIndex: Int32(truncatingIfNeeded: index), text: text,
            family: table.family(of: prepared.scaled), low: prepared.scaled?.low ?? 0, high: prepared.scaled?.high ?? 0,
            notes: table.notes(size: line.size, preparation: line.preparation, comment: line.comment, purpose: line.purpose),
            system: prepared.system, isOptional: line.isOptional, unrecognized: prepared.unrecognized)
    }

    /// The key and source record of one line (its text already stored at `text`), or nil for
    /// headers and blank lines: `prepare` and `record` in one.
    func record(_ line: ParsedIngredient, index: Int, recipe: Int32, factor: Double, text: SourceTable.TextRange,
                table: inout SourceTable.Builder, edits: ListEdits) -> (key: String, record: SourceTable.Record)? {
        guard let prepared = prepare(line, factor: factor, edits: edits) else { return nil }
        return (prepared.key, record(line, prepared, index: index, recipe: recipe, text: text, table: &table))
    }

    /// The shopping list for `recipes`, less `pantry`, with the user's `edits`, names in
    /// `locale`, and the merge suggestions among its items from `suggestionThreshold` up (nil:
    /// none computed). The same as adding the recipes to a `ShoppingListAccumulator` one by one.
    public func list(for recipes: [ListRecipe], pantry: Pantry = .empty, edits: ListEdits = ListEdits(),
                     locale: DisplayLocale = .enUS,
                     suggestionThreshold: Double? = ListSuggestion.defaultThreshold) -> ShoppingList {
        var merging = ShoppingListAccumulator(builder: self, edits: edits)
        for recipe in recipes { merging.add(recipe) }
        return merging.list(pantry: pantry, locale: locale, suggestionThreshold: suggestionThreshold)
    }

    /// What the pantry holds per key: whether some line has no quantity (enough of it), and
    /// its amounts in a fixed order.
    struct OnHand {
        var unlimited = false
        var measures: [Measure] = []
    }

    func pantryByKey(_ pantry: Pantry, edits: ListEdits) -> [String: OnHand] {
        var result: [String: OnHand] = [:]
        for line in pantry.lines where line.kind == .ingredient {
            guard let key = key(of: line, edits: edits) else { continue }
            if let (m, _) = measure(of: line) { result[key, default: OnHand()].measures.append(m) } else {
                result[key, default: OnHand()].unlimited = true
            }
        }
        for k in result.keys {
            result[k]!.measures.sort { ($0.family, $0.low, $0.high) < ($1.family, $1.low, $1.high) }
        }
        return result
    }

    /// One family's running sum within an item.
    struct Bucket {
        var family: UnitFamily
        var low = 0.0, high = 0.0
        var lines = 0
        var us = 0.0, metric = 0.0
        var have: Measure?
    }

    /// The item of one key from its source records in `table`, which come in recipe order
    /// (`ListRecipe.precedes`, then line order, then manual lines).
    /// `more` are further records after `records` (a merged preview's second item), which
    /// leave the item's `sources` empty. `known` is the name and aisle of an item of the same
    /// key, edits and locale already made (a preview's), which are then not looked up again.
    func makeItem(key: String, records: [UInt32], more: [UInt32] = [], table: SourceTable, pantry: OnHand?,
                  edits: ListEdits, locale: DisplayLocale, known: (name: String, aisle: Aisle)? = nil) -> ListItem {
        let all = table.records
        var hasVolume = false, hasMass = false
        for r in records { hasVolume = hasVolume || all[Int(r)].family == 2; hasMass = hasMass || all[Int(r)].family == 3 }
        for r in more { hasVolume = hasVolume || all[Int(r)].family == 2; hasMass = hasMass || all[Int(r)].family == 3 }
        // The density matters only to volumes and masses (most items are counted).
        let density = hasVolume || hasMass ? tables.density(forKey: key) : nil
        let target: UnitFamily? = density.flatMap { d in hasVolume && hasMass ? (d.buyBy == .mass ? .mass : .volume) : nil }
        let defaultSystem: UnitDisplay.System = locale == .enUS ? .us : .metric

        var buckets: [Bucket] = []
        var flags: ListItem.Flags = []
        var allOptional = true
        // Notes are told apart as strings (canonically equal spellings are one note), by their
        // places in the table's order of note strings, which equal strings share.
        var notes: [String] = [], noteOrder: [UInt32] = [], noted = SmallSet<UInt32>()
        func note(_ id: UInt32, optional: Bool) {
            guard id != 0 else { return }
            let place = table.noteOrder[Int(id)]
            guard !noted.contains(place), let text = table.note(id: id), !text.isEmpty else { return }
            // "(optional)" is the optional flag, which the item shows on its own.
            if optional, Self.isOptionalNote(text) { return }
            noted.insert(place)
            notes.append(text)
            noteOrder.append(place)
        }
        func add(_ r: UInt32) {
            let record = all[Int(r)]
            let system = record.unitSystem
            if let m = table.measure(record) {
                var counted = m
                if let target, m.family == .volume || m.family == .mass,
                   let converted = try? conversion.convert(m, to: target, key: key) {
                    counted = converted
                }
                let b: Int
                if let i = buckets.firstIndex(where: { $0.family == counted.family }) { b = i } else {
                    buckets.append(Bucket(family: counted.family))
                    b = buckets.count - 1
                }
                buckets[b].low += counted.low
                buckets[b].high += counted.high
                buckets[b].lines += 1
                switch system {
                case .us: buckets[b].us += counted.low
                case .metric: buckets[b].metric += counted.low
                case nil: break
                }
            } else {
                flags.insert(.quantityUnclear)
            }
            let optional = record.isOptional
            if !optional { allOptional = false }
            if record.isManual { flags.insert(.manual) }
            if record.unrecognized { flags.insert(.unrecognized) }
            if record.notes > 0 {
                let ids = table.noteIDs(record)
                for k in 0..<4 { note(ids[k], optional: optional) }
            }
        }
        for r in records { add(r) }
        for r in more { add(r) }
        if allOptional { flags.insert(.optional) }
        buckets.sort { $0.lines != $1.lines ? $0.lines > $1.lines : $0.family < $1.family }

        // The pantry: a line without quantity covers everything; amounts subtract from the
        // first bucket they fit (same family, or volume and mass through the density).
        var covered = false
        if let pantry {
            if pantry.unlimited { covered = true } else {
                for have in pantry.measures {
                    for b in buckets.indices {
                        let family = buckets[b].family
                        guard let m = have.family == family ? have : (try? conversion.convert(have, to: family, key: key)) else { continue }
                        let used = min(m.low, buckets[b].high - (buckets[b].have?.low ?? 0))
                        if used > 0 {
                            let previous = buckets[b].have?.low ?? 0
                            buckets[b].have = Measure(family: family, low: previous + used)
                        }
                        break
                    }
                }
                covered = buckets.allSatisfy { $0.high - ($0.have?.low ?? 0) <= 1e-9 * max(1, $0.high) }
            }
        }
        if covered { flags.insert(.inPantry) }

        var quantities: [ListQuantity] = []
        quantities.reserveCapacity(buckets.count)
        var idFamilies: [String] = []
        for b in buckets {
            let total = Measure(family: b.family, low: b.low, high: b.high)
            let have = b.have?.low ?? 0
            let needed = Measure(family: b.family, low: max(0, b.low - have), high: max(0, b.high - have))
            let system: UnitDisplay.System = b.us > b.metric ? .us : b.metric > b.us ? .metric : defaultSystem
            let display = formatting.format(needed, system: system)
            if display.isRounded { flags.insert(.rounded) }
            quantities.append(ListQuantity(measure: needed, display: display, total: total, onHand: b.have,
                                           onHandDisplay: b.have.map { formatting.format($0, system: system) }, lineCount: b.lines))
            let familyID = density != nil && (b.family == .volume || b.family == .mass) ? "measure" : b.family.id
            if !idFamilies.contains(familyID) { idFamilies.append(familyID) }
        }
        let id: String
        switch idFamilies.count {
        case 0: id = key + "|none"
        case 1: id = key + "|" + idFamilies[0]
        default:
            idFamilies.sort()
            id = key + "|" + idFamilies.joined(separator: "+")
        }
        // (Empty edits are the common case: a set look-up would hash the id all the same.)
        if !edits.checkedItems.isEmpty, edits.checkedItems.contains(id) { flags.insert(.checked) }
        if !edits.suppressedItems.isEmpty, edits.suppressedItems.contains(id), !flags.contains(.manual) { flags.insert(.suppressed) }

        let name: String
        if let known, !flags.contains(.unrecognized) {
            name = known.name
        } else if flags.contains(.unrecognized) {
            name = table.line(all[Int(records[0])]).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        } else {
            name = keyer.displayName(forKey: key, locale: locale)
        }
        let override = edits.categoryOverrides.isEmpty ? nil : edits.categoryOverrides[key]
        let aisle = known?.aisle ?? override.map { tables.aisle(id: $0) } ?? tables.aisle(forKey: key)
        let sources = more.isEmpty ? ItemSources(table: table, indices: records) : ItemSources([])
        return ListItem(id: id, key: key, name: name, aisle: aisle, quantities: quantities, sources: sources,
                        notes: notes.count > 1 ? Self.sorted(notes, by: noteOrder) : notes, flags: flags)
    }

    /// `notes` in the order of their places (`SourceTable.noteOrder`, all different).
    static func sorted(_ notes: [String], by places: [UInt32]) -> [String] {
        // Each note's place above its index: plain integers to sort.
        var keyed = places.indices.map { UInt64(places[$0]) << 32 | UInt64($0) }
        keyed.sort()
        return keyed.map { notes[Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF)] }
    }

    /// Whether a note only says that the line is optional ("optional", "(optional)").
    static func isOptionalNote(_ note: String) -> Bool {
        // On the bytes in place: generic views of the string (a zip of two UTF-8 views) cost
        // their type's set-up at a process's first call, more than a week's list makes items.
        var note = note
        return note.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: "(") || bytes[start] == 0x20 { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == 0x20 || bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            // ASCII letters in any case; any other byte (as in a non-ASCII letter) is no match.
            guard end - start == 8 else { return false }
            let word: StaticString = "optional"
            for k in 0..<8 where bytes[start + k] | 0x20 != word.utf8Start[k] { return false }
            return true
        }
    }
}
