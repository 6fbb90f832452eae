import IngredientText

/// Word clusters learned without labels from unlabeled recipe text (`Dictionaries/model/
/// clusters.tsv`, written by `tools/word-clusters`): words used alike share a cluster, at
/// three nested sizes. The tagger's `cluster` context template gives a word its three
/// cluster ids, so that a word it never saw labeled is weighted like the words of its
/// clusters that it did see.
///
/// File format (TAB-separated, `#` comments): `word c1 c2 c3`, the lowercase word and its
/// cluster number at each size, coarse to fine (nested: words of one fine cluster share
/// their coarser ones).
@usableFromInline package struct WordClusters: Sendable {
    /// The fine cluster of each word, by folded hash.
    @usableFromInline package let fineOfWord: ClusterTable
    /// The `cluster` feature keys of each fine cluster: coarse, middle, fine.
    package let keys: [SIMD3<UInt64>]
    /// The names of the three sizes, from the table's header (`c16`, `c64`, `c512`).
    private let sizes: [String]
    /// The three cluster ids of each fine cluster, coarse to fine; -1 where no row named it.
    private let ids: [SIMD3<Int32>]

    /// No clusters.
    package init() {
        fineOfWord = ClusterTable()
        keys = []
        sizes = []
        ids = []
    }

    /// The clusters of a table's text. Read straight from its bytes (about 20,000 rows, read
    /// at first use of the tagger), without a String or an array per row.
    package init(text: String) throws {
        let table = "model/clusters.tsv"
        var sizes = ["c1", "c2", "c3"]
        var fineOf = HashTable<UInt16>(minimumCapacity: 1 << 15)
        var byFine: [SIMD3<Int32>] = [] // by fine cluster: its three ids; -1 where no row named it
        var utf8 = text
        try utf8.withUTF8 { buffer in
            try TableBytes.forEachLine(buffer) { lineNumber, line in
                guard let base = line.baseAddress, !line.isEmpty else { return }
                let j = line.count
                func row() -> String { String(decoding: line, as: UTF8.self) }
                if base[0] == 0x23 { // '#'; the header names the sizes: "# word\tc16\tc64\tc512"
                    let s = row()
                    if s.hasPrefix("# word\t") { sizes = s.split(separator: "\t").dropFirst().map(String.init) }
                    return
                }
                var k = 0
                while k < j, base[k] != 0x09 { k += 1 }
                let wordEnd = k
                var ids = SIMD3<Int32>()
                for c in 0..<3 {
                    guard k < j else { throw DictionaryError.malformedRow(table: table, line: lineNumber, expected: 4, found: c + 1) }
                    k += 1
                    guard let v = TaggerModelReader.integer(base, &k, j), v >= 0, v < Int(UInt16.max) else {
                        throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "cluster", value: row())
                    }
                    ids[c] = Int32(v)
                }
                guard k == j else { throw DictionaryError.malformedRow(table: table, line: lineNumber, expected: 4, found: 5) }
                let fine = Int(ids[2])
                if fine >= byFine.count { byFine += repeatElement(SIMD3(repeating: -1), count: fine + 1 - byFine.count) }
                if byFine[fine][0] >= 0, byFine[fine] != ids {
                    throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "cluster (not nested)", value: row())
                }
                byFine[fine] = ids
                fineOf.set(ByteHash.fold(UnsafeBufferPointer(start: base, count: wordEnd)), UInt16(fine))
            }
        }
        var keys = [SIMD3<UInt64>](repeating: SIMD3(), count: byFine.count)
        // Each feature value's bytes (`size:id`), hashed without making a String.
        guard sizes.count == 3 else {
            throw DictionaryError.invalidValue(table: table, line: 0, column: "header (three sizes)", value: sizes.joined(separator: "\t"))
        }
        let sizeBytes = sizes.map { Array(String($0.dropFirst()).utf8) }
        var value: [UInt8] = []
        for (fine, ids) in byFine.enumerated() where ids[0] >= 0 {
            for k in 0..<3 {
                value.removeAll(keepingCapacity: true)
                value += sizeBytes[k]
                value.append(0x3A) // ':'
                Self.appendDecimal(Int(ids[k]), to: &value)
                keys[fine][k] = value.withUnsafeBufferPointer { FeatureKeys.fileKey(.cluster, $0) }
            }
        }
        self.fineOfWord = ClusterTable(entries: fineOf.entries.map { ($0.key, $0.value) })
        self.keys = keys
        self.sizes = sizes
        self.ids = byFine
    }

    /// The key of a `cluster` feature value (`size:id`) given as text: `FeatureKeys.fileKey`,
    /// so the model file's rows and the parser's features agree.
    package static func key(_ value: String) -> UInt64 {
        var value = value
        return value.withUTF8 { FeatureKeys.fileKey(.cluster, $0) }
    }

    /// The tables a snapshot keeps (`TaggerSnapshot`): the fine cluster of each word, and per
    /// fine cluster its three feature keys and ids (flat, three a cluster), and the sizes' names.
    package var snapshotParts: (fineOfWord: ClusterTable, keys: [UInt64], ids: [Int32], sizes: [String]) {
        (fineOfWord, keys.flatMap { [$0[0], $0[1], $0[2]] }, ids.flatMap { [$0[0], $0[1], $0[2]] }, sizes)
    }

    /// The clusters of a snapshot's tables (see `snapshotParts`; the table's slots as
    /// `ClusterTable.init(keys:clusters:clusterCount:)` reads them); nil when they cannot be one.
    package init?(fineOfWord: (keys: [UInt64], clusters: [UInt16]), keys: [UInt64], ids: [Int32], sizes: [String]) {
        guard keys.count == ids.count, keys.count % 3 == 0, sizes.count == 3 || (keys.isEmpty && sizes.isEmpty),
              let fineOfWord = ClusterTable(keys: fineOfWord.keys, clusters: fineOfWord.clusters, clusterCount: keys.count / 3)
        else { return nil }
        self.fineOfWord = fineOfWord
        // Mapped over a range, so that each array is made at its size (a stride grows them).
        self.keys = (0..<keys.count / 3).map { SIMD3(keys[3 * $0], keys[3 * $0 + 1], keys[3 * $0 + 2]) }
        self.ids = (0..<ids.count / 3).map { SIMD3(ids[3 * $0], ids[3 * $0 + 1], ids[3 * $0 + 2]) }
        self.sizes = sizes
    }

    /// Appends the decimal digits of `n` (not negative).
    private static func appendDecimal(_ n: Int, to bytes: inout [UInt8]) {
        if n >= 10 { appendDecimal(n / 10, to: &bytes) }
        bytes.append(UInt8(0x30 + n % 10))
    }

    /// The feature values (`size:id`, coarse to fine) of fine cluster `fine`, as the model
    /// file writes them; their keys are `keys[fine]` (`FeatureKeys.fileKey`).
    package func values(ofCluster fine: Int) -> [String] {
        let c = ids[fine]
        guard c[0] >= 0 else { return [] }
        return (0..<3).map { "\(sizes[$0].dropFirst()):\(c[$0])" }
    }

    /// The fine cluster of the word with folded hash `hash`, if it has one.
    @inline(__always)
    @inlinable package func fineCluster(hash: UInt64) -> Int? {
        fineOfWord[hash].map(Int.init)
    }

    /// The number of words with a cluster.
    package var wordCount: Int { fineOfWord.count }

    /// The cluster feature values (`size:id`, coarse to fine) of a word, or none.
    package func values(of word: String) -> [String] {
        guard let c = fineCluster(hash: ByteHash.fold(Array(word.utf8))) else { return [] }
        return values(ofCluster: c)
    }
}
