import IngredientText

/// Remembers the canonical keys of recently seen names, for one parsing session.
///
/// Recipe corpora repeat their names ("salt", "unsalted butter", "garlic") far more often
/// than they introduce new ones, so a session keeps the key of each name it computed in a
/// small direct-mapped table. A slot holds the name's exact bytes and is used only when they
/// match, so a hit returns the very key the key pipeline would compute: output never depends
/// on what was cached. Names longer than `maximumNameBytes` are not cached.
///
/// The table (about 200 KB) is made only once a session has keyed `warmUp` names, so that
/// parsing a single line costs no more than it did without a cache.
struct NameKeyCache {
    static let slotCount = 4096
    static let maximumNameBytes = 40
    static let warmUp = 32

    private var hashes: [UInt64] = []
    private var lengths: [UInt8] = []
    private var names: [UInt8] = []
    private var keys: [String?] = []
    private var uncached = 0

    private mutating func makeTable() {
        hashes = Array(repeating: 0, count: Self.slotCount)
        lengths = Array(repeating: 0, count: Self.slotCount)
        names = Array(repeating: 0, count: Self.slotCount * Self.maximumNameBytes)
        keys = Array(repeating: nil, count: Self.slotCount)
    }

    /// The key of `name`: from the cache when this exact name was seen in the slot it maps
    /// to, else from `compute`, which is then remembered.
    @inline(__always)
    mutating func key(for name: UnsafeBufferPointer<UInt8>, _ compute: () -> String?) -> String? {
        guard name.count <= Self.maximumNameBytes, name.count > 0 else { return compute() }
        if hashes.isEmpty {
            uncached += 1
            guard uncached > Self.warmUp else { return compute() }
            makeTable()
        }
        let hash = ByteHash.finish(ByteHash.exact(name))
        let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        let offset = slot * Self.maximumNameBytes
        if hashes[slot] == hash, Int(lengths[slot]) == name.count,
           names.withUnsafeBufferPointer({ stored in
               for k in 0..<name.count where stored[offset + k] != name[k] { return false }
               return true
           }) {
            return keys[slot]
        }
        let key = compute()
        hashes[slot] = hash
        lengths[slot] = UInt8(name.count)
        names.withUnsafeMutableBufferPointer { stored in
            for k in 0..<name.count { stored[offset + k] = name[k] }
        }
        keys[slot] = key
        return key
    }
}
