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
        let (trainPart, heldPart) = split(gold, folds: folds)
        log("training on \(trainPart.count) sentences, holding out \(heldPart.count)")
        let (calibratedText, coefficients) = calibratedFold(trainer, train: trainPart, held: heldPart, log: log)
        let calibratedFold = IngredientParser(lexicon: lexicon, model: try! TaggerModel(text: calibratedText))
        let heldOut = ParseEvaluation(gold: heldPart, parser: calibratedFold)
        log("held-out all-three: \(heldOut.overall.allRate)")
        if heldOutOnly { return Report(heldOut: heldOut, modelText: "", heldOutModelText: calibratedText) }
        let finalText = trainer.train(trainer.examples(gold), calibration: coefficients, log: log)
        return Report(heldOut: heldOut, modelText: finalText, heldOutModelText: calibratedText)
    }
}

extension TrainingRun {
    /// The sentences to train on and the ones held out: every `folds`-th sentence (the last of
    /// each run of `folds`) is held out.
    static func split(_ gold: [GoldSentence], folds: Int) -> (train: [GoldSentence], held: [GoldSentence]) {
        var train: [GoldSentence] = [], held: [GoldSentence] = []
        for (i, g) in gold.enumerated() {
            if i % folds == folds - 1 { held.append(g) } else { train.append(g) }
        }
        return (train, held)
    }

    /// Trains on `train`, parses `held` with that model and fits the confidence calibration
    /// on those lines (`calibration(_:log:)`); returns the model's text with that calibration
    /// row, and the row.
    static func calibratedFold(_ trainer: TaggerTrainer, train: [GoldSentence], held: [GoldSentence],
                               log: (String) -> Void) -> (text: String, calibration: [Double]) {
        let (foldText, foldParser) = trainer.trainParser(on: train, log: log)
        let scorer = Scorer(lexicon: trainer.lexicon)
        var samples: [(Confidence.Evidence, Bool)] = []
        for g in held {
            var text = g.input
            let (parsed, evidence) = text.withUTF8 { bytes in
                foldParser.analyze(validUTF8: bytes) { view, evidence in (view.parsedIngredient(input: g.input), evidence) }
            }
            guard let evidence else { continue }
            samples.append((evidence, scorer.score(g, parsed).allRight))
        }
        let coefficients = Self.calibration(samples, log: log)
        log("confidence calibration: \(coefficients)")
        return (foldText.replacingFirstCalibration(coefficients), coefficients)
    }

    /// The calibration row fitted on `samples` (held-out lines: evidence, right or not): the
    /// logistic model's coefficients, then the knots of the monotone map of its output.
    /// Logs how each calibrates on lines it was not fitted on (fitted on the lines of even
    /// place, scored on the others, and the other way round): the mean of |confidence − share
    /// right| over deciles of confidence, weighted by lines, and each decile.
    static func calibration(_ samples: [(Confidence.Evidence, Bool)], log: (String) -> Void) -> [Double] {
        func fitted(_ part: [(Confidence.Evidence, Bool)]) -> (logistic: [Double], mapped: [Double]) {
            let coefficients = Confidence.fit(part)
            let outputs = part.map { (p: Confidence.score($0.0, coefficients: coefficients), right: $0.1) }
            return (coefficients, coefficients + Confidence.fitMap(outputs))
        }
        var scored: (logistic: [(Double, Bool)], mapped: [(Double, Bool)]) = ([], [])
        for parity in 0..<2 {
            let fit = fitted(samples.enumerated().filter { $0.offset % 2 == parity }.map(\.element))
            for (k, sample) in samples.enumerated() where k % 2 != parity {
                scored.logistic.append((Confidence.score(sample.0, coefficients: fit.logistic), sample.1))
                scored.mapped.append((Confidence.score(sample.0, coefficients: fit.mapped), sample.1))
            }
        }
        for (what, pairs) in [("logistic", scored.logistic), ("logistic + map", scored.mapped)] {
            log("calibration on lines not fitted on (\(what)): " + Self.calibrationSummary(pairs))
        }
        return fitted(samples).mapped
    }
}

extension TrainingRun {
    /// "error E points; 0–10%: n lines, mean m%, right r%; …": the mean of |confidence − share
    /// right| over deciles of confidence, weighted by lines, then each decile.
    static func calibrationSummary(_ pairs: [(Double, Bool)]) -> String {
        var table = ConfidenceTable()
        for (c, right) in pairs { table.add(c, right: right) }
        let rows = table.rows
        func percent(_ x: Double) -> String { String(Double(Int((x * 1000).rounded())) / 10) + "%" }
        let parts = rows.map { r in
            "\(Int((r.bin * 100).rounded()))–\(Int((r.bin * 100).rounded()) + 10)%: \(r.count) lines, mean \(percent(r.meanConfidence)), right \(percent(r.accuracy))"
        }
        let points = Double(Int((ConfidenceTable.gap(rows) * 10000).rounded())) / 100
        return "error \(points) points; " + parts.joined(separator: "; ")
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
