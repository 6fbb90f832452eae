import ArgumentParser
import IngredientKit
import IngredientEvaluation

struct EvaluateDedupe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dedupe",
        abstract: "Score automatic merges and merge suggestions on labeled names.",
        discussion: """
            Each FIXTURE holds clusters (group<TAB>text; a header row group<TAB>name is skipped), pairs \
            (a<TAB>b<TAB>same|different), or, when its first row is child<TAB>parent, parent/child pairs \
            that must stay apart. Names of one cluster are synonyms; names of different clusters of one \
            file are labeled different. Prints pairwise precision, recall and F1 of automatic merges \
            (equal canonical keys) and of merges plus suggestions at each threshold, B-cubed on \
            clusters, what the suggestions link (synonyms, parent/child, labeled different, unlabeled), \
            a calibration table and the worst false links and missed pairs. Unlabeled name pairs are \
            left out of pairwise figures.
            """
    )

    @Option(name: .customLong("min-confidence"), help: "The headline threshold (B-cubed with suggestions, missed pairs).")
    var minConfidence = MergeSuggester.defaultMinimumConfidence

    @Option(help: "How many worst false links and missed pairs to list.")
    var examples = 15

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Also write a self-contained HTML page (precision/recall curve, threshold table, worst errors).", valueName: "file.html"))
    var report: String?

    @Option(help: ArgumentHelp("Scorer weights to use instead of the built-in ones (a file written by `ingest dev train suggest`).", valueName: "path"))
    var weights: String?

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Fixture files.")
    var fixtures: [String]

    /// Reads fixture files; unreadable rows are reported on standard error, never dropped silently.
    static func readFixtures(_ paths: [String]) throws -> DedupeFixture {
        var fixture = DedupeFixture()
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try readBytes(path) } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
            if let refusal = DedupeFixture.refusal(bytes) {
                printError("eval dedupe: \(path) \(refusal), not a fixture of TAB-separated rows")
                throw ExitCode(1)
            }
            let rows = fixture.add(text: String(decoding: bytes, as: UTF8.self), file: path)
            if rows.skipped > 10, rows.skipped > rows.read {
                printError("eval dedupe: \(path): \(rows.skipped) of its \(rows.read + rows.skipped) rows are not fixture rows "
                           + "(group<TAB>text, a<TAB>b<TAB>same|different or child<TAB>parent); is it a fixture?")
                throw ExitCode(1)
            }
        }
        for s in fixture.skipped { printError("skipped row \(s)") }
        if fixture.names.isEmpty {
            printError("eval dedupe: no labeled rows in \(paths.joined(separator: ", ")); expected group<TAB>text, "
                       + "a<TAB>b<TAB>same|different or child<TAB>parent rows")
            throw ExitCode(1)
        }
        return fixture
    }

    func run() throws {
        guard (0...1).contains(minConfidence) else { throw ValidationError("--min-confidence must be between 0 and 1") }
        let fixture = try Self.readFixtures(fixtures)
        let keyer = CanonicalKeyer(lexicon: try dictionaryOptions.lexicon())
        let scorer: PairScorer
        if let weights {
            do { scorer = try PairScorer(weightsText: try readText(weights)) } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
        } else {
            scorer = PairScorer()
        }
        let e = DedupeEvaluation(fixture: fixture, keyer: keyer, scorer: scorer, threshold: minConfidence, examples: examples)
        try writeStandardOutput(json ? DedupeReport.json(e, files: fixtures) : DedupeReport.text(e, files: fixtures))
        if let report { try writeFile(report, DedupeReport.html(e, files: fixtures)) }
    }
}

/// Text, JSON and HTML renderings of a `DedupeEvaluation`.
enum DedupeReport {
    static func pct(_ x: Double) -> String { EvaluationReport.percent(x) }
    static func num(_ x: Double) -> String {
        let v = Int((x * 1000).rounded())
        return "\(v / 1000).\(String(repeating: "0", count: 3 - String(v % 1000).count))\(v % 1000)"
    }

