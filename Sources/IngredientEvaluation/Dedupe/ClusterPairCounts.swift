import IngredientParsing

/// The labels a `DedupeFixture`'s clusters give name pairs (a shared cluster: same; a shared
/// file but no shared cluster: different; otherwise unlabeled), counted over a set of names
/// or between two sets from cluster and file sizes, without visiting every pair: a file of
/// n names has about n²/2 labeled pairs, and evaluation must stay linear in n.
struct ClusterPairCounts {
    /// Derived-label counts of a set of pairs.
    struct Counts {
        var same = 0, different = 0
    }

    /// Each name's clusters and the files of its clusters, as sorted numbers.
    let clusters: [[Int]]
    let files: [[Int]]

    init(fixture: DedupeFixture) {
        var clusterNumber: [String: Int] = [:], fileNumber: [Substring: Int] = [:]
        var clusters: [[Int]] = [], files: [[Int]] = []
        for list in fixture.clusters {
            var c: [Int] = [], f: [Int] = []
            for cluster in list {
                if clusterNumber[cluster] == nil { clusterNumber[cluster] = clusterNumber.count }
                c.append(clusterNumber[cluster]!)
                // As `DedupeFixture.label`: a cluster's file is its name up to the first `#`.
                let file = cluster.prefix { $0 != "#" }
                if fileNumber[file] == nil { fileNumber[file] = fileNumber.count }
                f.append(fileNumber[file]!)
            }
            clusters.append(Array(Set(c)).sorted())
            files.append(Array(Set(f)).sorted())
        }
        self.clusters = clusters
        self.files = files
    }

    /// The label the clusters give names `i` and `j` (`DedupeFixture.label` without the
    /// explicit pair rows).
    func label(_ i: Int, _ j: Int) -> DedupeFixture.Label {
        if clusters[i].isEmpty || clusters[j].isEmpty { return .unlabeled }
        if Self.overlap(clusters[i], clusters[j]) > 0 { return .same }
        return Self.overlap(files[i], files[j]) > 0 ? .different : .unlabeled
    }

    /// How many elements two sorted lists share.
    static func overlap(_ a: [Int], _ b: [Int]) -> Int {
        var i = 0, j = 0, n = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { n += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return n
    }

    /// Pairs within `names` (distinct) sharing at least one member of `groups`: by group
    /// sizes, less the pairs counted more than once (both in several groups).
    private static func sharing(_ names: [Int], _ groups: [[Int]]) -> Int {
        var size: [Int: Int] = [:]
        var several: [Int] = []
        for x in names {
            for g in groups[x] { size[g, default: 0] += 1 }
            if groups[x].count > 1 { several.append(x) }
        }
        var n = size.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
        for (k, x) in several.enumerated() {
            for y in several[(k + 1)...] { n -= max(0, overlap(groups[x], groups[y]) - 1) }
        }
        return n
    }

    /// Pairs between `a` and `b` (disjoint) sharing at least one member of `groups`.
    private static func sharing(_ a: [Int], _ b: [Int], _ groups: [[Int]]) -> Int {
        var size: [Int: Int] = [:]
        var severalA: [Int] = []
        for x in a {
            for g in groups[x] { size[g, default: 0] += 1 }
            if groups[x].count > 1 { severalA.append(x) }
        }
        var n = 0
        for y in b {
            for g in groups[y] { n += size[g] ?? 0 }
            if groups[y].count > 1 {
                for x in severalA { n -= max(0, overlap(groups[x], groups[y]) - 1) }
            }
        }
        return n
    }

    /// The derived labels of the pairs within `names` (distinct).
    func within(_ names: [Int]) -> Counts {
        let same = Self.sharing(names, clusters)
        return Counts(same: same, different: Self.sharing(names, files) - same)
    }

    /// The derived labels of the pairs between `a` and `b` (disjoint).
    func between(_ a: [Int], _ b: [Int]) -> Counts {
        let same = Self.sharing(a, b, clusters)
        return Counts(same: same, different: Self.sharing(a, b, files) - same)
    }
}
