import IngredientLexicon
import IngredientText

/// The canonical keys of a list being merged, each with its source records in the order they
/// were added and its protein once looked up, found by a hash of the key's bytes.
///
/// Every ingredient line looks its key up here once (a `[String: [UInt32]]` beside a
/// `[String: Protein?]` hashed each key `String` twice a line, about 500 instructions a
/// look-up). Keys are numbered in the order they first came; a key whose records were all
/// rolled back keeps its number with no records, and reads as absent.
struct KeyRecordTable: Sendable {
    /// The keys, by number.
    private(set) var keys: [String] = []
    /// Each key's source records, by number.
    private(set) var records: [[UInt32]] = []
    /// Each key's protein once `protein(at:in:)` looked it up (nil until then).
    private var proteins: [Protein??] = []
    /// Key number by `ByteHash.exact` of the key's bytes.
    private var index = HashTable<Int32>()
    /// Keys whose hash another key already has (64-bit hashes of a list's keys: not expected
    /// to happen), kept apart so that none is lost.
    private var collided: [String: Int32] = [:]

    /// Whether no key was ever added.
    var isEmpty: Bool { keys.isEmpty }

    /// The number of keys ever added (those rolled back to no records included).
    var count: Int { keys.count }

    /// Makes room for `n` keys before the tables grow.
    mutating func reserveCapacity(_ n: Int) {
        guard keys.isEmpty else { return }
        index = HashTable(minimumCapacity: n)
        keys.reserveCapacity(n)
        records.reserveCapacity(n)
        proteins.reserveCapacity(n)
    }

    /// The number of `key`, if it was added.
    func number(of key: String) -> Int? {
        find(key).number
    }

    /// The number of `key`, added (with no records) when it is new.
    private mutating func numberAdding(_ key: String) -> Int {
        let (hash, number, hashTaken) = find(key)
        if let number { return number }
        if hashTaken { collided[key] = Int32(keys.count) } else { index.set(hash, Int32(keys.count)) }
        keys.append(key)
        records.append([])
        proteins.append(nil)
        return keys.count - 1
    }

    /// The hash of `key`'s bytes, the key's number if it was added, and whether another key
    /// already holds that hash in `index`.
    private func find(_ key: String) -> (hash: UInt64, number: Int?, hashTaken: Bool) {
        var copy = key
        let hash = copy.withUTF8 { ByteHash.exact($0) }
        guard let k = index[hash] else { return (hash, nil, false) }
        if keys[Int(k)] == key { return (hash, Int(k), true) }
        return (hash, collided[key].map(Int.init), true)
    }

    /// Adds `record` to `key`'s records and returns the key's number.
    @discardableResult
    mutating func append(_ record: UInt32, forKey key: String) -> Int {
        let k = numberAdding(key)
        records[k].append(record)
        return k
    }

    /// `key`'s records, or nil when it has none.
    subscript(key: String) -> [UInt32]? {
        guard let k = number(of: key), !records[k].isEmpty else { return nil }
        return records[k]
    }

    /// Replaces the records of key number `k`.
    mutating func setRecords(_ list: [UInt32], at k: Int) {
        records[k] = list
    }

    /// The protein of key number `k`, looked up in `tables` the first time it is asked for.
    mutating func protein(at k: Int, in tables: ListTables) -> Protein? {
        if let known = proteins[k] { return known }
        let p = tables.protein(forKey: keys[k])
        proteins[k] = .some(p)
        return p
    }
}