    static func text(_ e: DedupeEvaluation, files: [String]) -> String {
        func pw(_ p: DedupeEvaluation.Pairwise) -> String {
            pct(p.precision).padding(11) + pct(p.recall).padding(9) + pct(p.f1).padding(8) + "\(p.right)/\(p.linked) linked right, \(p.right)/\(p.truePairs) true pairs"
        }
        let h = e.headline
        var s = "dedupe on \(files.joined(separator: ", "))\n"
        s += "\(e.names) names (\(e.clusteredNames) in clusters), \(e.keys) distinct keys\n\n"
        s += "pairwise (labeled pairs)".padding(34) + "precision".padding(11) + "recall".padding(9) + "F1\n"
        s += "automatic merges".padding(34) + pw(e.automatic) + "\n"
        s += "merges + suggestions >= \(num(e.threshold))".padding(34) + pw(h.pairwise) + "\n"
        s += "parent/child pairs merged automatically: \(e.parentChildPairs == 0 ? "-" : "\(e.parentChildMerged) of \(e.parentChildPairs)")\n"
        s += "\nB-cubed (clustered names)".padding(35) + "precision".padding(11) + "recall".padding(9) + "F1\n"
        s += "automatic merges".padding(34) + pct(e.bcubedAutomatic.precision).padding(11) + pct(e.bcubedAutomatic.recall).padding(9) + pct(e.bcubedAutomatic.f1) + "\n"
        s += "with suggestions >= \(num(e.threshold)) joined".padding(34) + pct(e.bcubedSuggested.precision).padding(11) + pct(e.bcubedSuggested.recall).padding(9) + pct(e.bcubedSuggested.f1) + "\n"
        s += "\nsuggestions >= \(num(e.threshold)): \(h.suggestions) (synonyms \(h.synonym), parent/child \(h.parentChild), unrelated \(h.unrelated): \(h.different) labeled different + \(h.unlabeled) unlabeled)\n"
        s += "\nthreshold sweep (suggestions: what they link; pairwise: merges + suggestions)\n"
        s += "threshold".padding(11) + "suggested".padding(11) + "synonym".padding(9) + "par/ch".padding(8) + "unrelated".padding(11)
            + "precision".padding(11) + "recall".padding(9) + "F1\n"
        for r in e.sweep {
            s += num(r.threshold).padding(11) + "\(r.suggestions)".padding(11) + "\(r.synonym)".padding(9) + "\(r.parentChild)".padding(8)
                + "\(r.unrelated)".padding(11) + pct(r.pairwise.precision).padding(11) + pct(r.pairwise.recall).padding(9) + pct(r.pairwise.f1) + "\n"
        }
        s += "\ncalibration of suggestions (key pairs; observed = share linking synonyms)\n"
        s += "confidence".padding(13) + "pairs".padding(8) + "mean".padding(9) + "observed\n"
        for b in e.calibration where b.count > 0 {
            s += "\(num(b.lower))-\(num(b.lower + 0.1))".padding(13) + "\(b.count)".padding(8) + pct(b.meanConfidence).padding(9) + pct(b.observed) + "\n"
        }
        func example(_ x: DedupeEvaluation.Example) -> String {
            "  \(num(x.confidence))  \(x.a) [\(x.keyA)]  ~  \(x.b) [\(x.keyB)]  (\(x.label.rawValue)): \(x.reasons.joined(separator: "; "))\n"
        }
        s += "\nworst false links (labeled not synonyms):\n" + e.worstFalse.map(example).joined()
        s += "\nmissed synonym pairs (below \(num(e.threshold))):\n" + e.missed.map(example).joined()
        return s
    }

    static func quote(_ s: String) -> String { EvaluationReport.quote(s) }

