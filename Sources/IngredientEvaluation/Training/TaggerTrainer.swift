import IngredientText
import IngredientLexicon
import IngredientParsing
import IngredientTagger

/// Trains the tagger: an averaged structured perceptron (or, with `Options.objective`, a
/// linear-chain CRF) over the features of `FeatureExtractor`, decoded with `Viterbi`.
/// Deterministic for the same data and options.
package struct TaggerTrainer {
    /// One training sentence, featurized once.
    struct Example {
        var features: LineFeatures
        var gold: [Int]
    }

    package struct Options {
        package var epochs = 8
        package var seed: UInt64 = 0x5EED
        /// Weights whose absolute averaged value is below this are left out of the file.
        package var pruneBelow = 0.3
        package var scale = 1000.0
        /// Loss-augmented decoding while training: every wrong label of a token gets this much
        /// extra score, so a sentence is updated until the gold path wins by a margin.
        package var margin = 0.0
        /// The share of training tokens, drawn anew each pass, whose word feature is left out
        /// (as if the word were unknown), so that affixes and clusters learn to carry it.
        package var wordDropout = 0.1
        /// Training runs, each from zero weights with its own order of sentences; the model is
        /// the mean of their averaged weights.
        package var runs = 5
        /// What training optimizes: perceptron updates on the decoded path, or the conditional
        /// log-likelihood of a linear-chain CRF. Both give weights for the same features, file and decoder.
        package var objective = Objective.perceptron
        /// CRF only: the step size of stochastic gradient descent at the start; it decays by
        /// `learningRateDecay` each pass over the data.
        package var learningRate = 0.1
        /// CRF only: the factor the step size shrinks by over one pass.
        package var learningRateDecay = 0.85
        /// CRF only: the L1 penalty on the emission weights (over the whole training set), applied
        /// as Tsuruoka et al.'s (2009) cumulative penalty, which sets weights to exactly zero.
        package var l1 = 0.0
        /// CRF only: the L2 penalty (`l2 / 2 · |w|²` over the whole training set) on the emission weights.
        package var l2 = 0.0
        /// CRF only: return the average of the weights over all steps (averaged SGD) rather
        /// than the last ones.
        package var average = true
        package init() {}
    }

    /// The training objective (`--objective` of `ingest dev train parser`).
    package enum Objective: String, CaseIterable, Sendable {
        /// The averaged structured perceptron: on a wrong decoded path, move the weights toward
        /// the gold path's features and away from the predicted ones.
        case perceptron
        /// A linear-chain conditional random field: stochastic gradient ascent on the log
        /// probability of the gold path (observed minus expected feature counts, from forward-backward).
        case crf
    }

    let lexicon: Lexicon
    let options: Options
    let recorder = FeatureRecorder()

    package init(lexicon: Lexicon = .builtIn, options: Options = Options()) {
        self.lexicon = lexicon
        self.options = options
    }

    /// Featurizes gold sentences that have token labels; returns examples and how many were skipped.
    func examples(_ gold: [GoldSentence]) -> [Example] {
        let extractor = FeatureExtractor(lexicon: lexicon, recorder: recorder)
        var out: [Example] = []
        for g in gold {
            var text = g.input
            text.withUTF8 { line in
                var tokens = Tokenizer.tokenize(line)
                NumberWordReading.apply(&tokens, line, lexicon: lexicon)
                guard !tokens.isEmpty, let labels = GoldAlignment.labels(for: tokens, line: line, gold: g) else { return }
                out.append(Example(features: extractor.features(tokens, line), gold: labels))
            }
        }
        return out
    }

    /// A model trained on `gold` without a calibration, as its file text and as a parser that
    /// uses it: the held-out runs score such a model on sentences it never saw.
    func trainParser(on gold: [GoldSentence], log: (String) -> Void) -> (text: String, parser: IngredientParser) {
        let text = train(examples(gold), calibration: [], log: log)
        return (text, IngredientParser(lexicon: lexicon, model: try! TaggerModel(text: text)))
    }

    /// Trains on `examples` and returns the model file text.
    func train(_ examples: [Example], calibration: [Double], log: (String) -> Void) -> String {
        let L = Label.count, W = TaggerLayout.rowWidth
        var contextIndex: [UInt64: Int] = [:]
        var localIndex: [UInt64: Int] = [:]
        var cw: [Double] = [], cu: [Double] = []
        var lw: [Double] = [], lu: [Double] = []
        var tw = [Double](repeating: 0, count: (L + 1) * L), tu = tw
        var ew = [Double](repeating: 0, count: L), eu = ew
        let padB = ByteHash.exact(Array("B".utf8), into: Template.pad.seed)
        let padE = ByteHash.exact(Array("E".utf8), into: Template.pad.seed)
        recorder.note(padB, .pad, "B")
        recorder.note(padE, .pad, "E")

        func contextRow(_ key: UInt64) -> Int {
            if let r = contextIndex[key] { return r }
            let r = cw.count / W
            contextIndex[key] = r
            cw.append(contentsOf: repeatElement(0, count: W)); cu.append(contentsOf: repeatElement(0, count: W))
            return r
        }
        func localRow(_ key: UInt64) -> Int {
            if let r = localIndex[key] { return r }
            let r = lw.count / L
            localIndex[key] = r
            lw.append(contentsOf: repeatElement(0, count: L)); lu.append(contentsOf: repeatElement(0, count: L))
            return r
        }
        // Resolve every feature key to a row once.
        var rowsOf: [[[Int]]] = [] // example → token → context rows, its word's row first
        var wordRowsOf: [[Int]] = [] // example → token → how many of its rows are word rows (0 or 1)
        var localRowsOf: [[[Int]]] = []
        let bRow = contextRow(padB), eRow = contextRow(padE)
        for ex in examples {
            let f = ex.features
            var rows: [[Int]] = [], words: [Int] = []
            for t in 0..<f.tokenCount {
                var r: [Int] = [], w: [Int] = []
                for (key, template) in zip(f.context(t), f.contextTemplates(t)) {
                    if template == .word { w.append(contextRow(key)) } else { r.append(contextRow(key)) }
                }
                rows.append(w + r)
                words.append(w.count)
            }
            rowsOf.append(rows)
            wordRowsOf.append(words)
            localRowsOf.append((0..<f.tokenCount).map { t in f.local(t).map { localRow($0) } })
        }
        log("features: \(contextIndex.count) context, \(localIndex.count) local, \(examples.count) sentences")
        if options.objective == .crf {
            let rows = Rows(context: rowsOf, wordCount: wordRowsOf, local: localRowsOf, begin: bRow, end: eRow,
                            contextRowCount: cw.count / W, localRowCount: lw.count / L)
            let m = trainCRF(examples, rows: rows, log: log)
            return write(contextIndex: contextIndex, localIndex: localIndex, context: m.context, local: m.local,
                         transitions: m.transitions, end: m.end, calibration: calibration)
        }

        let dropBelow = UInt64(options.wordDropout * Double(1 << 32))
        let margin = Float(options.margin)
        var dropped: [Bool] = []
        var sumC: [Double] = [], sumL: [Double] = [], sumT: [Double] = [], sumE: [Double] = []
        for run in 0..<max(1, options.runs) {
            // Each run starts from zero weights with its own order of sentences.
            let runSeed = options.seed &+ UInt64(run) &* 0x9E37_79B9
            if run > 0 {
                for i in cw.indices { cw[i] = 0; cu[i] = 0 }
                for i in lw.indices { lw[i] = 0; lu[i] = 0 }
                for i in tw.indices { tw[i] = 0; tu[i] = 0 }
                for i in ew.indices { ew[i] = 0; eu[i] = 0 }
            }
            var order = Array(examples.indices)
            var rng = SplitMix(seed: runSeed)
            var dropRNG = SplitMix(seed: runSeed ^ 0xD80F_0D80)
            var c = 1.0
            var emission: [SIMD8<Float>] = []
            var predicted: [Int] = []
            for epoch in 1...options.epochs {
                // Deterministic shuffle.
                for k in stride(from: order.count - 1, to: 0, by: -1) {
                    let j = Int(rng.next() % UInt64(k + 1))
                    order.swapAt(k, j)
                }
                var errors = 0, tokensSeen = 0
                for e in order {
                    let ex = examples[e]
                    let n = ex.gold.count
                    let ctx = rowsOf[e], loc = localRowsOf[e], wordRows = wordRowsOf[e]
                    dropped.removeAll(keepingCapacity: true)
                    for _ in 0..<n { dropped.append(dropBelow > 0 && (dropRNG.next() & 0xFFFF_FFFF) < dropBelow) }
                    func slotRows(_ j: Int) -> ArraySlice<Int> {
                        j < 0 ? [bRow][...] : (j >= n ? [eRow][...] : (dropped[j] ? ctx[j].dropFirst(wordRows[j]) : ctx[j][...]))
                    }
                    emission = [SIMD8<Float>](repeating: SIMD8<Float>(), count: n)
                    for t in 0..<n {
                        for o in -2...2 {
                            for r in slotRows(t + o) {
                                let base = r * W + (o + 2) * L
                                for l in 0..<L { emission[t][l] += Float(cw[base + l]) }
                            }
                        }
                        for r in loc[t] { for l in 0..<L { emission[t][l] += Float(lw[r * L + l]) } }
                        if margin != 0 {
                            emission[t] += SIMD8<Float>(repeating: margin)
                            emission[t][ex.gold[t]] -= margin
                        }
                    }
                    let tf = tw.map(Float.init)
                    let trans = TaggerModel.vectors(tf), incoming = TaggerModel.transposed(tf)
                    let endF = TaggerModel.vectors(ew.map(Float.init))[0]
                    emission.withUnsafeBufferPointer { em in
                        trans.withUnsafeBufferPointer { tr in
                            incoming.withUnsafeBufferPointer { inc in
                                _ = Viterbi.decode(emission: em, transitions: tr, incoming: inc, end: endF, labels: &predicted)
                            }
                        }
                    }
                    tokensSeen += n
                    if predicted != ex.gold {
                        func bump(_ w: inout [Double], _ u: inout [Double], _ i: Int, _ d: Double) {
                            w[i] += d
                            u[i] += c * d
                        }
                        for t in 0..<n where predicted[t] != ex.gold[t] {
                            errors += 1
                            let g = ex.gold[t], p = predicted[t]
                            for o in -2...2 {
                                for r in slotRows(t + o) {
                                    let base = r * W + (o + 2) * L
                                    bump(&cw, &cu, base + g, 1)
                                    bump(&cw, &cu, base + p, -1)
                                }
                            }
                            for r in loc[t] {
                                bump(&lw, &lu, r * L + g, 1)
                                bump(&lw, &lu, r * L + p, -1)
                            }
                        }
                        for t in 0..<n {
                            let gp = t == 0 ? L : ex.gold[t - 1], pp = t == 0 ? L : predicted[t - 1]
                            if gp != pp || ex.gold[t] != predicted[t] {
                                bump(&tw, &tu, gp * L + ex.gold[t], 1)
                                bump(&tw, &tu, pp * L + predicted[t], -1)
                            }
                        }
                        if ex.gold[n - 1] != predicted[n - 1] {
                            bump(&ew, &eu, ex.gold[n - 1], 1)
                            bump(&ew, &eu, predicted[n - 1], -1)
                        }
                    }
                    c += 1
                }
                log("epoch \(epoch): token error rate \(Double(errors) / Double(max(1, tokensSeen)))")
            }
            // Averaged weights: w - u / c, summed over the runs.
            func add(_ sum: inout [Double], _ w: [Double], _ u: [Double]) {
                if sum.isEmpty { sum = [Double](repeating: 0, count: w.count) }
                for i in w.indices { sum[i] += w[i] - u[i] / c }
            }
            add(&sumC, cw, cu); add(&sumL, lw, lu); add(&sumT, tw, tu); add(&sumE, ew, eu)
        }
        // The mean of the runs' averaged weights.
        let runs = Double(max(1, options.runs))
        let aC = sumC.map { $0 / runs }, aL = sumL.map { $0 / runs }, aT = sumT.map { $0 / runs }, aE = sumE.map { $0 / runs }
        return write(contextIndex: contextIndex, localIndex: localIndex, context: aC, local: aL,
                     transitions: aT, end: aE, calibration: calibration)
    }

    private func write(contextIndex: [UInt64: Int], localIndex: [UInt64: Int], context: [Double], local: [Double],
                       transitions: [Double], end: [Double], calibration: [Double]) -> String {
        let L = Label.count, W = TaggerLayout.rowWidth
        let scale = options.scale
        let threshold = Int((options.pruneBelow * scale).rounded())
        func ints(_ values: ArraySlice<Double>) -> [Int] { values.map { Int(($0 * scale).rounded()) } }
        func keep(_ v: [Int]) -> Bool { v.contains { abs($0) >= threshold } }
        let learner = options.objective == .crf ? "a linear-chain CRF (stochastic gradient)" : "an averaged structured perceptron"
        var out = """
        # IngredientKit tagger weights: \(learner), written by
        # `ingest dev train parser` (tools/train-parser). Format: see TaggerModel.swift and Dictionaries/README.md.
        # Labels, in weight order: \(Label.allCases.map(\.code).joined(separator: " "))
        scale\t\(Int(scale))

        """
        if !calibration.isEmpty {
            out += "calibration\t" + calibration.map { String(format6($0)) }.joined(separator: "\t") + "\n"
        }
        for from in 0...L {
            let name = from == L ? "START" : Label(rawValue: from)!.code
            out += "transition\t\(name)\t" + ints(transitions[(from * L)..<(from * L + L)]).map(String.init).joined(separator: "\t") + "\n"
        }
        out += "end\t" + ints(end[0..<L]).map(String.init).joined(separator: "\t") + "\n"
        var lines: [String] = []
        for (key, row) in contextIndex {
            guard let (template, value) = recorder.names[key] else { continue }
            for o in -2...2 {
                let base = row * W + (o + 2) * L
                let v = ints(context[base..<(base + L)])
                if keep(v) || (template == .pad && o == 0) {
                    lines.append("context\t\(template.name)\t\(value)\t\(o)\t" + v.map(String.init).joined(separator: "\t"))
                }
            }
        }
        for (key, row) in localIndex {
            guard let (template, value) = recorder.names[key] else { continue }
            let v = ints(local[(row * L)..<(row * L + L)])
            if keep(v) { lines.append("local\t\(template.name)\t\(value)\t" + v.map(String.init).joined(separator: "\t")) }
        }
        lines.sort()
        out += lines.joined(separator: "\n") + "\n"
        return out
    }

    private func format6(_ x: Double) -> String {
        let scaled = (x * 1_000_000).rounded() / 1_000_000
        return "\(scaled)"
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
