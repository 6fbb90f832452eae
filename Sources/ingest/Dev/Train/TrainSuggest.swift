import ArgumentParser
import IngredientKit
import IngredientEvaluation

/// `ingest dev train suggest` (formerly `ingest train-suggest`).
struct TrainSuggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Fit the pair scorer's weights and calibration on labeled dedupe fixtures (see tools/train-suggest)."
    )

    @Option(help: ArgumentHelp("Where to write the weights file.", valueName: "path"))
    var out = "Dictionaries/suggest/weights.tsv"

    @Option(help: ArgumentHelp("What the model predicts: same-item (suggest/weights.tsv, dedupe suggestions) or list-merge (suggest/list-weights.tsv, shopping-list suggestions).", valueName: "target"))
    var target = "same-item"

    @Flag(name: .customLong("weigh-name-pairs"), help: "Weigh each key pair in the fit by the labeled name pairs it stands for.")
    var weighNamePairs = false

    @Option(help: "The L2 penalty on the weights (larger: smaller weights). 0.01 was chosen by the cross-validation by group: recall of held-out synonym pairs rises from 1 to 0.01 at the same precision and is flat below.")
    var l2 = 0.01

    @Option(help: "Cross-validation folds.")
    var folds = 5

    @Option(help: "How many fold splits the cross-validation is repeated over (figures: mean and range).")
    var splits = 5

    @Option(name: .customLong("calibrate-on"), help: ArgumentHelp("Fit the calibration (and report cross-validation) only on pairs of names from this fixture file. Repeatable.", valueName: "fixture"))
    var calibrateOn: [String] = []

    @Option(name: .customLong("show-pairs"), help: ArgumentHelp("Also list the held-out positive pairs below the threshold and the negative pairs at or above the threshold minus 0.3 (confidence averaged over the fold splits), the positive pairs at or above it on average but below it in some fold split, and the positive pairs blocking never compares; at most N of each.", valueName: "N"))
    var showPairs = 0

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Fixture files (clusters, pairs or child<TAB>parent files).")
    var fixtures: [String]

    func run() throws {
        guard folds >= 2 else { throw ValidationError("--folds must be at least 2") }
        guard l2 >= 0, l2.isFinite else { throw ValidationError("--l2 must be a number >= 0") }
        guard splits >= 1 else { throw ValidationError("--splits must be at least 1") }
        for file in calibrateOn where !fixtures.contains(file) {
            throw ValidationError("--calibrate-on \(file) must also be given as a FIXTURE")
        }
        guard let target = ScorerTraining.Target(rawValue: target) else {
            throw ValidationError("--target must be same-item or list-merge")
        }
        let fixture = try EvaluateDedupe.readFixtures(fixtures)
        let keyer = CanonicalKeyer(lexicon: try dictionaryOptions.lexicon())
        let training = ScorerTraining(fixture: fixture, keyer: keyer, target: target, folds: folds, l2: l2, calibrationFiles: calibrateOn.isEmpty ? nil : Set(calibrateOn),
                                      weighByNamePairs: weighNamePairs, splits: splits)
        func short(_ paths: [String]) -> [String] { paths.map { $0.split(separator: "/").suffix(2).joined(separator: "/") } }
        let text = training.weightsText(sources: short(fixtures), calibrationSources: short(calibrateOn))
        try writeFile(out, text)
        print(text.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n"))
        print("wrote \(out); rebuild so the new weights are compiled in")
        if showPairs > 0 {
            // Each pair's held-out confidence in every fold split, and their mean, so that one
            // split's luck (which groups share a fold) does not decide what is listed.
            var firstSeen: [String: ScorerTraining.ScoredPair] = [:], perSplit: [String: [Double]] = [:]
            var order: [String] = []
            for cv in training.repeated {
                for p in cv.scored {
                    let key = p.first + "\t" + p.second
                    if firstSeen[key] == nil { firstSeen[key] = p; order.append(key) }
                    perSplit[key, default: []].append(p.confidence)
                }
            }
            let splits = Double(training.repeated.count), threshold = training.crossValidation.threshold
            let pairs = order.map { key -> ScorerTraining.ScoredPair in
                var p = firstSeen[key]!
                p.confidence = perSplit[key]!.reduce(0, +) / splits
                return p
            }
            func line(_ p: ScorerTraining.ScoredPair) -> String {
                "  \(ScorerModel.format(p.confidence))\t\(p.first) ~ \(p.second)\t(\(Int(p.namePairs)) name pairs)"
            }
            print("held-out positive pairs below \(threshold) (mean confidence over \(training.repeated.count) fold splits), most name pairs first:")
            for p in pairs.filter({ $0.positive && $0.confidence < threshold })
                .sorted(by: { ($0.namePairs, $0.confidence, $0.first) > ($1.namePairs, $1.confidence, $1.first) }).prefix(showPairs) {
                print(line(p))
            }
            // A pair whose mean clears the threshold can still fall below it in one split:
            // those decide how much the recall moves from split to split.
            print("held-out positive pairs at or above \(threshold) on average but below it in some split (confidence per split):")
            for p in pairs.filter({ $0.positive && $0.confidence >= threshold && perSplit[$0.first + "\t" + $0.second, default: []].contains { $0 < threshold } })
                .sorted(by: { ($0.namePairs, $0.confidence, $0.first) > ($1.namePairs, $1.confidence, $1.first) }).prefix(showPairs) {
                let values = perSplit[p.first + "\t" + p.second, default: []].map { ScorerModel.format($0).prefix(4) }.joined(separator: " ")
                print("  \(values)\t\(p.first) ~ \(p.second)\t(\(Int(p.namePairs)) name pairs)")
            }
            print("positive pairs that blocking never compares (no model can suggest them), most name pairs first:")
            for p in training.uncompared.prefix(showPairs) { print("  \(p.first) ~ \(p.second)\t(\(Int(p.namePairs)) name pairs)") }
            print("held-out negative pairs at or above \(threshold - 0.3) (mean confidence), highest first:")
            for p in pairs.filter({ !$0.positive && $0.confidence >= threshold - 0.3 })
                .sorted(by: { ($0.confidence, $0.first) > ($1.confidence, $1.first) }).prefix(showPairs) {
                print(line(p))
            }
        }
    }
}
