import IngredientText

/// What the pair scorer knows about foods beyond their spelling, from two tables made offline
/// by tools in `tools/` (the run time loads no model and reaches no network):
///
/// - `suggest/wordnet.tsv` (`tools/wordnet-knowledge`): WordNet 3.0 noun synsets of foods,
///   plants and substances with their terms in key form and their hypernyms. Two keys in one
///   synset name one thing ("eggplant" / "aubergine"); a key whose synset lies above the
///   other's is a kind-of pair ("onion" above "red onion"), never the same thing to buy.
/// - `suggest/neighbours.tsv` (`tools/embed-neighbours`): for the keys of real recipe lines,
///   their nearest other keys by a sentence-embedding model's cosine similarity.
package struct FoodKnowledge: Sendable {
    /// How two keys relate in WordNet.
    package enum Relation: UInt8, Sendable {
        /// One key or both are not in the table.
        case unknown
        /// The keys share a synset.
        case sameMeaning
        /// One key's synset is a hypernym (at any distance) of the other's.
        case kindOf
        /// The keys' synsets share a direct hypernym: two kinds of one thing ("lemon" / "lime").
        case siblings
        /// Both keys are known and none of the above holds.
        case unrelated
    }

    /// A key's neighbour in the neighbour table: its row and their similarity.
    struct Neighbour: Sendable, Equatable {
        /// The neighbour's row in the table.
        var row: Int32
        /// The cosine similarity the table gives, 0…1.
        var similarity: Float
    }

    /// Each synset row's direct hypernyms (row numbers).
    private(set) var parents = RowLists<Int32>()
    /// Key (by `ByteHash.exact` of its bytes) → its entry in `synsetLists`.
    private var synsetIndex = HashTable<Int32>()
    /// The rows of the synsets a key is a term of, ascending, one list per key.
    private var synsetLists = RowLists<Int32>()
    /// Key (by `ByteHash.exact` of its bytes) → its row in the neighbour table.
    private var vocabulary = HashTable<Int32>()
    /// Each vocabulary key's neighbours with their similarity, best first.
    private(set) var neighbours = RowLists<Neighbour>()

    /// The tables compiled into the library (empty where a table is absent).
    ///
    /// Read from `suggest/knowledge.snapshot`, the tables made ready ahead of time
    /// (`KnowledgeSnapshot`), when it was made from the tables compiled in; otherwise (a table
    /// regenerated since) read from the tables' text, which gives the same tables, more slowly.
    static let builtIn: FoodKnowledge = {
        if let bytes = KnowledgeSnapshot.builtInBytes,
           let knowledge = try? KnowledgeSnapshot.read(bytes, expecting: KnowledgeSnapshot.builtInDigests) {
            return knowledge
        }
        return builtFromText()
    }()

    /// The built-in tables read from their text, as `builtIn` is when there is no snapshot of
    /// these tables.
    package static func builtFromText() -> FoodKnowledge {
        do {
            return try FoodKnowledge(wordnet: EmbeddedDictionaries.files["suggest/wordnet.tsv"] ?? "",
                                     neighbours: EmbeddedDictionaries.files["suggest/neighbours.tsv"] ?? "")
        } catch {
            // The embedded tables are ours and tested; a broken one is a build defect.
            fatalError("built-in knowledge table is invalid: \(error)")
        }
    }

    /// The tables of these parts (read from a snapshot: `KnowledgeSnapshot`).
    init(parents: RowLists<Int32>, synsetIndex: HashTable<Int32>, synsetLists: RowLists<Int32>, vocabulary: HashTable<Int32>,
         neighbours: RowLists<Neighbour>) {
        self.parents = parents
        self.synsetIndex = synsetIndex
        self.synsetLists = synsetLists
        self.vocabulary = vocabulary
        self.neighbours = neighbours
    }

    /// The parts `init(parents:synsetIndex:synsetLists:vocabulary:neighbours:)` makes the
    /// same tables from.
    var parts: (parents: RowLists<Int32>, synsetIndex: HashTable<Int32>, synsetLists: RowLists<Int32>, vocabulary: HashTable<Int32>,
                neighbours: RowLists<Neighbour>) {
        (parents, synsetIndex, synsetLists, vocabulary, neighbours)
    }

    /// Reads the two tables' texts (see `Dictionaries/README.md` for their formats). The
    /// tables are read on bytes, in one pass each, and keyed by the hashes of their keys'
    /// bytes (as the word tables are, see `HashTable`): they are read at the start of every
    /// command that suggests, and a String per key and per neighbour cell cost most of it.
    init(wordnet: String, neighbours neighbourText: String) throws {
        var rowOf = HashTable<Int32>()
        var rawParents: [[UInt64]] = []
        var synsetLists: [[Int32]] = []
        try TableBytes.forEachRow(in: wordnet) { line, row in
            // synset<TAB>parents<TAB>terms: exactly two TABs, a synset id before them.
            let tabs = Self.find(0x09, in: row)
            let synset = tabs.count == 2 && tabs.first > 0 ? ByteHash.exact(Self.part(row, 0, tabs.first)) : nil
            guard let synset, rowOf[synset] == nil else {
                throw SuggestionError.malformedRow(table: "suggest/wordnet.tsv", line: line, reason: "expected a new synset<TAB>parents<TAB>terms")
            }
            let r = Int32(rawParents.count)
            rowOf.set(synset, r)
            var parentHashes: [UInt64] = []
            let parentCell = Self.part(row, tabs.first + 1, tabs.second)
            if !Self.isDash(parentCell) {
                TableBytes.forEachPart(of: parentCell, at: UInt8(ascii: ",")) { parentHashes.append(ByteHash.exact($0)) }
            }
            rawParents.append(parentHashes)
            let terms = Self.part(row, tabs.second + 1, row.count)
            if !Self.isDash(terms) {
                TableBytes.forEachPart(of: terms, at: UInt8(ascii: "|")) { term in
                    let h = ByteHash.exact(term)
                    if let k = synsetIndex[h] {
                        synsetLists[Int(k)].append(r)
                    } else {
                        synsetIndex.set(h, Int32(synsetLists.count))
                        synsetLists.append([r])
                    }
                }
            }
        }
        // A hypernym outside the table ends the chain there.
        for list in rawParents { parents.append(list.compactMap { rowOf[$0] }) }
        for list in synsetLists { self.synsetLists.append(list) }
        var rawNeighbours: [[(UInt64, Float)]] = []
        try TableBytes.forEachRow(in: neighbourText) { line, row in
            // key, then TAB-separated neighbour=similarity cells.
            var end = 0
            while end < row.count, row[end] != 0x09 { end += 1 }
            let key = end > 0 ? ByteHash.exact(Self.part(row, 0, end)) : nil
            guard let key, vocabulary[key] == nil else {
                throw SuggestionError.malformedRow(table: "suggest/neighbours.tsv", line: line, reason: "expected a new key<TAB>neighbour=similarity…")
            }
            vocabulary.set(key, Int32(rawNeighbours.count))
            var cells: [(UInt64, Float)] = []
            if end < row.count {
                try TableBytes.forEachPart(of: Self.part(row, end + 1, row.count), at: 0x09, keepingEmpty: true) { cell in
                    let equals = Self.find(UInt8(ascii: "="), in: cell)
                    guard equals.count == 1, equals.first > 0, let value = Self.similarity(Self.part(cell, equals.first + 1, cell.count)),
                          (0...1).contains(value) else {
                        throw SuggestionError.malformedRow(table: "suggest/neighbours.tsv", line: line, reason: "'\(Self.text(cell))' is not neighbour=similarity with a similarity in 0…1")
                    }
                    cells.append((ByteHash.exact(Self.part(cell, 0, equals.first)), value))
                }
            }
            rawNeighbours.append(cells)
        }
        for row in rawNeighbours {
            neighbours.append(row.compactMap { cell in vocabulary[cell.0].map { Neighbour(row: $0, similarity: cell.1) } })
        }
    }

    /// The bytes of `bytes` from `start` up to `end`.
    private static func part(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// How many bytes of `bytes` equal `byte` (counting stops at 3), and the offsets of the
    /// first two (-1 where there is none).
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> (count: Int, first: Int, second: Int) {
        var found = (count: 0, first: -1, second: -1)
        for k in 0..<bytes.count where bytes[k] == byte {
            found.count += 1
            if found.count == 1 { found.first = k } else if found.count == 2 { found.second = k } else { break }
        }
        return found
    }

    /// The `ByteHash.exact` of a key's UTF-8 bytes.
    private static func hash(_ key: String) -> UInt64 {
        if let h = key.utf8.withContiguousStorageIfAvailable({ ByteHash.exact($0) }) { return h }
        return ByteHash.exact(Array(key.utf8))
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func isDash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.count == 1 && bytes[0] == UInt8(ascii: "-") }

    /// A similarity cell: `d.ddd` (what the tool writes) read as thousandths divided by 1000,
    /// the same correctly rounded `Float` as reading the decimal text; any other form through
    /// `Float(_:)`.
    private static func similarity(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        func digit(_ b: UInt8) -> Int? { b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil }
        if bytes.count == 5, bytes[1] == UInt8(ascii: "."), let a = digit(bytes[0]), let b = digit(bytes[2]),
           let c = digit(bytes[3]), let d = digit(bytes[4]) {
            return Float(a * 1000 + b * 100 + c * 10 + d) / 1000
        }
        return Float(text(bytes))
    }

    /// The synset rows of `key` (empty when WordNet does not know it).
    func synsets(of key: String) -> [Int32] { synsetIndex[Self.hash(key)].map { Array(synsetLists[Int($0)]) } ?? [] }

    /// The row of `key` in the neighbour table, or -1.
    func vocabularyRow(of key: String) -> Int32 { vocabulary[Self.hash(key)] ?? -1 }

    /// How keys with synset rows `a` and `b` relate.
    func relation(_ a: [Int32], _ b: [Int32]) -> Relation {
        relation(a, above: ancestors(a), b, above: ancestors(b))
    }

    /// How keys with synset rows `a` and `b` relate, given every hypernym above each
    /// (ascending, as `KeyForms` keeps them).
    func relation(_ a: [Int32], above aboveA: [Int32], _ b: [Int32], above aboveB: [Int32]) -> Relation {
        guard !a.isEmpty, !b.isEmpty else { return .unknown }
        if a.contains(where: b.contains) { return .sameMeaning }
        if Self.meets(b, aboveA) || Self.meets(a, aboveB) { return .kindOf }
        // (A few rows each: lists compared in place cost less than a set made per pair.)
        for x in a {
            for p in parents[Int(x)] where b.contains(where: { parents[Int($0)].contains(p) }) { return .siblings }
        }
        return .unrelated
    }

    /// Whether some row of `rows` is in `sorted` (ascending).
    static func meets(_ rows: [Int32], _ sorted: [Int32]) -> Bool {
        rows.contains { row in
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid] < row { lo = mid + 1 } else { hi = mid }
            }
            return lo < sorted.count && sorted[lo] == row
        }
    }

    /// Every hypernym above `rows`, ascending, each once. (A food's hypernyms are a few
    /// dozen at most: a list searched in place costs less than a set.)
    func ancestors(_ rows: [Int32]) -> [Int32] {
        var seen: [Int32] = [], stack: [Int32] = []
        for row in rows { stack.append(contentsOf: parents[Int(row)]) }
        while let row = stack.popLast() {
            if !seen.contains(row) {
                seen.append(row)
                stack.append(contentsOf: parents[Int(row)])
            }
        }
        seen.sort()
        return seen
    }

    /// The similarity of vocabulary rows `a` and `b` when one lists the other as a neighbour;
    /// 0 when both are in the vocabulary but neither lists the other; nil when one is not in it.
    func similarity(_ a: Int32, _ b: Int32) -> Float? {
        guard a >= 0, b >= 0 else { return nil }
        for n in neighbours[Int(a)] where n.row == b { return n.similarity }
        for n in neighbours[Int(b)] where n.row == a { return n.similarity }
        return 0
    }
}

/// Lists of values, one per row, kept as one array of values and each row's start in it, so
/// that tables of many short rows cost no array per row.
struct RowLists<Element: Sendable>: Sendable {
    /// Where each row starts in `values`, and, last, the end of the last row.
    private(set) var starts: [Int32] = [0]
    /// Every row's values, row after row.
    private(set) var values: [Element] = []

    /// No rows.
    init() {}

    /// The rows that `starts` cut `values` into; nil when they cannot be (not starting at 0,
    /// decreasing, or not ending at the end of `values`).
    init?(starts: [Int32], values: [Element]) {
        guard starts.first == 0, Int(starts.last!) == values.count,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        self.starts = starts
        self.values = values
    }

    /// The number of rows.
    var count: Int { starts.count - 1 }

    /// The values of row `row`.
    subscript(row: Int) -> ArraySlice<Element> { values[Int(starts[row])..<Int(starts[row + 1])] }

    /// Adds a row.
    mutating func append<S: Sequence>(_ row: S) where S.Element == Element {
        values.append(contentsOf: row)
        starts.append(Int32(values.count))
    }
}
