import IngredientKit
import IngredientEvaluation

/// Text and JSON renderings of a `ParseEvaluation`.
enum EvaluationReport {
    static func percent(_ x: Double) -> String {
        let v = Int((x * 1000).rounded())
        return "\(v / 10).\(v % 10)%"
    }

    static func text(_ e: ParseEvaluation, misses: Int) -> String {
        func row(_ name: String, _ r: ParseEvaluation.Rates) -> String {
            name.padding(12) + "\(r.count)".padding(8) + percent(r.quantityRate).padding(10) + percent(r.unitRate).padding(10)
                + percent(r.nameRate).padding(10) + percent(r.allRate) + "\n"
        }
        var s = "source".padding(12) + "lines".padding(8) + "quantity".padding(10) + "unit".padding(10) + "name".padding(10) + "all-three\n"
        s += row("overall", e.overall)
        for (source, r) in e.bySource { s += row(source, r) }
        s += "\nconfidence calibration (lines, mean confidence, share right):\n"
        for c in e.calibration {
            s += "  \(percent(c.bin))–\(percent(c.bin + 0.1))".padding(18) + "\(c.count)".padding(8)
                + percent(c.meanConfidence).padding(10) + percent(c.accuracy) + "\n"
        }
        if !e.calibration.isEmpty {
            s += "  mean gap between confidence and share right: \(points(e.calibrationGap))\n"
        }
        if misses > 0 {
            s += "\nmisses (first \(misses)):\n"
            for o in e.misses.prefix(misses) {
                let wrong = [o.quantityRight ? nil : "quantity", o.unitRight ? nil : "unit", o.nameRight ? nil : "name"].compactMap { $0 }
                let g = o.gold.amounts.first
                let gq = g?.quantity.map { q -> String in if case .number(let d) = q { return "\(d)" } else if case .text(let t) = q { return t } else { return "" } } ?? "-"
                s += "  \(o.gold.input)\n    wrong: \(wrong.joined(separator: ", ")); gold: \(gq) | \(g?.unit ?? "-") | \(o.gold.name ?? "")"
                s += "; ours: \(o.parsed.quantity.map { "\($0)" } ?? "-")\(o.parsed.quantityMax != o.parsed.quantity ? "-\(o.parsed.quantityMax!)" : "") | \(o.parsed.unit ?? "-") | \(o.parsed.name ?? "")\n"
            }
        }
        return s
    }

    /// The table `ingest dev train parser --cross-source` prints: one line per held-out source,
    /// then the mean of the rates over sources (each source counts once, whatever its size).
    /// The last column is the mean gap between confidence and share right on the source, in
    /// points (`CrossSourceRun.Row.calibrationGap`).
    static func crossSource(_ rows: [CrossSourceRun.Row]) -> String {
        func line(_ name: String, _ trained: String, _ scored: String, _ rates: [String]) -> String {
            name.padding(14) + trained.padding(9) + scored.padding(8) + rates[0].padding(10)
                + rates[1].padding(8) + rates[2].padding(8) + rates[3].padding(11) + rates[4] + "\n"
        }
        func rates(_ r: CrossSourceRun.Row) -> [Double] {
            [r.scores.quantityRate, r.scores.unitRate, r.scores.nameRate, r.scores.allRate, r.calibrationGap]
        }
        func shown(_ values: [Double]) -> [String] { values.prefix(4).map(percent) + [points(values[4])] }
        var s = line("held out", "trained", "scored", ["quantity", "unit", "name", "all-three", "confidence gap"])
        for r in rows {
            s += line(r.source, "\(r.trained)", "\(r.scores.count)", shown(rates(r)))
        }
        if !rows.isEmpty {
            let sums = rows.map(rates).reduce([0, 0, 0, 0, 0]) { zip($0, $1).map(+) }
            s += line("mean", "", "", shown(sums.map { $0 / Double(rows.count) }))
        }
        return s
    }

    /// A gap of 0…1 in points with two decimals ("0.50 points").
    static func points(_ gap: Double) -> String {
        let hundredths = Int((gap * 10000).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) points"
    }

    static func json(_ e: ParseEvaluation, misses: Int) -> String {
        func rates(_ r: ParseEvaluation.Rates) -> String {
            "{\"lines\":\(r.count),\"quantity\":\(r.quantityRate),\"unit\":\(r.unitRate),\"name\":\(r.nameRate),\"allThree\":\(r.allRate)}"
        }
        var s = "{\"overall\":\(rates(e.overall)),\"bySource\":{"
        s += e.bySource.map { "\(quote($0.source)):\(rates($0.rates))" }.joined(separator: ",")
        s += "},\"calibration\":["
        s += e.calibration.map { "{\"bin\":\($0.bin),\"lines\":\($0.count),\"meanConfidence\":\($0.meanConfidence),\"accuracy\":\($0.accuracy)}" }.joined(separator: ",")
        s += "],\"calibrationGap\":\(e.calibrationGap),\"misses\":["
        s += e.misses.prefix(misses).map { o in
            "{\"input\":\(quote(o.gold.input)),\"quantityRight\":\(o.quantityRight),\"unitRight\":\(o.unitRight),\"nameRight\":\(o.nameRight),\"parsed\":\(JSONLine.string(for: o.parsed))}"
        }.joined(separator: ",")
        s += "]}\n"
        return s
    }

    static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        JSONBytes.appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
