import Foundation
import Testing
@testable import IngredientEvaluation
@testable import IngredientParsing

/// The CRF objective of the tagger trainer: forward-backward against brute force, and
/// training that learns a toy set.
@Suite("Tagger CRF training")
struct TaggerCRFTests {
    /// Scores of a small random problem, from a fixed seed.
    struct Problem {
        var emission: [Double], transitions: [Double], end: [Double], gold: [Int]

        init(tokens n: Int, seed: UInt64) {
            var rng = SplitMix(seed: seed)
            func draw() -> Double { Double(rng.next() % 4001) / 1000 - 2 }
            let L = Label.count
            emission = (0..<(n * L)).map { _ in draw() }
            transitions = (0..<((L + 1) * L)).map { _ in draw() }
            end = (0..<L).map { _ in draw() }
            gold = (0..<n).map { _ in Int(rng.next() % UInt64(L)) }
        }

        /// -log P(gold) by summing over every path.
        func bruteForceLoss() -> Double {
            let L = Label.count, n = gold.count
            func score(_ path: [Int]) -> Double {
                var s = transitions[L * L + path[0]] + end[path[n - 1]]
                for t in 0..<n {
                    s += emission[t * L + path[t]]
                    if t > 0 { s += transitions[path[t - 1] * L + path[t]] }
                }
                return s
            }
            var total = 0.0
            var path = [Int](repeating: 0, count: n)
            while true {
                total += exp(score(path))
                var t = n - 1
                while t >= 0, path[t] == L - 1 { path[t] = 0; t -= 1 }
                if t < 0 { break }
                path[t] += 1
            }
            return log(total) - score(gold)
        }

        func loss() -> Double {
            var chain = TaggerTrainer.ChainGradient()
            var g: [Double] = [], tg: [Double] = [], eg: [Double] = []
            return chain.gradient(emission: emission, gold: gold, transitions: transitions, end: end,
                                  emissionGradient: &g, transitionGradient: &tg, endGradient: &eg).loss
        }
    }

    @Test func lossIsTheNegativeLogProbabilityOfTheGoldPath() {
        for (n, seed) in [(1, UInt64(1)), (2, 2), (3, 3)] {
            let p = Problem(tokens: n, seed: seed)
            #expect(abs(p.loss() - p.bruteForceLoss()) < 1e-9, "\(n) tokens")
        }
    }

    /// The gradient is minus the loss's derivative, checked by central differences on every
    /// emission, transition and end score of a three-token problem.
    @Test func gradientMatchesFiniteDifferences() {
        let p = Problem(tokens: 3, seed: 7)
        var chain = TaggerTrainer.ChainGradient()
        var g: [Double] = [], tg: [Double] = [], eg: [Double] = []
        _ = chain.gradient(emission: p.emission, gold: p.gold, transitions: p.transitions, end: p.end,
                           emissionGradient: &g, transitionGradient: &tg, endGradient: &eg)
        let h = 1e-5
        func numeric(_ change: (inout Problem, Double) -> Void) -> Double {
            var up = p, down = p
            change(&up, h); change(&down, -h)
            return -(up.loss() - down.loss()) / (2 * h)
        }
        for i in p.emission.indices { #expect(abs(g[i] - numeric { $0.emission[i] += $1 }) < 1e-6, "emission \(i)") }
        for i in p.transitions.indices { #expect(abs(tg[i] - numeric { $0.transitions[i] += $1 }) < 1e-6, "transition \(i)") }
        for i in p.end.indices { #expect(abs(eg[i] - numeric { $0.end[i] += $1 }) < 1e-6, "end \(i)") }
    }

    /// Trained with the CRF objective on the toy sentences, the parser gets them all right,
    /// the file reads back, and the same options give the same file.
    @Test func crfLearnsAToySetDeterministically() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("gold.jsonl")
        try DevCLITests.writeGold(to: path)
        let gold = try GoldSentence.read(path: path.path)
        var options = TaggerTrainer.Options()
        options.objective = .crf
        options.epochs = 20
        options.runs = 1
        options.pruneBelow = 0.01
        options.learningRate = 0.5
        options.wordDropout = 0
        var epochLog: [String] = []
        let trainer = TaggerTrainer(lexicon: .builtIn, options: options)
        let (text, parser) = trainer.trainParser(on: gold) { epochLog.append($0) }
        #expect(ParseEvaluation(gold: gold, parser: parser).overall.allRate == 1)
        // The loss per sentence falls from the first pass to the last.
        let losses = epochLog.compactMap { line in line.range(of: "loss per sentence ").map { Double(line[$0.upperBound...])! } }
        #expect(losses.count == 20)
        #expect(losses.last! < losses.first! / 4, "\(losses)")
        #expect(text.contains("a linear-chain CRF"))
        #expect(TaggerTrainer(lexicon: .builtIn, options: options).trainParser(on: gold) { _ in }.text == text)
        // L1 leaves out weights: the file is smaller.
        options.l1 = 1
        let sparse = TaggerTrainer(lexicon: .builtIn, options: options).trainParser(on: gold) { _ in }.text
        #expect(sparse.count < text.count)
    }
}
