import IngredientLexicon
import IngredientParsing
import IngredientText

/// Merges recipes into a shopping list one at a time, keeping per item only what the list
/// shows: each line as one compact source record (`SourceTable`), not the parsed recipe.
/// So a caller can stream many recipes (a corpus, a year of plans) and hold memory by the
/// lines' text and the distinct items rather than by parsed recipes.
///
/// The list it makes is the one `ShoppingListBuilder.list(for:pantry:edits:locale:suggestionThreshold:)`
/// makes of the same recipes, in any order: amounts are summed in recipe order
/// (`ListRecipe.precedes`) when the list is made.
///
/// ```swift
/// let builder = ShoppingListBuilder()
/// var merging = ShoppingListAccumulator(builder: builder)
/// merging.add(id: "tacos", title: "Tacos", lines: ["1 lb ground beef", "1 onion, diced"])
/// merging.add(id: "chili", title: "Chili", servingsFactor: 2, lines: ["1 lb ground beef"])
/// let list = merging.list()
/// ```
///
/// With `jobs` above 1, `add(contentsOf:)` parses recipes on that many threads and `list(…)`
/// makes its items on them; the list is the same for any number of threads.
public struct ShoppingListAccumulator {
    /// A point to roll back to (`rollBack(to:)`): what had been added when it was taken.
    public struct Mark: Sendable {
        let recipes: Int, records: Int, text: (chunks: Int, bytes: Int), notes: Int, lines: Int, skipped: Int
    }

    /// The builder whose parser, keys and tables the list uses.
    public let builder: ShoppingListBuilder
    /// The user's edits; their key overrides and accepted merges apply as lines are added.
    public let edits: ListEdits
    /// The threads that parse the recipes given to `add(contentsOf:)`, make the list's items
    /// and score its suggestions (1, the default, or less: all on the calling thread). The
    /// list does not depend on it.
    public var jobs: Int

    var table = SourceTable.Builder()
    /// Each recipe's raw title (for the merge order) and its lines' byte ranges in `table.text`
    /// (`lines[lineStart[r]..<lineStart[r + 1]]`).
    var rawTitles: [String?] = []
    var lineStart: [Int] = [0]
    var lines: [SourceTable.TextRange] = []
    var summaries: [ShoppingList.RecipeSummary] = []
    /// Each key's source records, in the order they were added, and its protein.
    var byKey = KeyRecordTable()
    var skipped = 0

    /// An empty list over `builder` with the user's `edits`, working on `jobs` threads
    /// (values below 1 count as 1).
    public init(builder: ShoppingListBuilder, edits: ListEdits = ListEdits(), jobs: Int = 1) {
        self.builder = builder
        self.edits = edits
        self.jobs = max(1, jobs)
    }

    /// The number of recipes added.
    public var recipeCount: Int { summaries.count }

    /// Adds a recipe of parsed lines.
    public mutating func add(_ recipe: ListRecipe) {
        let builder = self.builder, edits = self.edits, factor = Self.factor(recipe.servingsFactor)
        add(id: recipe.id, title: recipe.title, planEntryID: recipe.planEntryID, servingsFactor: factor,
            count: recipe.lines.count) { (recipe.lines[$0].input, builder.prepare(recipe.lines[$0], factor: factor, edits: edits)) }
    }

    /// A servings factor as merging uses it: one that is not a positive finite number counts as 1.
    static func factor(_ servingsFactor: Double) -> Double {
        servingsFactor.isFinite && servingsFactor > 0 ? servingsFactor : 1
    }

    /// Adds a recipe from its ingredient lines as text, parsing each line once and keeping
    /// only what the list shows of it. A factor that is not a positive finite number counts
    /// as 1 (as in `ListRecipe`).
    public mutating func add(id: String, title: String? = nil, planEntryID: String? = nil, servingsFactor: Double = 1,
                             lines texts: [String]) {
        let builder = self.builder, edits = self.edits, factor = Self.factor(servingsFactor)
        // Lines are parsed in working memory borrowed from the parser's pool, which keeps it
        // (and its name-key cache) warm from list to list: a session of its own per
        // accumulator cost more than a week's plan to set up and free.
        builder.parser.withSession { session in
            add(id: id, title: title, planEntryID: planEntryID, servingsFactor: factor, count: texts.count) { i in
                let text = texts[i]
                return (text, session.withView(text) { builder.prepare($0, input: text, factor: factor, edits: edits) })
            }
        }
    }

