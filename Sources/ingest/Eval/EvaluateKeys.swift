import ArgumentParser
import IngredientKit

/// `ingest eval keys` (formerly `ingest eval-keys`).
struct EvaluateKeys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Score canonical keys on synonym groups and parent/child pairs (see tools/eval-keys).",
        discussion: """
            Synonym file: group<TAB>name rows (a header row "group<TAB>name" is skipped). Every pair of rows \
            is a true merge when both rows have the same group; the keyer merges a pair when both names get \
            the same non-empty key. Parent/child file: child<TAB>parent rows that must never merge.
            """
    )

    @Option(help: "Synonym groups (group<TAB>name).")
    var synonyms = SharedData.path("corpora/dedupe/off-synonyms-dev.tsv")

    @Option(name: .customLong("parent-child"), help: "Pairs that must stay apart (child<TAB>parent).")
    var parentChild = SharedData.path("corpora/dedupe/off-parent-child-dev.tsv")

    @Option(help: "Also list up to this many wrong merges, missed pairs and merged parent/child pairs.")
    var misses = 0

    @OptionGroup var dictionaryOptions: DictionaryOptions

    func rows(_ path: String, header: String) throws -> [(String, String)] {
        var result: [(String, String)] = []
        try LineReader(path: path).forEachLine { bytes in
            let line = String(decoding: bytes, as: UTF8.self)
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 2, !(result.isEmpty && line == header) else { return }
            result.append((columns[0], columns[1]))
        }
        return result
    }

    struct Score {
        var truePairs = 0, merged = 0, right = 0
        var precision: Double { merged == 0 ? 1 : Double(right) / Double(merged) }
        var recall: Double { truePairs == 0 ? 0 : Double(right) / Double(truePairs) }
    }

    func score(_ rows: [(group: String, name: String)], _ key: (String) -> String) -> (Score, wrong: [(String, String)], missed: [(String, String)]) {
        let keys = rows.map { key($0.name) }
        var s = Score()
        var wrong: [(String, String)] = [], missed: [(String, String)] = []
        for i in 0..<rows.count {
            for j in (i + 1)..<rows.count {
                let same = rows[i].group == rows[j].group
                let merged = !keys[i].isEmpty && keys[i] == keys[j]
                if same { s.truePairs += 1 }
                if merged { s.merged += 1 }
                if same && merged { s.right += 1 }
                if merged && !same { wrong.append(("\(rows[i].name) [\(rows[i].group)]", "\(rows[j].name) [\(rows[j].group)] = \(keys[i])")) }
                if same && !merged { missed.append((rows[i].name + " → " + keys[i], rows[j].name + " → " + keys[j])) }
            }
        }
        return (s, wrong, missed)
    }

    func run() throws {
        let lexicon = try dictionaryOptions.lexicon()
        let keyer = CanonicalKeyer(lexicon: lexicon)
        let groups = try rows(synonyms, header: "group\tname").map { (group: $0.0, name: $0.1) }
        let pairs = try rows(parentChild, header: "child\tparent")

        func exact(_ s: String) -> String { s.lowercased().split(separator: " ").joined(separator: " ") }
        func naivePlural(_ s: String) -> String {
            let e = exact(s)
            return e.hasSuffix("s") ? String(e.dropLast()) : e
        }
        let (ours, wrong, missed) = score(groups, keyer.key(forName:))
        let (exactScore, _, _) = score(groups, exact)
        let (pluralScore, _, _) = score(groups, naivePlural)

        var mergedParents: [(String, String, String)] = []
        for (child, parent) in pairs {
            let k = keyer.key(forName: child)
            if !k.isEmpty, k == keyer.key(forName: parent) { mergedParents.append((child, parent, k)) }
        }
        func line(_ name: String, _ s: Score) -> String {
            name.padding(32) + EvaluationReport.percent(s.precision).padding(11) + EvaluationReport.percent(s.recall).padding(9)
                + "\(s.right)/\(s.merged) merged pairs right, \(s.right)/\(s.truePairs) true pairs found\n"
        }
        var text = "canonical keys (spec version \(KeySpec.version)) on \(synonyms)\n"
        text += "\(groups.count) names in \(Set(groups.map(\.group)).count) synonym groups, \(ours.truePairs) true pairs\n\n"
        text += "method".padding(32) + "precision".padding(11) + "recall\n"
        text += line("canonical keys", ours)
        text += line("baseline: exact (case, spaces)", exactScore)
        text += line("baseline: naive plural (-s)", pluralScore)
        text += "anchors quoted in issue 3: exact + naive plural 7% recall; Mealie-style fuzzy matching 21% recall at 28% precision\n"
        text += "\nparent/child pairs merged: \(mergedParents.count) of \(pairs.count) (\(parentChild))\n"
        if misses > 0 {
            text += "\nwrong merges (first \(misses) of \(wrong.count)):\n"
            for (a, b) in wrong.prefix(misses) { text += "  \(a) + \(b)\n" }
            text += "\nmerged parent/child pairs (first \(misses) of \(mergedParents.count)):\n"
            for (c, p, k) in mergedParents.prefix(misses) { text += "  \(c) → \(p) = \(k)\n" }
            text += "\nmissed pairs (first \(misses) of \(missed.count)):\n"
            for (a, b) in missed.prefix(misses) { text += "  \(a)  |  \(b)\n" }
        }
        try writeStandardOutput(text)
    }
}