    static func json(_ e: DedupeEvaluation, files: [String]) -> String {
        func pw(_ p: DedupeEvaluation.Pairwise) -> String {
            "{\"precision\":\(p.precision),\"recall\":\(p.recall),\"f1\":\(p.f1),\"truePairs\":\(p.truePairs),\"linked\":\(p.linked),\"right\":\(p.right)}"
        }
        func bc(_ b: DedupeEvaluation.BCubed) -> String { "{\"precision\":\(b.precision),\"recall\":\(b.recall),\"f1\":\(b.f1)}" }
        func ex(_ x: DedupeEvaluation.Example) -> String {
            "{\"a\":\(quote(x.a)),\"b\":\(quote(x.b)),\"keys\":[\(quote(x.keyA)),\(quote(x.keyB))],\"confidence\":\(x.confidence),\"label\":\(quote(x.label.rawValue)),\"reasons\":[\(x.reasons.map(quote).joined(separator: ","))]}"
        }
        var s = "{\"files\":[\(files.map(quote).joined(separator: ","))],\"names\":\(e.names),\"clusteredNames\":\(e.clusteredNames),\"keys\":\(e.keys),"
        s += "\"threshold\":\(e.threshold),\"automatic\":\(pw(e.automatic)),\"suggested\":\(pw(e.headline.pairwise)),"
        s += "\"parentChild\":{\"pairs\":\(e.parentChildPairs),\"merged\":\(e.parentChildMerged)},"
        s += "\"bcubed\":{\"automatic\":\(bc(e.bcubedAutomatic)),\"suggested\":\(bc(e.bcubedSuggested))},\"sweep\":["
        s += e.sweep.map { r in
            "{\"threshold\":\(r.threshold),\"suggestions\":\(r.suggestions),\"synonym\":\(r.synonym),\"parentChild\":\(r.parentChild),\"different\":\(r.different),\"unlabeled\":\(r.unlabeled),\"unrelated\":\(r.unrelated),\"pairwise\":\(pw(r.pairwise))}"
        }.joined(separator: ",")
        s += "],\"calibration\":["
        s += e.calibration.map { "{\"lower\":\($0.lower),\"pairs\":\($0.count),\"meanConfidence\":\($0.meanConfidence),\"observed\":\($0.observed)}" }.joined(separator: ",")
        s += "],\"worstFalse\":[\(e.worstFalse.map(ex).joined(separator: ","))],\"missed\":[\(e.missed.map(ex).joined(separator: ","))]}\n"
        return s
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A self-contained page: no script, no external resource.
    static func html(_ e: DedupeEvaluation, files: [String]) -> String {
        let w = 420.0, h = 320.0, m = 44.0
        func px(_ r: Double) -> Double { m + r * (w - 2 * m) }
        func py(_ p: Double) -> Double { h - m - p * (h - 2 * m) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(w))\" height=\"\(Int(h))\" role=\"img\" aria-label=\"precision-recall curve\">"
        svg += "<rect x=\"\(m)\" y=\"\(m)\" width=\"\(w - 2 * m)\" height=\"\(h - 2 * m)\" fill=\"#fafafa\" stroke=\"#999\"/>"
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            svg += "<line x1=\"\(px(t))\" y1=\"\(py(0))\" x2=\"\(px(t))\" y2=\"\(py(1))\" stroke=\"#e3e3e3\"/>"
            svg += "<line x1=\"\(px(0))\" y1=\"\(py(t))\" x2=\"\(px(1))\" y2=\"\(py(t))\" stroke=\"#e3e3e3\"/>"
            svg += "<text x=\"\(px(t))\" y=\"\(py(0) + 16)\" font-size=\"11\" text-anchor=\"middle\">\(num(t))</text>"
            svg += "<text x=\"\(px(0) - 6)\" y=\"\(py(t) + 4)\" font-size=\"11\" text-anchor=\"end\">\(num(t))</text>"
        }
        svg += "<text x=\"\(w / 2)\" y=\"\(h - 8)\" font-size=\"12\" text-anchor=\"middle\">recall</text>"
        svg += "<text x=\"12\" y=\"\(h / 2)\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 12 \(h / 2))\">precision</text>"
        let points = e.sweep.reversed().map { (px($0.pairwise.recall), py($0.pairwise.precision), $0.threshold) }
        svg += "<polyline fill=\"none\" stroke=\"#1f6fb2\" stroke-width=\"2\" points=\"\(points.map { "\($0.0),\($0.1)" }.joined(separator: " "))\"/>"
        for p in points {
            svg += "<circle cx=\"\(p.0)\" cy=\"\(p.1)\" r=\"3.5\" fill=\"#1f6fb2\"><title>threshold \(num(p.2))</title></circle>"
        }
        let auto = (px(e.automatic.recall), py(e.automatic.precision))
        svg += "<circle cx=\"\(auto.0)\" cy=\"\(auto.1)\" r=\"5\" fill=\"#c0392b\"><title>automatic merges</title></circle>"
        svg += "<text x=\"\(auto.0 - 8)\" y=\"\(auto.1 + 16)\" font-size=\"11\" fill=\"#c0392b\" text-anchor=\"end\">automatic</text></svg>"

        func row(_ cells: [String], header: Bool = false) -> String {
            let tag = header ? "th" : "td"
            return "<tr>" + cells.map { "<\(tag)>\(escape($0))</\(tag)>" }.joined() + "</tr>\n"
        }
        var sweep = row(["threshold", "suggestions", "synonym", "parent/child", "unrelated", "precision", "recall", "F1"], header: true)
        for r in e.sweep {
            sweep += row([num(r.threshold), "\(r.suggestions)", "\(r.synonym)", "\(r.parentChild)", "\(r.unrelated)",
                          pct(r.pairwise.precision), pct(r.pairwise.recall), pct(r.pairwise.f1)])
        }
        var calibration = row(["confidence", "suggestions", "mean confidence", "observed share of synonyms"], header: true)
        for b in e.calibration where b.count > 0 {
            calibration += row(["\(num(b.lower))–\(num(b.lower + 0.1))", "\(b.count)", pct(b.meanConfidence), pct(b.observed)])
        }
        func examples(_ list: [DedupeEvaluation.Example]) -> String {
            var t = row(["confidence", "name", "name", "keys", "label", "reasons"], header: true)
            for x in list { t += row([num(x.confidence), x.a, x.b, x.keyA + " / " + x.keyB, x.label.rawValue, x.reasons.joined(separator: "; ")]) }
            return t
        }
        let hd = e.headline
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>IngredientKit dedupe evaluation</title>
            <style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0 20px}
            td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}th{background:#eee}
            .fig{display:flex;gap:32px;align-items:flex-start}</style></head><body>
            <h1>Dedupe evaluation</h1>
            <p>\(escape(files.joined(separator: ", "))): \(e.names) names (\(e.clusteredNames) in clusters), \(e.keys) distinct keys.</p>
            <div class="fig"><div>\(svg)<p>Pairwise precision and recall of automatic merges plus suggestions, one point per threshold (0.95 at the left); red: automatic merges alone.</p></div>
            <div><h2>Headline</h2><table>
            \(row(["", "precision", "recall", "F1"], header: true))\(row(["automatic merges", pct(e.automatic.precision), pct(e.automatic.recall), pct(e.automatic.f1)]))\(row(["merges + suggestions ≥ \(num(e.threshold))", pct(hd.pairwise.precision), pct(hd.pairwise.recall), pct(hd.pairwise.f1)]))\(row(["B-cubed, automatic", pct(e.bcubedAutomatic.precision), pct(e.bcubedAutomatic.recall), pct(e.bcubedAutomatic.f1)]))\(row(["B-cubed, suggestions ≥ \(num(e.threshold)) joined", pct(e.bcubedSuggested.precision), pct(e.bcubedSuggested.recall), pct(e.bcubedSuggested.f1)]))</table>
            <p>Suggestions ≥ \(num(e.threshold)): \(hd.suggestions) — \(hd.synonym) synonyms, \(hd.parentChild) parent/child, \(hd.unrelated) unrelated. Parent/child pairs merged automatically: \(e.parentChildMerged) of \(e.parentChildPairs).</p></div></div>
            <h2>Threshold sweep</h2><table>
            \(sweep)</table>
            <h2>Calibration</h2><table>
            \(calibration)</table>
            <h2>Worst false links</h2><table>
            \(examples(e.worstFalse))</table>
            <h2>Missed synonym pairs</h2><table>
            \(examples(e.missed))</table>
            </body></html>

            """
    }
}