    /// Adds recipes from their ingredient lines as text, as `add(id:title:planEntryID:servingsFactor:lines:)`
    /// adds each in turn; with `jobs` above 1 the lines are parsed on that many threads while
    /// the calling thread merges the recipes already parsed, in the order given.
    public mutating func add(contentsOf recipes: [ListRecipeText]) {
        // Threads pay off from a few work items up (a week's plan is parsed faster alone).
        guard jobs > 1, recipes.count > 1,
              recipes.reduce(0, { $0 + $1.lines.count }) >= Self.linesPerWork * 8 else {
            for r in recipes {
                add(id: r.id, title: r.title, planEntryID: r.planEntryID, servingsFactor: r.servingsFactor, lines: r.lines)
            }
            return
        }
        let builder = self.builder, edits = self.edits
        // Work items of whole recipes, about `Self.linesPerWork` lines each, at most four a
        // thread in flight: prepared lines are held for those only.
        // Each line is parsed and prepared there (`ShoppingListBuilder.prepare`); only what
        // needs the shared tables is left to the calling thread.
        typealias Done = (recipes: Range<Int>, lines: [ShoppingListBuilder.PreparedLine?])
        let pool = OrderedWorkPool<Done>(threads: jobs, window: jobs * 4)
        defer { pool.close() }
        func deliver(_ done: Done) {
            var offset = 0
            for k in done.recipes {
                let r = recipes[k]
                add(id: r.id, title: r.title, planEntryID: r.planEntryID, servingsFactor: Self.factor(r.servingsFactor),
                    count: r.lines.count) { (r.lines[$0], done.lines[offset + $0]) }
                offset += r.lines.count
            }
        }
        var start = 0
        while start < recipes.count {
            var end = start, lineCount = 0
            while end < recipes.count, lineCount < Self.linesPerWork {
                lineCount += recipes[end].lines.count
                end += 1
            }
            let range = start..<end, capacity = lineCount
            pool.submit({
                var parsed: [ShoppingListBuilder.PreparedLine?] = []
                parsed.reserveCapacity(capacity)
                builder.parser.withSession { session in
                    for k in range {
                        let factor = Self.factor(recipes[k].servingsFactor)
                        for line in recipes[k].lines {
                            parsed.append(session.withView(line) { builder.prepare($0, input: line, factor: factor, edits: edits) })
                        }
                    }
                }
                return (range, parsed)
            }, deliver: deliver)
            start = end
        }
        pool.finish(deliver: deliver)
    }

    /// About how many lines one parsing work item holds (`add(contentsOf:)`).
    static let linesPerWork = 64
    /// How many items one work item of `list(…)` makes.
    static let itemsPerWork = 64
    /// The keys the tables of a new list have room for before they grow.
    static let initialKeys = 128

    /// Adds a recipe whose `factor` is already checked (`factor(_:)`), each line's text and
    /// its prepared record (nil: a header or blank line) given by `line`.
    private mutating func add(id: String, title: String?, planEntryID: String?, servingsFactor factor: Double, count: Int,
                              line: (Int) -> (text: String, prepared: ShoppingListBuilder.PreparedLine?)) {
        // Read once: passed beside `&table`, a stored property would be copied at every line.
        let builder = self.builder
        if byKey.isEmpty {
            // Room for a week's plan of items from the start, rather than growing the tables
            // (rehashing every key) seven times over.
            byKey.reserveCapacity(Self.initialKeys)
        }
        let displayTitle = title.flatMap { $0.isEmpty ? nil : $0 } ?? id
        let r = Int32(truncatingIfNeeded: table.recipes.count)
        table.recipes.append(SourceTable.Recipe(id: id, title: displayTitle, planEntryID: planEntryID, servingsFactor: factor))
        rawTitles.append(title)
        // The key numbers of the recognized lines, in line order.
        var keys: [Int] = []
        var ingredientLines = 0
        for i in 0..<count {
            let (input, prepared) = line(i)
            let text = table.store(input)
            lines.append(text)
            guard let prepared else {
                skipped += 1
                continue
            }
            ingredientLines += 1
            let k = byKey.append(UInt32(table.records.count), forKey: prepared.key)
            if !prepared.unrecognized { keys.append(k) }
            table.records.append(builder.record(prepared, index: i, recipe: r, text: text, table: &table))
        }
        lineStart.append(lines.count)
        let tables = builder.tables
        let protein = builder.classifier.protein(ofKeys: keys) { k in byKey.protein(at: k, in: tables) }
        summaries.append(.init(id: id, title: displayTitle, planEntryID: planEntryID, servingsFactor: factor,
                               protein: protein, ingredientLines: ingredientLines))
    }

