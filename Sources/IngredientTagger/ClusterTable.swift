import IngredientText

/// The fine cluster of each word of the word clusters, by the word's folded hash: an
/// open-addressing table kept as two arrays, the slots' keys (0 where a slot is empty; a key of
/// 0 is kept as 1, as look-ups ask for it) and their clusters. Ten bytes a slot where a
/// `HashTable<UInt16>` takes sixteen, and read from a snapshot as its two arrays, decoded
/// into place: no slot to make ready, no key to place again.
@usableFromInline package struct ClusterTable: Sendable {
    /// Per slot: the key, 0 when empty.
    @usableFromInline let keys: [UInt64]
    /// Per slot: the fine cluster of its key (0 when empty).
    @usableFromInline let clusters: [UInt16]
    /// The number of slots less one (a power of two less one).
    @usableFromInline let mask: Int
    /// The number of words.
    package let count: Int

    /// No words.
    package init() {
        self.init(entries: [])
    }

    /// The table of `entries` (at least half as many slots again as keys, a power of two; a
    /// later entry for a key replaces an earlier one).
    package init(entries: [(key: UInt64, cluster: UInt16)]) {
        var capacity = 16
        while capacity < entries.count + entries.count / 2 { capacity <<= 1 }
        var keys = [UInt64](repeating: 0, count: capacity), clusters = [UInt16](repeating: 0, count: capacity)
        var count = 0
        for (key, cluster) in entries {
            let k = key == 0 ? 1 : key
            var i = Self.start(k, capacity - 1)
            while keys[i] != 0, keys[i] != k { i = (i + 1) & (capacity - 1) }
            if keys[i] == 0 { count += 1 }
            keys[i] = k
            clusters[i] = cluster
        }
        self.keys = keys
        self.clusters = clusters
        self.mask = capacity - 1
        self.count = count
    }

    /// The table whose slots these are (as `keys` and `clusters` give them); nil when they
    /// cannot be one: a capacity that is not a power of two, arrays of different lengths, more
    /// keys than two thirds of the slots, or a cluster of `clusterCount` or more (in any slot).
    package init?(keys: [UInt64], clusters: [UInt16], clusterCount: Int) {
        let capacity = keys.count
        guard capacity >= 1, capacity & (capacity - 1) == 0, clusters.count == capacity else { return nil }
        // Two plain passes, which run on vectors: the keys counted, the largest cluster.
        let count = keys.withUnsafeBufferPointer { $0.reduce(0) { $0 &+ ($1 != 0 ? 1 : 0) } }
        let largest = clusters.withUnsafeBufferPointer { $0.reduce(0) { Swift.max($0, $1) } }
        guard Int(largest) < Swift.max(clusterCount, 1), count + count / 2 <= capacity, count < capacity else { return nil }
        self.keys = keys
        self.clusters = clusters
        self.mask = capacity - 1
        self.count = count
    }

    /// The number of slots.
    package var capacity: Int { mask + 1 }

    /// The first slot a key is looked for in.
    @inlinable @inline(__always)
    static func start(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ByteHash.finish(key)) & mask
    }

    /// The fine cluster of the word with folded hash `key`, if it has one.
    @inlinable @inline(__always)
    package subscript(key: UInt64) -> UInt16? {
        let k = key == 0 ? 1 : key
        return keys.withUnsafeBufferPointer { keys in
            var i = Self.start(k, mask)
            while true {
                let stored = keys[i]
                if stored == k { return clusters.withUnsafeBufferPointer { $0[i] } }
                if stored == 0 { return nil }
                i = (i + 1) & mask
            }
        }
    }
}
