/// A set for the few distinct values one list item usually has (its notes): a scan of an
/// array while it is small, which allocates far less than a `Set` per item, and a `Set`
/// once it grows past `limit`, so an item with hundreds of distinct notes stays linear.
struct SmallSet<Element: Hashable> {
    /// How many elements are scanned before a `Set` takes over.
    static var limit: Int { 16 }

    private var small: [Element] = []
    private var large: Set<Element>? = nil

    /// An empty set.
    init() {}

    /// Whether `element` is in the set.
    func contains(_ element: Element) -> Bool {
        if let large { return large.contains(element) }
        return small.contains(element)
    }

    /// Adds `element` (which should not be in the set yet).
    mutating func insert(_ element: Element) {
        if large != nil {
            large!.insert(element)
            return
        }
        small.append(element)
        if small.count > Self.limit {
            large = Set(small)
            small = []
        }
    }
}
