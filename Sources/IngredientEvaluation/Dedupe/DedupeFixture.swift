import IngredientParsing
import IngredientImport

/// Labeled names for scoring and training dedupe: clusters (`group<TAB>text`, a header row
/// `group<TAB>name` or `group<TAB>text` is skipped), pairs (`a<TAB>b<TAB>same|different`) and
/// parent/child pairs (a file whose header row is `child<TAB>parent`: every row is a pair
/// that must stay apart). Used by `ingest eval dedupe` and `ingest dev train suggest`.
package struct DedupeFixture: Sendable {
    /// What a labeled pair of names is.
    package enum Label: String, Sendable {
        /// Synonyms: the same thing to buy.
        case same
        /// A kind of the other (red onion → onion): must stay apart.
        case parentChild = "parent/child"
        /// Labeled different (another cluster of the same file, or a `different` row).
        case different
        /// Not labeled either way.
        case unlabeled
    }

    /// Distinct names in order of first appearance.
    package private(set) var names: [String] = []
    /// Each name's clusters (file number and group, as one string).
    package private(set) var clusters: [[String]] = []
    /// Explicitly labeled pairs, by `i << 32 | j` with `i < j`.
    package private(set) var pairLabels: [UInt64: Label] = [:]
    /// Rows that could not be read: "file:line: reason".
    package private(set) var skipped: [String] = []
    /// A fold number 0…folds-1 per name, stable across runs (by cluster, else by name).
    package private(set) var foldKey: [String] = []
    /// The files each name appears in (as given to `add(text:file:)`).
    package private(set) var files: [Set<String>] = []
    private var index: [String: Int] = [:]

    package init() {}

    private mutating func name(_ text: String) -> Int {
        if let i = index[text] { return i }
        index[text] = names.count
        names.append(text)
        clusters.append([])
        foldKey.append("")
        files.append([])
        return names.count - 1
    }

    /// Why the bytes of a would-be fixture file are not a fixture, or nil when they may be
    /// one: binary data (NUL and control bytes), or text that is not UTF-8 (more than one
    /// ill-formed byte in a hundred; random bytes decode to a few "rows" with tabs).
    package static func refusal(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { all in
            if FormatDetection.looksBinary(UnsafeBufferPointer(rebasing: all.prefix(8192))) {
                return "looks binary (NUL and control bytes)"
            }
            let invalid = TextDecoding.utf8SequenceCounts(all).invalid
            return invalid * 100 > all.count ? "is not UTF-8 text (\(invalid) ill-formed bytes)" : nil
        }
    }

    /// Reads the rows of one fixture file's text; `file` names it in messages and clusters.
    /// Returns how many rows were read and how many skipped (listed in `skipped`).
    @discardableResult
    package mutating func add(text: String, file: String) -> (read: Int, skipped: Int) {
        var read = 0, skippedRows = 0
        func name(_ text: String) -> Int {
            let i = self.name(text)
            files[i].insert(file)
            return i
        }
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        var isParentChild = false
        var first = true
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            if line.isEmpty || line.first == "#" { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            if first {
                first = false
                let header = columns.map { $0.lowercased() }
                if header == ["child", "parent"] { isParentChild = true; continue }
                if header == ["group", "name"] || header == ["group", "text"] || header == ["a", "b", "label"] { continue }
            }
            func skip(_ reason: String) { skipped.append("\(file):\(number + 1): \(reason)"); skippedRows += 1 }
            if columns.contains(where: \.isEmpty) { skip("empty column"); continue }
            if isParentChild {
                guard columns.count == 2 else { skip("expected child<TAB>parent"); continue }
                label(name(columns[0]), name(columns[1]), .parentChild)
            } else if columns.count == 3 {
                guard let l = columns[2] == "same" ? Label.same : columns[2] == "different" ? Label.different : nil else {
                    skip("third column must be same or different"); continue
                }
                label(name(columns[0]), name(columns[1]), l)
            } else if columns.count == 2 {
                let i = name(columns[1])
                let cluster = file + "#" + columns[0]
                if !clusters[i].contains(cluster) { clusters[i].append(cluster) }
                // Folds follow the file's name, not the path it was given by, so the same
                // files give the same folds from any directory.
                if foldKey[i].isEmpty { foldKey[i] = fileName + "#" + columns[0] }
            } else {
                skip("expected group<TAB>text or a<TAB>b<TAB>same|different")
                continue
            }
            read += 1
        }
        return (read, skippedRows)
    }

    private mutating func label(_ i: Int, _ j: Int, _ l: Label) {
        guard i != j else { return }
        let key = Self.pairKey(i, j)
        // A synonym label wins over a different one given elsewhere.
        if pairLabels[key] != .same { pairLabels[key] = l }
        if foldKey[i].isEmpty { foldKey[i] = names[i] }
        if foldKey[j].isEmpty { foldKey[j] = names[j] }
    }

    package static func pairKey(_ i: Int, _ j: Int) -> UInt64 {
        i < j ? UInt64(i) << 32 | UInt64(j) : UInt64(j) << 32 | UInt64(i)
    }

    /// The label of names `i` and `j`.
    package func label(_ i: Int, _ j: Int) -> Label {
        if let l = pairLabels[Self.pairKey(i, j)] { return l }
        let a = clusters[i], b = clusters[j]
        if a.isEmpty || b.isEmpty { return .unlabeled }
        if a.contains(where: b.contains) { return .same }
        // Clusters of different files say nothing about each other.
        let filesA = Set(a.map { $0.prefix { $0 != "#" } }), filesB = Set(b.map { $0.prefix { $0 != "#" } })
        return filesA.isDisjoint(with: filesB) ? .unlabeled : .different
    }

    /// The fold (0..<folds) of name `i` in fold split `split`: names of one cluster share a
    /// fold. The fold key is the cluster and its file's name (not its path), so the same files
    /// give the same folds from any directory.
    package func fold(_ i: Int, folds: Int, split: Int = 0) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        // Split 0 hashes the fold key alone; split n also hashes n, for another split.
        if split > 0 { for b in "\(split)#".utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 } }
        for b in (foldKey[i].isEmpty ? names[i] : foldKey[i]).utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return Int(h % UInt64(folds))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
