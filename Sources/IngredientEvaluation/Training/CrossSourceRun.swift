import IngredientLexicon
import IngredientParsing

/// Generalization to a source the tagger never saw: for each source of the gold sentences,
/// train on all the other sources and score that one (`ingest dev train parser --cross-source`).
/// A random split keeps every source's habits in training; this does not, so it predicts how
/// the parser does on a new site far better.
package enum CrossSourceRun {
    /// One held-out source's scores.
    package struct Row {
        /// The source scored, which no training sentence came from.
        package var source: String
        /// How many sentences the model was trained on.
        package var trained: Int
        /// Scores on every sentence of `source`.
        package var scores: ParseEvaluation.Rates
    }

    /// One row per source (sources in order of first appearance; sentences without a source are
    /// always in training). Deterministic: the same data and options give the same rows.
    package static func run(gold: [GoldSentence], options: TaggerTrainer.Options,
                            log: (String) -> Void) -> [Row] {
        var sources: [String] = []
        for g in gold { if let s = g.source, !sources.contains(s) { sources.append(s) } }
        let lexicon = Lexicon.builtIn
        let trainer = TaggerTrainer(lexicon: lexicon, options: options)
        return sources.map { held in
            let trainPart = gold.filter { $0.source != held }
            let heldPart = gold.filter { $0.source == held }
            log("training on \(trainPart.count) sentences without \(held), scoring its \(heldPart.count)")
            let text = trainer.train(trainer.examples(trainPart), calibration: [], log: log)
            let parser = IngredientParser(lexicon: lexicon, model: try! TaggerModel(text: text))
            let scores = ParseEvaluation(gold: heldPart, parser: parser).overall
            log("\(held): all-three \(scores.allRate)")
            return Row(source: held, trained: trainPart.count, scores: scores)
        }
    }

    /// The table `--cross-source` prints: one line per held-out source, then the mean of the
    /// rates over sources (each source counts once, whatever its size).
    package static func table(_ rows: [Row]) -> String {
        func pct(_ x: Double) -> String {
            let tenths = Int((x * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
        var out = pad("held out", 14) + pad("trained", 9) + pad("scored", 8) + pad("quantity", 10) + pad("unit", 8) + pad("name", 8) + "all-three\n"
        for r in rows {
            out += pad(r.source, 14) + pad(String(r.trained), 9) + pad(String(r.scores.count), 8)
                + pad(pct(r.scores.quantityRate), 10) + pad(pct(r.scores.unitRate), 8) + pad(pct(r.scores.nameRate), 8)
                + pct(r.scores.allRate) + "\n"
        }
        if !rows.isEmpty {
            let n = Double(rows.count)
            func mean(_ f: (ParseEvaluation.Rates) -> Double) -> String { pct(rows.map { f($0.scores) }.reduce(0, +) / n) }
            out += pad("mean", 14) + pad("", 9) + pad("", 8) + pad(mean(\.quantityRate), 10) + pad(mean(\.unitRate), 8)
                + pad(mean(\.nameRate), 8) + mean(\.allRate) + "\n"
        }
        return out
    }
}
