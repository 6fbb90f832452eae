import ArgumentParser
import IngredientKit

struct EvaluateImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Score page import: mean per-page F1 of the ingredient lines read from web pages.",
        discussion: """
            CASES is JSON Lines with one object per page: html_path (relative to --pages), site and the expected \
            ingredients (a list, or lines in one string). Each page is imported like `ingest import` does; its first \
            recipe's lines are compared with the expected ones as multisets after normalizing both: HTML character \
            references decoded, unicode fractions written n/d, NFKC and case folding, every character but letters, \
            digits and the / or . inside numbers made a space, spaces collapsed. A page's F1 is 2PR/(P+R) (1 when \
            both lists are empty, 0 when nothing matches); the mean is over pages whose HTML exists. The summary \
            also gives the mean of per-site means (each site weighs the same); --sites lists every site and \
            --differences every line that differs.
            """
    )

    @Option(help: ArgumentHelp("The folder html_path is relative to.", valueName: "dir"))
    var pages: String

    @Option(help: "Print this many of the worst pages, with the lines missed (-) and extra (+).")
    var worst = 15

    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    @Flag(help: "Print every page's F1 (site, case, F1) after the summary.")
    var all = false

    @Flag(help: "Print every site's pages, mean F1 and exact pages, worst first (with --json: a \"sites\" array).")
    var sites = false

    @Flag(help: "Print every line that differs, for every page below F1 = 1: site, case, - (expected, not read) or + (read, not expected), the line as compared.")
    var differences = false

    @Argument(help: "Cases file (JSON Lines).")
    var cases: String

    struct Case {
        var site: String
        var name: String
        var path: String
        var expected: [String]
    }

    func run() throws {
        var list: [Case] = []
        do {
            try LineReader(path: cases).forEachLine { bytes in
                guard let value = try? LenientJSON.parse(bytes).value, let path = value["html_path"]?.text else { return }
                var expected: [String] = []
                switch value["ingredients"] {
                case let .array(items)?: expected = items.compactMap(\.text)
                case let .string(s)?: expected = s.split(separator: "\n").map(String.init)
                default: break
                }
                list.append(Case(site: value["site"]?.text ?? "?", name: value["case"]?.text ?? path, path: pages + "/" + path, expected: expected))
            }
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        let importer = RecipeImporter(format: .html, jobs: jobs ?? RecipeImporter.defaultJobs)
        var firstRecord: [String: [String]] = [:]
        var missing: Set<String> = []
        let unique = list.map(\.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        _ = importer.run(unique) { (record: ImportRecord) in
            switch record {
            case let .recipe(r):
                let file = String(r.source[..<(r.source.lastIndex(of: "#") ?? r.source.endIndex)])
                if firstRecord[file] == nil { firstRecord[file] = r.ingredients.map(\.text) }
            case let .failure(source, error):
                if case .unreadable = error { missing.insert(source) }
                if firstRecord[source] == nil { firstRecord[source] = [] }
            }
        }
        var scored: [(case: Case, f1: Double, got: [String])] = []
        for c in list where !missing.contains(c.path) {
            let got = firstRecord[c.path] ?? []
            scored.append((c, PageScore.f1(got: got, expected: c.expected), got))
        }
        let mean = scored.map(\.f1).reduce(0, +) / Double(max(1, scored.count))
        let perfect = scored.filter { $0.f1 >= 0.9999 }.count
        let empty = scored.filter { $0.got.isEmpty }.count
        let bySite = SiteScore.table(scored.map { ($0.case.site, $0.f1) })
        let siteMean = bySite.map(\.meanF1).reduce(0, +) / Double(max(1, bySite.count))
        if json {
            var sitesJSON = ""
            if sites {
                sitesJSON = #","sites":["# + bySite.map { s in
                    var name: [UInt8] = []
                    JSONBytes.appendString(s.site, to: &name)
                    return #"{"site":\#(String(decoding: name, as: UTF8.self)),"pages":\#(s.pages),"meanF1":\#(PageScore.fixed(s.meanF1, 4)),"perfect":\#(s.perfect)}"#
                }.joined(separator: ",") + "]"
            }
            try writeStandardOutput(#"{"pages":\#(scored.count),"missingHTML":\#(list.count - scored.count),"meanF1":\#(PageScore.fixed(mean, 4)),"perfect":\#(perfect),"noLines":\#(empty),"siteCount":\#(bySite.count),"siteMeanF1":\#(PageScore.fixed(siteMean, 4))\#(sitesJSON)}"# + "\n")
            return
        }
        var text = ""
        func print(_ line: String) { text += line + "\n" } // the report, written at once below
        print("pages: \(scored.count) scored (\(list.count - scored.count) without HTML)")
        print("mean per-page line F1: \(PageScore.fixed(mean, 4))")
        print("pages with F1 = 1: \(perfect); pages with no lines read: \(empty)")
        print("sites: \(bySite.count); mean of per-site F1: \(PageScore.fixed(siteMean, 4)); sites with every page exact: \(bySite.filter { $0.perfect == $0.pages }.count)")
        if sites {
            print("\nsites (site, pages, mean F1, pages with F1 = 1), worst first:")
            for s in bySite { print("site\t\(s.site)\t\(s.pages)\t\(PageScore.fixed(s.meanF1, 3))\t\(s.perfect)") }
        }
        if all {
            for p in scored { print("page\t\(p.case.site)\t\(p.case.name)\t\(PageScore.fixed(p.f1, 3))") }
        }
        if differences {
            for p in scored where p.f1 < 0.9999 {
                let (extra, missed) = PageScore.difference(got: p.got, expected: p.case.expected)
                for m in missed { print("diff\t\(p.case.site)\t\(p.case.name)\t-\t\(m)") }
                for e in extra { print("diff\t\(p.case.site)\t\(p.case.name)\t+\t\(e)") }
            }
        }
        let worstPages = scored.sorted { $0.f1 < $1.f1 || ($0.f1 == $1.f1 && $0.case.name < $1.case.name) }.prefix(worst)
        if !worstPages.isEmpty { print("\nworst pages (site, case, F1):") }
        for w in worstPages {
            print("  \(w.case.site)  \(w.case.name)  \(PageScore.fixed(w.f1, 3))  (\(w.got.count) read, \(w.case.expected.count) expected)")
            let (extra, missed) = PageScore.difference(got: w.got, expected: w.case.expected)
            for m in missed.prefix(4) { print("      - \(m)") }
            for e in extra.prefix(4) { print("      + \(e)") }
        }
        try writeStandardOutput(text)
    }
}

/// Page scores gathered by site.
struct SiteScore {
    var site: String
    var pages: Int
    var meanF1: Double
    var perfect: Int

    /// One row per site, worst mean F1 first (then by name).
    static func table(_ pages: [(site: String, f1: Double)]) -> [SiteScore] {
        var rows: [String: SiteScore] = [:]
        for p in pages {
            var row = rows[p.site] ?? SiteScore(site: p.site, pages: 0, meanF1: 0, perfect: 0)
            row.pages += 1
            row.meanF1 += p.f1
            if p.f1 >= 0.9999 { row.perfect += 1 }
            rows[p.site] = row
        }
        return rows.values.map { r in var r = r; r.meanF1 /= Double(r.pages); return r }
            .sorted { $0.meanF1 < $1.meanF1 || ($0.meanF1 == $1.meanF1 && $0.site < $1.site) }
    }
}

/// The line F1 of a page and the normalization it compares lines under.
enum PageScore {
    static let fractions: [Character: String] = [
        "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
        "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8", "⅐": "1/7", "⅑": "1/9", "⅒": "1/10",
    ]

    /// A line as compared: see `EvaluateImport`'s discussion.
    static func normalize(_ line: String) -> String {
        var s = CharacterReferences.decodingTwice(line)
        var spaced = ""
        for c in s {
            if let f = fractions[c] { spaced += " " + f + " " } else if c == "\u{2044}" { spaced += "/" } else { spaced.append(c) }
        }
        s = UnicodeFolding.apply(.nfkcCaseFold, to: spaced)
        let chars = Array(s)
        var out = ""
        for (k, c) in chars.enumerated() {
            if c.isLetter || c.isNumber { out.append(c); continue }
            if c == "/" || c == ".", k > 0, k + 1 < chars.count, chars[k - 1].isNumber, chars[k + 1].isNumber { out.append(c); continue }
            out.append(" ")
        }
        return out.split(separator: " ").joined(separator: " ")
    }

    static func counts(_ lines: [String]) -> [String: Int] {
        var c: [String: Int] = [:]
        for l in lines { let n = normalize(l); if !n.isEmpty { c[n, default: 0] += 1 } }
        return c
    }

    static func f1(got: [String], expected: [String]) -> Double {
        let g = counts(got), e = counts(expected)
        let gotCount = g.values.reduce(0, +), expectedCount = e.values.reduce(0, +)
        if gotCount == 0 && expectedCount == 0 { return 1 }
        let matched = g.reduce(0) { $0 + min($1.value, e[$1.key] ?? 0) }
        if matched == 0 { return 0 }
        let p = Double(matched) / Double(gotCount), r = Double(matched) / Double(expectedCount)
        return 2 * p * r / (p + r)
    }

    /// Normalized lines only in `got` and only in `expected`.
    static func difference(got: [String], expected: [String]) -> ([String], [String]) {
        var g = counts(got), e = counts(expected)
        for (k, v) in g { let m = min(v, e[k] ?? 0); g[k] = v - m; e[k] = (e[k] ?? 0) - m }
        return (g.filter { $0.value > 0 }.map(\.key).sorted(), e.filter { $0.value > 0 }.map(\.key).sorted())
    }

    static func fixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let v = Int((x * scale).rounded())
        let whole = v / Int(scale), frac = String(v % Int(scale))
        return "\(whole)." + String(repeating: "0", count: digits - frac.count) + frac
    }
}
