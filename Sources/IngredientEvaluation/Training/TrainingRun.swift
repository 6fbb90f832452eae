import IngredientLexicon
import IngredientParsing
import IngredientTagger

/// The whole training procedure behind `ingest dev train parser`: train on 4/5 of the gold
/// sentences, score the held-out fifth (an honest figure for unseen sentences) and fit the
/// confidence calibration on it, then train on everything and return the model file.
package enum TrainingRun {
    package struct Report {
        /// Scores on the held-out fifth, from a model that never saw it.
        package var heldOut: ParseEvaluation
        /// The model file text, trained on all sentences (empty when only the fifth was scored).
        package var modelText: String
        /// The model trained on 4/5 that `heldOut` was scored with (calibration included).
        package var heldOutModelText: String
    }

    /// With `heldOutOnly`, only the held-out fifth is scored and no model is trained on everything.
    package static func run(gold: [GoldSentence], options: TaggerTrainer.Options, folds: Int = 5, heldOutOnly: Bool = false,
                            log: (String) -> Void) -> Report {
        let lexicon = Lexicon.builtIn
        let trainer = TaggerTrainer(lexicon: lexicon, options: options)
        var trainPart: [GoldSentence] = [], heldPart: [GoldSentence] = []
        for (i, g) in gold.enumerated() {
            if i % folds == folds - 1 { heldPart.append(g) } else { trainPart.append(g) }
        }
        log("training on \(trainPart.count) sentences, holding out \(heldPart.count)")
        let (foldText, foldParser) = trainer.trainParser(on: trainPart, log: log)
        // Confidence calibration on the held-out part.
        let scorer = Scorer(lexicon: lexicon)
        var samples: [(Confidence.Evidence, Bool)] = []
        for g in heldPart {
            var text = g.input
            let (parsed, evidence) = text.withUTF8 { bytes in
                foldParser.analyze(validUTF8: bytes) { view, evidence in (view.parsedIngredient(input: g.input), evidence) }
            }
            guard let evidence else { continue }
            samples.append((evidence, scorer.score(g, parsed).allRight))
        }
        let coefficients = Confidence.fit(samples)
        log("confidence calibration: \(coefficients)")
        let calibratedText = foldText.replacingFirstCalibration(coefficients)
        let calibratedFold = IngredientParser(lexicon: lexicon, model: try! TaggerModel(text: calibratedText))
        let heldOut = ParseEvaluation(gold: heldPart, parser: calibratedFold)
        log("held-out all-three: \(heldOut.overall.allRate)")
        if heldOutOnly { return Report(heldOut: heldOut, modelText: "", heldOutModelText: calibratedText) }
        let finalText = trainer.train(trainer.examples(gold), calibration: coefficients, log: log)
        return Report(heldOut: heldOut, modelText: finalText, heldOutModelText: calibratedText)
    }
}

extension String {
    /// The model text with a calibration row inserted after the `scale` row.
    func replacingFirstCalibration(_ coefficients: [Double]) -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.hasPrefix("calibration\t") }
        if let i = lines.firstIndex(where: { $0.hasPrefix("scale\t") }) {
            lines.insert("calibration\t" + coefficients.map { "\($0)" }.joined(separator: "\t"), at: i + 1)
        }
        return lines.joined(separator: "\n")
    }
}
