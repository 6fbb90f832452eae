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

    /// Each source's recipe title (nil for a manual line), in order, without making the
    /// sources.
    func forEachTitle(_ body: (String?) -> Void) {
        switch storage {
        case .list(let list): for s in list { body(s.recipeTitle) }
        case .table(let table, let indices): for i in indices { body(table.title(i)) }
        }
    }

    static func == (a: ItemSources, b: ItemSources) -> Bool {
        if case let .table(ta, ia) = a.storage, case let .table(tb, ib) = b.storage, ta === tb, ia == ib { return true }
        return a.values == b.values
    }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
