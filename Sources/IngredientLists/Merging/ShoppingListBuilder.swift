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
        key(name: line.name, hasAmount: line.amount != nil, parsedKey: line.key, input: line.input, edits: edits)
    }

    /// `key(of:edits:)` from the parts of the line it reads: its name, whether it has an
    /// amount, the parser's key of its name, and the whole line.
    private func key(name: @autoclosure () -> String?, hasAmount: Bool, parsedKey: @autoclosure () -> String?,
                     input: String, edits: ListEdits) -> String? {
        // A closure, not `edits.mergedKey` itself: that would copy the edits at every line.
        unmergedKey(name: name, hasAmount: hasAmount, parsedKey: parsedKey, input: input, edits: edits).map { edits.mergedKey($0) }
    }

    /// `key(of:edits:)` before the user's accepted merges.
    private func unmergedKey(name: () -> String?, hasAmount: Bool, parsedKey: () -> String?, input: String,
                             edits: ListEdits) -> String? {
        if !edits.keyOverrides.isEmpty, let name = name(), let k = edits.keyOverrides[name.lowercased()], !k.isEmpty {
            return k
        }
        if hasAmount, let k = parsedKey(), !k.isEmpty { return k }
        // `CanonicalKeyer.key(for:)` of an ingredient line.
        if !hasAmount {
            let whole = keyer.key(forName: input)
            if !whole.isEmpty { return whole }
        }
        guard let name = name() else { return nil }
        let key = keyer.key(forName: name)
        return key.isEmpty ? nil : key
    }

    /// The measure of a line before scaling: its primary amount plus any composite amounts
    /// of the same family ("1 lb 2 oz").
    func measure(of line: ParsedIngredient) -> (Measure, UnitDisplay.System?)? {
        guard let amount = line.amount else { return nil }
        return measure(amount) { body in
            for alt in line.alternates where alt.isComposite { body(alt) }
        }
    }

    /// The measure of `amount` plus the composite amounts `composites` visits that are of its
    /// family, and the unit system of its unit.
    private func measure(_ amount: Amount, composites: ((Amount) -> Void) -> Void) -> (Measure, UnitDisplay.System?)? {
        // One look-up of the unit gives its definition and its system.
        let facts = amount.unit.flatMap { tables.unitFacts($0) }
        guard var m = Measure(amount, definition: facts?.definition) else { return nil }
        composites { alt in
            if let extra = Measure(alt, definition: alt.unit.flatMap { tables.unitFacts($0)?.definition }), extra.family == m.family {
                m.low += extra.low
                m.high += extra.high
            }
        }
        return (m, facts?.system)
    }

    /// What a line's source record holds that needs no shared table, so it can be made on
    /// any thread: its key, whether the line was unrecognized, its measure scaled by the
    /// recipe's factor, the unit system it was written in, its notes and whether it is
    /// optional.
    struct PreparedLine: Sendable {
        var key: String
        var unrecognized: Bool
        var scaled: Measure?
        var system: UInt8
        var size: String?, preparation: String?, comment: String?, purpose: String?
        var isOptional: Bool
    }

    /// The prepared record of one line of a recipe with servings factor `factor`, or nil for
    /// headers and blank lines.
    func prepare(_ line: ParsedIngredient, factor: Double, edits: ListEdits) -> PreparedLine? {
        guard line.kind == .ingredient, Self.hasText(line.input) else { return nil }
        return prepared(key: key(of: line, edits: edits), input: line.input, measured: measure(of: line), factor: factor,
                        size: line.size, preparation: line.preparation, comment: line.comment, purpose: line.purpose,
                        isOptional: line.isOptional)
    }

    /// The prepared record of a line from the parser's view of it (`input` is the line), the
    /// same as `prepare` of the parsed line: what the list keeps, without the Strings of the
    /// parsed line it does not keep.
    func prepare(_ view: LineView, input: String, factor: Double, edits: ListEdits) -> PreparedLine? {
        guard view.kind == .ingredient, Self.hasText(input) else { return nil }
        let hasAmount = view.amountCount > 0
        let key = key(name: view.nameText, hasAmount: hasAmount, parsedKey: view.nameKey, input: input, edits: edits)
        let measured = hasAmount ? measure(view.amount(0)) { body in
            for k in 1..<view.amountCount where view.isComposite(k) { body(view.amount(k)) }
        } : nil
        return prepared(key: key, input: input, measured: measured, factor: factor,
                        size: view.sizeText, preparation: view.preparationText, comment: view.commentText,
                        purpose: view.purposeText, isOptional: view.isOptional)
    }

    /// Whether a line has a byte other than spaces and tabs.
    private static func hasText(_ input: String) -> Bool {
        input.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 })
    }

    private func prepared(key: String?, input: String, measured: (Measure, UnitDisplay.System?)?, factor: Double,
                          size: String?, preparation: String?, comment: String?, purpose: String?,
                          isOptional: Bool) -> PreparedLine {
        var unrecognized = false
        let key = key ?? {
            unrecognized = true
            return "?" + input.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").lowercased()
        }()
        // An amount too large to scale (overflow) counts as no amount: flagged, never made up.
        let scaled = measured.map { $0.0.scaled(by: factor) }.flatMap { $0.high.isFinite ? $0 : nil }
        let written: UnitDisplay.System? = measured?.1 ?? nil
        let system: UInt8 = written == .us ? 1 : written == .metric ? 2 : 0
        return PreparedLine(key: key, unrecognized: unrecognized, scaled: scaled, system: system, size: size,
                            preparation: preparation, comment: comment, purpose: purpose, isOptional: isOptional)
    }

    /// The source record of a line prepared by `prepare` (its text already stored at `text`).
    /// `recipe` is the recipe's number in `table` (-1: a manual line).
    func record(_ prepared: PreparedLine, index: Int, recipe: Int32, text: SourceTable.TextRange,
                table: inout SourceTable.Builder) -> SourceTable.Record {
        SourceTable.Record(
            recipe: recipe, lineIndex: Int32(truncatingIfNeeded: index), text: text,
            family: table.family(of: prepared.scaled), low: prepared.scaled?.low ?? 0, high: prepared.scaled?.high ?? 0,
            notes: table.notes(size: prepared.size, preparation: prepared.preparation, comment: prepared.comment,
                               purpose: prepared.purpose),
            system: prepared.system, isOptional: prepared.isOptional, unrecognized: prepared.unrecognized)
    }

    /// The key and source record of one line (its text already stored at `text`), or nil for
    /// headers and blank lines: `prepare` and `record` in one.
    func record(_ line: ParsedIngredient, index: Int, recipe: Int32, factor: Double, text: SourceTable.TextRange,
                table: inout SourceTable.Builder, edits: ListEdits) -> (key: String, record: SourceTable.Record)? {
        guard let prepared = prepare(line, factor: factor, edits: edits) else { return nil }
        return (prepared.key, record(prepared, index: index, recipe: recipe, text: text, table: &table))
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

    /// One family's running sum within an item, by the family's number in the source table.
    struct Bucket {
        var family: UInt32
        var low = 0.0, high = 0.0
        var lines = 0
        var us = 0.0, metric = 0.0
        /// What the pantry covers of it (in the family's base unit), if anything.
        var have: Double?
    }

    /// The item of one key from its source records in `table`, which come in recipe order
    /// (`ListRecipe.precedes`, then line order, then manual lines).
    /// `more` are further records after `records` (a merged preview's second item), which
    /// leave the item's `sources` empty. `known` is the name and aisle of an item of the same
    /// key, edits and locale already made (a preview's), which are then not looked up again.
    ///
    /// This runs for every item of a list: the sums are kept by the table's family numbers in
    /// scratch room on the stack, and amounts, notes and the id's parts are ordered by the
    /// table's precomputed places, so that an item allocates little more than what it keeps.
    /// (Never inlined: a profile then shows what items cost, which is most of a list's.)
    @inline(never)
    func makeItem(key: String, records: [UInt32], more: [UInt32] = [], table: SourceTable, pantry: OnHand?,
                  edits: ListEdits, locale: DisplayLocale, known: (name: String, aisle: Aisle)? = nil) -> ListItem {
        let all = table.records
        var hasVolume = false, hasMass = false
        var noted = 0
        for r in records {
            let record = all[Int(r)]
            hasVolume = hasVolume || record.family == 2
            hasMass = hasMass || record.family == 3
            if record.notes > 0 { noted += 1 }
        }
        for r in more {
            let record = all[Int(r)]
            hasVolume = hasVolume || record.family == 2
            hasMass = hasMass || record.family == 3
            if record.notes > 0 { noted += 1 }
        }
        // The density matters only to volumes and masses (most items are counted).
        let density = hasVolume || hasMass ? tables.density(forKey: key) : nil
        // The family volumes and masses are counted in when a density joins them (2 volume,
        // 3 mass: the table's numbers), 0 when they stay apart, and the factor that converts
        // the other one into it (as `UnitConversion.convert` computes it).
        var target: UInt32 = 0, toTarget = 1.0
        if let density, hasVolume && hasMass {
            target = density.buyBy == .mass ? 3 : 2
            toTarget = target == 3 ? density.gramsPerMilliliter : 1 / density.gramsPerMilliliter
        }
        let defaultSystem: UnitDisplay.System = locale == .enUS ? .us : .metric

        var flags: ListItem.Flags = []
        var allOptional = true
        let familyPlaces = table.familyPlaces
        let sourceCount = records.count + more.count
        return withUnsafeTemporaryAllocation(of: Bucket.self, capacity: max(1, min(sourceCount, table.families.count))) { room in
            var count = 0
            // One loop over `records` then `more`, with no nested function: one that captures
            // the running state inside this closure has its every access checked at run time.
            for i in 0..<sourceCount {
                let record = all[Int(i < records.count ? records[i] : more[i - records.count])]
                var family = record.family
                if family != 0 {
                    var low = record.low, high = max(record.low, record.high)
                    if target != 0, family == 2 || family == 3, family != target {
                        family = target
                        low = record.low * toTarget
                        high = max(low, record.high * toTarget)
                    }
                    var b = 0
                    while b < count, room[b].family != family { b += 1 }
                    if b == count {
                        room.initializeElement(at: b, to: Bucket(family: family))
                        count += 1
                    }
                    room[b].low += low
                    room[b].high += high
                    room[b].lines += 1
                    switch record.system {
                    case 1: room[b].us += low
                    case 2: room[b].metric += low
                    default: break
                    }
                } else {
                    flags.insert(.quantityUnclear)
                }
                if !record.isOptional { allOptional = false }
                if record.isManual { flags.insert(.manual) }
                if record.unrecognized { flags.insert(.unrecognized) }
            }
            if allOptional { flags.insert(.optional) }
            // Most lines first, then by family id: a stable insertion sort (an item has few).
            for i in 1..<max(1, count) {
                let moving = room[i]
                var j = i
                while j > 0, moving.lines > room[j - 1].lines
                        || (moving.lines == room[j - 1].lines && familyPlaces[Int(moving.family)] < familyPlaces[Int(room[j - 1].family)]) {
                    room[j] = room[j - 1]
                    j -= 1
                }
                room[j] = moving
            }
            let buckets = UnsafeMutableBufferPointer(rebasing: room[..<count])

            // The pantry: a line without quantity covers everything; amounts subtract from the
            // first bucket they fit (same family, or volume and mass through the density).
            var covered = false
            if let pantry {
                if pantry.unlimited { covered = true } else {
                    for have in pantry.measures {
                        for b in buckets.indices {
                            let family = table.families[Int(buckets[b].family)]!
                            guard let m = have.family == family ? have : (try? conversion.convert(have, to: family, key: key)) else { continue }
                            let used = min(m.low, buckets[b].high - (buckets[b].have ?? 0))
                            if used > 0 {
                                let previous = buckets[b].have ?? 0
                                buckets[b].have = Measure(family: family, low: previous + used).low
                            }
                            break
                        }
                    }
                    covered = buckets.allSatisfy { $0.high - ($0.have ?? 0) <= 1e-9 * max(1, $0.high) }
                }
            }
            if covered { flags.insert(.inPantry) }

            var rounded = false
            var quantities: [ListQuantity] = []
            if count > 1 { quantities.reserveCapacity(count) }
            for k in 0..<count {
                let b = buckets[k]
                let family = table.families[Int(b.family)]!
                let total = Measure(family: family, low: b.low, high: b.high)
                let have = b.have ?? 0
                let needed = Measure(family: family, low: max(0, b.low - have), high: max(0, b.high - have))
                let system: UnitDisplay.System = b.us > b.metric ? .us : b.metric > b.us ? .metric : defaultSystem
                let display = formatting.format(needed, system: system)
                if display.isRounded { rounded = true }
                let onHand = b.have.map { Measure(family: family, low: $0) }
                let quantity = ListQuantity(
                    measure: needed, display: display, total: total, onHand: onHand,
                    onHandDisplay: onHand.map { formatting.format($0, system: system) }, lineCount: b.lines)
                // (An array literal for the one amount most items have: no generic set-up.)
                if count == 1 { quantities = [quantity] } else { quantities.append(quantity) }
            }
            if rounded { flags.insert(.rounded) }
            let id = Self.itemID(key: key, buckets: UnsafeBufferPointer(buckets), table: table, density: density != nil)
            // (Empty edits are the common case: a set look-up would hash the id all the same.)
            if !edits.checkedItems.isEmpty, edits.checkedItems.contains(id) { flags.insert(.checked) }
            if !edits.suppressedItems.isEmpty, edits.suppressedItems.contains(id), !flags.contains(.manual) { flags.insert(.suppressed) }

            let name: String
            if let known, !flags.contains(.unrecognized) {
                name = known.name
            } else if flags.contains(.unrecognized) {
                name = table.line(all[Int(records[0])]).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            } else {
                name = Self.withLettersOfLine(keyer.displayName(forKey: key, locale: locale), table.line(all[Int(records[0])]), keyer: keyer)
            }
            let override = edits.categoryOverrides.isEmpty ? nil : edits.categoryOverrides[key]
            let aisle = known?.aisle ?? override.map { tables.aisle(id: $0) } ?? tables.aisle(forKey: key)
            let sources = more.isEmpty ? ItemSources(table: table, indices: records) : ItemSources([])
            let notes = noted == 0 ? [] : Self.notes(of: records, more, table: table, count: noted)
            return ListItem(id: id, key: key, name: name, aisle: aisle, quantities: quantities, sources: sources,
                            notes: notes, flags: flags)
        }
    }

    /// `display` (a display name made from a key, whose letters are folded: "olivenol") with
    /// each of its words that a word of `line` folds to written as the line writes it
    /// (lowercased): "Olivenöl" gives "olivenöl". Only where the display name is ASCII and the
    /// line is not; otherwise `display` as it is.
    static func withLettersOfLine(_ display: String, _ line: String, keyer: CanonicalKeyer) -> String {
        guard display.utf8.allSatisfy({ $0 < 0x80 }), !line.utf8.allSatisfy({ $0 < 0x80 }) else { return display }
        var written: [Substring: String] = [:]
        for word in line.split(whereSeparator: { !$0.isLetter }) where !word.utf8.allSatisfy({ $0 < 0x80 }) {
            let folded = keyer.key(forName: String(word))
            if !folded.isEmpty, !folded.contains(" ") { written[Substring(folded)] = word.lowercased() }
        }
        guard !written.isEmpty else { return display }
        return display.split(separator: " ", omittingEmptySubsequences: false).map { written[$0] ?? String($0) }.joined(separator: " ")
    }

    /// Sorts a few integers in place by `precedes` (an item's handful of amounts or notes:
    /// fewer steps than the general sort's set-up). Stable: an entry moves only past those it
    /// precedes.
    @inline(__always)
    static func insertionSort(_ values: UnsafeMutableBufferPointer<UInt64>,
                              by precedes: (UInt64, UInt64) -> Bool = { $0 < $1 }) {
        for i in 1..<max(1, values.count) {
            let moving = values[i]
            var j = i
            while j > 0, precedes(moving, values[j - 1]) {
                values[j] = values[j - 1]
                j -= 1
            }
            values[j] = moving
        }
    }

    /// An item's id: its key, "|", and its amounts' family ids (each once, sorted, joined by
    /// "+"; "measure" for volume and mass when `density`; "none" when it has no amount), made
    /// as one string.
    static func itemID(key: String, buckets: UnsafeBufferPointer<Bucket>, table: SourceTable, density: Bool) -> String {
        let places = table.familyPlaces, ids = table.familyIDs
        // The parts as family numbers, 0 standing for "measure" (no bucket has family 0),
        // below their places: each place once (its first bucket's), sorted as integers.
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(1, buckets.count)) { parts in
            var n = 0
            var length = key.utf8.count + 1
            for b in buckets {
                let measure = density && (b.family == 2 || b.family == 3)
                let place = UInt64(measure ? table.measurePlace : places[Int(b.family)])
                var j = 0
                while j < n, parts[j] >> 32 != place { j += 1 }
                guard j == n else { continue }
                parts[n] = place << 32 | UInt64(measure ? 0 : b.family)
                n += 1
                length += (measure ? 7 : ids[Int(b.family)].utf8.count) + 1
            }
            Self.insertionSort(UnsafeMutableBufferPointer(rebasing: parts[..<n]))
            // Written as bytes and made a String once: appending to a String costs several
            // hundred instructions a piece.
            return KitchenFormatting.text(capacity: length + 4) { w in
                w.text(key)
                w.byte(UInt8(ascii: "|"))
                if n == 0 { w.raw("none") }
                for k in 0..<n {
                    if k > 0 { w.byte(UInt8(ascii: "+")) }
                    let family = Int(truncatingIfNeeded: parts[k] & 0xFFFF_FFFF)
                    if family == 0 { w.raw("measure") } else { w.text(ids[family]) }
                }
            }
        }
    }

    /// An item's notes from its records (`records`, then `more`; `count` of them have notes):
    /// each note string once (canonically equal spellings are one note, the first spelling
    /// met kept), sorted by `String`'s `<`, leaving out empty notes and "(optional)" on
    /// optional lines.
    static func notes(of records: [UInt32], _ more: [UInt32], table: SourceTable, count: Int) -> [String] {
        let all = table.records, kinds = table.noteKinds, strings = table.strings, text = table.noteText
        // The distinct string numbers (equal bytes share one) in the order met. Small items
        // scan what they found; large ones (a staple in every recipe) mark the numbers they
        // have in a bit set over the table's strings, after what they found.
        let words = count > 16 ? strings.count / 64 + 1 : 0
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count * 4 + words) { room in
            var n = 0
            let found = UnsafeMutableBufferPointer(rebasing: room[..<(count * 4)])
            let seen = UnsafeMutableBufferPointer(rebasing: room[(count * 4)...])
            seen.initialize(repeating: 0)
            for i in 0..<(records.count + more.count) {
                let record = all[Int(i < records.count ? records[i] : more[i - records.count])]
                guard record.notes > 0 else { continue }
                let numbers = table.noteIDs(record)
                for k in 0..<4 {
                    let number = numbers[k]
                    guard number != 0 else { continue }
                    switch kinds[Int(number)] {
                    case .plain: break
                    case .empty: continue
                    case .optional: if record.isOptional { continue }
                    }
                    let id = UInt64(number)
                    if seen.isEmpty {
                        var j = 0
                        while j < n, found[j] != id { j += 1 }
                        if j < n { continue }
                    } else {
                        let word = Int(id >> 6), bit = UInt64(1) << (id & 63)
                        if seen[word] & bit != 0 { continue }
                        seen[word] |= bit
                    }
                    found[n] = id
                    n += 1
                }
            }
            // (An array literal for the one note most items have: no generic set-up.)
            if n == 1 { return [strings[Int(found[0])]] }
            guard n > 1 else { return [] }
            // By text, the order met kept among equal texts (the sorts are stable); then one of
            // each run of canonically equal texts. Most items have a few notes; comparing their
            // strings here, on the threads that make the items, replaced sorting every note
            // string of the list on one thread.
            let distinct = UnsafeMutableBufferPointer(rebasing: found[..<n])
            if n <= 16 {
                Self.insertionSort(distinct) { text.precedes(Int($0), Int($1)) }
            } else {
                // Met order is the position in `found`: the tie-break that keeps the sort stable.
                var order = Array(0..<n)
                order.sort { a, b in
                    let x = Int(distinct[a]), y = Int(distinct[b])
                    return text.precedes(x, y) || (!text.precedes(y, x) && a < b)
                }
                let ids = order.map { distinct[$0] }
                for k in 0..<n { distinct[k] = ids[k] }
            }
            var result: [String] = []
            result.reserveCapacity(n)
            result.append(strings[Int(distinct[0])])
            for k in 1..<n where text.differ(Int(distinct[k - 1]), Int(distinct[k])) {
                result.append(strings[Int(distinct[k])])
            }
            return result
        }
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
