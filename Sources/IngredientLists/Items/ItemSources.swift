/// The sources of one `ListItem` as the item stores them: either a plain array (an item
/// made or edited by hand) or record numbers into the list's shared `SourceTable`, from
/// which `ItemSource` values are made only when asked for.
struct ItemSources: Hashable, Sendable {
    private enum Storage: Sendable {
        case list([ItemSource])
        case table(SourceTable, [UInt32])
    }

    private var storage: Storage

    /// Sources given as values.
    init(_ sources: [ItemSource]) { storage = .list(sources) }

    /// Records `indices` of `table`, in source order.
    init(table: SourceTable, indices: [UInt32]) { storage = .table(table, indices) }

    /// How many sources there are.
    var count: Int {
        switch storage {
        case .list(let list): list.count
        case .table(_, let indices): indices.count
        }
    }

    /// The sources as values, in order.
    var values: [ItemSource] {
        switch storage {
        case .list(let list): list
        case .table(let table, let indices): indices.map { table.source($0) }
        }
    }

    /// The sources' tags, each once, in source order: the recipe titles, and
    /// `SourceTable.manualTag` for manual lines.
    func tags() -> [String] {
        var tags: [String] = []
        switch storage {
        case .list(let list):
            var seen = Set<String>()
            for s in list {
                let tag = s.recipeTitle ?? SourceTable.manualTag
                if seen.insert(tag).inserted { tags.append(tag) }
            }
        case .table(let table, let indices):
            // Told apart by the table's title numbers: no string is hashed per source.
            tags.reserveCapacity(indices.count)
            var seen = SmallSet<UInt32>()
            for i in indices {
                let r = table.records[Int(i)].recipe
                let id = r < 0 ? 0 : table.titleIDs[Int(r)]
                guard !seen.contains(id) else { continue }
                seen.insert(id)
                tags.append(r < 0 ? SourceTable.manualTag : table.recipes[Int(r)].title)
            }
        }
        return tags
    }

    static func == (a: ItemSources, b: ItemSources) -> Bool {
        if case let .table(ta, ia) = a.storage, case let .table(tb, ib) = b.storage, ta === tb, ia == ib { return true }
        return a.values == b.values
    }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