    /// What has been added so far, to roll back to.
    public var mark: Mark {
        Mark(recipes: summaries.count, records: table.records.count, text: table.text.mark, notes: table.notes.count,
             lines: lines.count, skipped: skipped)
    }

    /// Forgets every recipe added after `mark` was taken (a file that turned out unusable
    /// half-way through).
    public mutating func rollBack(to mark: Mark) {
        guard mark.records <= table.records.count, mark.recipes <= summaries.count else { return }
        let first = UInt32(mark.records)
        for k in 0..<byKey.count where (byKey.records[k].last ?? 0) >= first {
            var records = byKey.records[k]
            while let last = records.last, last >= first { records.removeLast() }
            byKey.setRecords(records, at: k)
        }
        table.records.removeSubrange(mark.records...)
        table.recipes.removeSubrange(mark.recipes...)
        table.text.truncate(to: mark.text)
        table.notes.removeSubrange(mark.notes...)
        // Interned note strings stay: an unused one costs its bytes only.
        rawTitles.removeSubrange(mark.recipes...)
        summaries.removeSubrange(mark.recipes...)
        lineStart.removeSubrange((mark.recipes + 1)...)
        lines.removeSubrange(mark.lines...)
        skipped = mark.skipped
    }

    /// The merge order of the recipes added (`ListRecipe.precedes` on the stored fields and
    /// lines), holding what it reads by reference: a sort's comparisons then copy nothing.
    struct MergeOrder {
        let recipes: [SourceTable.Recipe]
        let rawTitles: [String?]
        let lineStart: [Int]
        let lines: [SourceTable.TextRange]
        let text: TextChunks

        /// How recipe `a` compares with recipe `b`: negative when `a` comes first, positive
        /// when `b` does, 0 when they are equal (each field compared once, not once each way).
        func compare(_ a: Int, _ b: Int) -> Int {
            func compare<T: Comparable>(_ x: T, _ y: T) -> Int { x == y ? 0 : x < y ? -1 : 1 }
            let ra = recipes[a], rb = recipes[b]
            var c = compare(ra.id, rb.id)
            if c != 0 { return c }
            if ra.planEntryID != rb.planEntryID { return compare(ra.planEntryID ?? "", rb.planEntryID ?? "") }
            c = compare(ra.servingsFactor, rb.servingsFactor)
            if c != 0 { return c }
            if rawTitles[a] != rawTitles[b] { return compare(rawTitles[a] ?? "", rawTitles[b] ?? "") }
            let la = lines[lineStart[a]..<lineStart[a + 1]], lb = lines[lineStart[b]..<lineStart[b + 1]]
            for (x, y) in zip(la, lb) {
                c = compare(text.string(x), text.string(y))
                if c != 0 { return c }
            }
            return compare(la.count, lb.count)
        }
    }

