import ArgumentParser
import IngredientKit
import IngredientEvaluation

/// `ingest dev train parser` (formerly `ingest train-parser`).
struct TrainParser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parser",
        abstract: "Train the parser's tagger on labeled sentences and write its weights (see tools/train-parser)."
    )

    @Option(help: "Where to write the model file.")
    var out = "Dictionaries/model/tagger.tsv"

    @Option(help: "Training passes over the data.")
    var epochs = 8

    @Option(help: "Leave out weights smaller than this.")
    var prune = 0.3

    @Option(help: "While training, score every wrong label this much higher (loss-augmented decoding).")
    var margin = 0.0

    @Option(help: "Share of training tokens whose word feature is left out in each pass.")
    var wordDropout = 0.1

    @Option(help: "Training runs with different sentence orders; the model is the mean of their weights.")
    var runs = 5

    @Option(help: "Training objective: perceptron, or crf (a linear-chain CRF by stochastic gradient; same features, file and decoder).")
    var objective = TaggerTrainer.Objective.perceptron

    @Option(help: "CRF: the starting step size of stochastic gradient descent.")
    var learningRate = 0.1

    @Option(help: "CRF: the factor the step size shrinks by over one pass.")
    var learningRateDecay = 0.85

    @Option(help: "CRF: L1 penalty on the emission weights (cumulative penalty; gives exact zeros).")
    var l1 = 0.0

    @Option(help: "CRF: L2 penalty on the emission weights.")
    var l2 = 0.0

    @Flag(inversion: .prefixedNo, help: "CRF: average the weights over all steps (averaged SGD).")
    var average = true

    @Flag(help: "Instead of training the model: for each source of the gold file, train on the other sources and score that one, and print the table (writes no model).")
    var crossSource = false

    @Option(help: "Print this many of the held-out fifth's misses (gold and parsed quantity, unit and name).")
    var misses = 0

    @Flag(help: "Only train on 4/5 and score the held-out fifth; train no model on everything and write none.")
    var heldOutOnly = false

    @Option(help: "Also write the models that were scored into this directory: fifth.tsv (trained on 4/5), or with --cross-source one SOURCE.tsv per held-out source; to score rule changes on them with `ingest eval parse --model`.")
    var foldModels: String?

    @Argument(help: "Gold file (JSON Lines with tokens and labels).")
    var gold: String

    func run() throws {
        let sentences = try GoldSentence.read(path: gold)
        var options = TaggerTrainer.Options()
        options.epochs = epochs
        options.pruneBelow = prune
        options.margin = margin
        options.wordDropout = wordDropout
        options.runs = runs
        options.objective = objective
        options.learningRate = learningRate
        options.learningRateDecay = learningRateDecay
        options.l1 = l1
        options.l2 = l2
        options.average = average
        if crossSource {
            let sources = Set(sentences.compactMap(\.source))
            guard sources.count >= 2 else {
                throw runtimeFailure("--cross-source needs sentences from at least two sources (their \"source\" field); \(gold) has \(sources.count)")
            }
            let rows = CrossSourceRun.run(gold: sentences, options: options) { printError($0) }
            if let foldModels {
                for row in rows { try writeFile(foldModels + "/" + row.source + ".tsv", row.modelText) }
            }
            print(EvaluationReport.crossSource(rows), terminator: "")
            return
        }
        let report = TrainingRun.run(gold: sentences, options: options, heldOutOnly: heldOutOnly) { printError($0) }
        print(EvaluationReport.text(report.heldOut, misses: misses), terminator: "")
        if let foldModels { try writeFile(foldModels + "/fifth.tsv", report.heldOutModelText) }
        if heldOutOnly { return }
        try writeFile(out, report.modelText)
        printError("wrote \(out)")
    }
}

extension TaggerTrainer.Objective: ExpressibleByArgument {}
