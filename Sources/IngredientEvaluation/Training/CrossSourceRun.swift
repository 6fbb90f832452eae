import IngredientLexicon
import IngredientParsing
import IngredientTagger

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
        /// The mean gap between confidence and share right over tenths of confidence on
        /// `source` (`ParseEvaluation.calibrationGap`), with a calibration fitted without it.
        package var calibrationGap: Double
        /// The model file text of the tagger trained without `source`, with the confidence
        /// calibration fitted on a fifth of its training sentences held out of a model trained
        /// on the other four fifths (`TrainingRun`'s procedure, within the other sources).
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
            // The calibration: fitted on a fifth of the other sources' sentences, as parsed by
            // a model trained on the rest of them (the source scored takes no part in it).
            let (innerTrain, innerHeld) = TrainingRun.split(trainPart, folds: 5)
            log("calibrating without \(held): training on \(innerTrain.count) sentences, holding out \(innerHeld.count)")
            let calibration = TrainingRun.calibratedFold(trainer, train: innerTrain, held: innerHeld, log: log).calibration
            log("training on \(trainPart.count) sentences without \(held), scoring its \(heldPart.count)")
            let text = trainer.trainParser(on: trainPart, log: log).text.replacingFirstCalibration(calibration)
            let evaluation = ParseEvaluation(gold: heldPart, parser: IngredientParser(lexicon: trainer.lexicon, model: try! TaggerModel(text: text)))
            log("\(held): all-three \(evaluation.overall.allRate), confidence gap \(evaluation.calibrationGap)")
            return Row(source: held, trained: trainPart.count, scores: evaluation.overall, calibrationGap: evaluation.calibrationGap,
                       modelText: text)
        }
    }
}
