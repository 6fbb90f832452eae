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
        /// The model file text of the tagger trained without `source` (no calibration).
        package var modelText: String
    }

    /// One row per source (sources in order of first appearance; sentences without a source are
    /// always in training). Deterministic: the same data and options give the same rows.
    package static func run(gold: [GoldSentence], options: TaggerTrainer.Options,
                            log: (String) -> Void) -> [Row] {
        var sources: [String] = []
        for g in gold { if let s = g.source, !sources.contains(s) { sources.append(s) } }
        let trainer = TaggerTrainer(lexicon: .builtIn, options: options)
        return sources.map { held in
            let trainPart = gold.filter { $0.source != held }
            let heldPart = gold.filter { $0.source == held }
            log("training on \(trainPart.count) sentences without \(held), scoring its \(heldPart.count)")
            let trained = trainer.trainParser(on: trainPart, log: log)
            let scores = ParseEvaluation(gold: heldPart, parser: trained.parser).overall
            log("\(held): all-three \(scores.allRate)")
            return Row(source: held, trained: trainPart.count, scores: scores, modelText: trained.text)
        }
    }
}