    /// The shopping list of the recipes added, less `pantry`, with names in `locale`, and
    /// the merge suggestions among its items from `suggestionThreshold` up (nil: none).
    /// The accumulator is left empty (its memory handed to the list).
    public mutating func list(pantry: Pantry = .empty, locale: DisplayLocale = .enUS,
                               suggestionThreshold: Double? = ListSuggestion.defaultThreshold) -> ShoppingList {
        let n = summaries.count
        // The merge order: recipes by `precedes`, equal ones in the order they were added.
        var order = Array(0..<n)
        let mergeOrder = MergeOrder(recipes: table.recipes, rawTitles: rawTitles, lineStart: lineStart, lines: lines, text: table.text)
        order.sort { a, b in
            let c = mergeOrder.compare(a, b)
            return c != 0 ? c < 0 : a < b
        }
        var rank = [Int32](repeating: 0, count: n)
        for (position, r) in order.enumerated() { rank[r] = Int32(position) }
        // What only the merge order needed goes before the items are made.
        rawTitles = []
        lineStart = []
        lines = []

        let manualLines = self.edits.manualItems
        let manual = manualLines.isEmpty ? [] : self.builder.parser.withSession { session in manualLines.map { session.parse($0) } }
        for (i, parsed) in manual.enumerated() {
            let range = table.store(parsed.input)
            if let made = builder.record(parsed, index: i, recipe: -1, factor: 1, text: range,
                                         table: &table, edits: edits) {
                byKey.append(UInt32(table.records.count), forKey: made.key)
                table.records.append(made.record)
            } else {
                skipped += 1
            }
        }
        let onHand = builder.pantryByKey(pantry, edits: edits)
        let sources = SourceTable(table, formatting: builder.formatting, defaultSystem: locale == .enUS ? .us : .metric)
        table = SourceTable.Builder()

        // Each key's records in merge order: by recipe rank (manual lines last), then as added.
        let records = sources.records
        func position(_ index: UInt32) -> Int64 {
            let r = records[Int(index)].recipe
            return (r < 0 ? Int64(n) : Int64(rank[Int(r)])) << 32 | Int64(index)
        }
        var keys: [(key: String, records: [UInt32])] = []
        keys.reserveCapacity(byKey.count)
        for number in 0..<byKey.count where !byKey.records[number].isEmpty {
            var refs = byKey.records[number]
            var inOrder = true
            for k in refs.indices.dropFirst() where position(refs[k - 1]) > position(refs[k]) { inOrder = false; break }
            if !inOrder {
                refs.sort { position($0) < position($1) }
                byKey.setRecords(refs, at: number)
            }
            keys.append((byKey.keys[number], refs))
        }
        // Each item is made in its own slot of one buffer, with its name lowered for sorting,
        // and moved from there into the sorted lists: no item is copied or destroyed on the way
        // (collecting the threads' arrays and sorting them copied and destroyed each twice).
        let count = keys.count
        let slots = ItemSlots(count: count)
        let builder = self.builder, edits = self.edits, work = keys
        OrderedWorkPool.forEachChunk(count: count, chunk: Self.itemsPerWork, threads: jobs, { range in
            for k in range {
                let item = builder.makeItem(key: work[k].key, records: work[k].records, table: sources,
                                            pantry: onHand[work[k].key], edits: edits, locale: locale)
                (slots.lowered + k).initialize(to: item.name.lowercasedForSorting)
                (slots.items + k).initialize(to: item)
            }
            return range.count
        }, deliver: { _ in })
        // Store order: aisle, then name ignoring case, then id. The positions are sorted, not
        // the items: a sort moves what it sorts many times over, and an item is large.
        var shown: [Int] = [], suppressed: [Int] = []
        shown.reserveCapacity(count)
        for k in 0..<count {
            if slots.items[k].flags.contains(.suppressed) { suppressed.append(k) } else { shown.append(k) }
        }
        func sorted(_ positions: [Int]) -> [ListItem] {
            var orders: [Int] = [], lowered: [String] = []
            orders.reserveCapacity(positions.count)
            lowered.reserveCapacity(positions.count)
            for k in positions {
                orders.append(slots.items[k].aisle.order)
                lowered.append(slots.lowered[k])
            }
            let names = StringOrder(lowered)
            let order = positions.indices.sorted { a, b in
                if orders[a] != orders[b] { return orders[a] < orders[b] }
                if names.differ(a, b) { return names.precedes(a, b) }
                return slots.items[positions[a]].id < slots.items[positions[b]].id
            }
            return Array(unsafeUninitializedCapacity: order.count) { buffer, initialized in
                for (j, a) in order.enumerated() { (buffer.baseAddress! + j).initialize(to: (slots.items + positions[a]).move()) }
                initialized = order.count
            }
        }
        let items = sorted(shown), hidden = sorted(suppressed)
        slots.deallocate()
        var recipes = order.map { summaries[$0] }
        summaries = []
        recipes.sort { a, b in
            if a.id != b.id { return a.id < b.id }
            if a.planEntryID != b.planEntryID { return (a.planEntryID ?? "") < (b.planEntryID ?? "") }
            if a.servingsFactor != b.servingsFactor { return a.servingsFactor < b.servingsFactor }
            return a.title < b.title
        }
        let suggestions = suggestionThreshold.map {
            builder.suggestions(among: items, records: byKey, table: sources, pantry: onHand, edits: edits,
                                locale: locale, threshold: $0, jobs: jobs)
        } ?? []
        let list = ShoppingList(locale: locale, aisles: builder.tables.aisles, recipes: recipes, items: items,
                                hiddenItems: hidden, skippedLines: skipped, suggestions: suggestions)
        self = ShoppingListAccumulator(builder: builder, edits: edits, jobs: jobs)
        return list
    }
}

/// Room for a list's items and their names lowered for sorting, one slot each, which the
/// threads that make the items fill (each slot by one thread) and the sort empties by moving
/// the items out. Holds no ownership of its own: `deallocate()` once every item is moved out.
private struct ItemSlots: @unchecked Sendable {
    let items: UnsafeMutablePointer<ListItem>
    let lowered: UnsafeMutablePointer<String>
    let count: Int

    init(count: Int) {
        items = .allocate(capacity: count)
        lowered = .allocate(capacity: count)
        self.count = count
    }

    /// Frees the room; every item must have been moved out (the lowered names are destroyed here).
    func deallocate() {
        items.deallocate()
        lowered.deinitialize(count: count)
        lowered.deallocate()
    }
}
