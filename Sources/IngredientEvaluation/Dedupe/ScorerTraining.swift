#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientLexicon
import IngredientParsing
import IngredientSuggestions

/// Fits the pair scorer's weights and calibration on labeled names (`tools/train-suggest`).
///
/// Training examples are the candidate key pairs the suggester's blocking gives on the
/// fixture's names (so the scorer learns on the pairs it will see), labeled true when some
/// pair of their names is labeled the same and false otherwise (parent/child, different and
/// unlabeled pairs). Weights: L2-regularized logistic regression by Newton's method
/// (deterministic). Calibration: isotonic regression (pool adjacent violators) of
/// the labels on the out-of-fold outputs of a k-fold cross-validation by cluster, smoothed.
package struct ScorerTraining: Sendable {
    /// Figures of the cross-validation: every candidate pair is held out in one fold (a pair
    /// of one fold's keys in that fold; see `init`).
    package struct CrossValidation: Sendable {
        package var folds = 0
        /// Key pairs that are synonyms (keys differ), and how many a suggestion ≥ threshold found.
        package var synonymPairs = 0, found = 0
        /// Suggestions ≥ threshold, and how many link synonyms.
        package var suggested = 0, right = 0
        package var threshold = 0.5
        /// Held-out calibration, each fold's outputs calibrated on the other folds' outputs.
        package var bins: [DedupeEvaluation.Bin] = (0..<10).map { DedupeEvaluation.Bin(lower: Double($0) / 10) }
        /// Name pairs: labeled pairs among the calibration names linked by merges or held-out
        /// suggestions ≥ threshold, how many of them are synonyms, and all synonym name pairs.
        package var namePairsLinked = 0, namePairsRight = 0, namePairsTrue = 0
        /// Of the linked name pairs, how many are labeled parent/child.
        package var namePairsParentChild = 0
        package var namePrecision: Double { namePairsLinked == 0 ? 1 : Double(namePairsRight) / Double(namePairsLinked) }
        package var nameRecall: Double { namePairsTrue == 0 ? 0 : Double(namePairsRight) / Double(namePairsTrue) }
        package var precision: Double { suggested == 0 ? 1 : Double(right) / Double(suggested) }
        package var recall: Double { synonymPairs == 0 ? 0 : Double(found) / Double(synonymPairs) }
        /// Every calibration pair with its held-out confidence, for listing what the model
        /// misses and what it links wrongly (`ingest dev train suggest --show-pairs`).
        package var scored: [ScoredPair] = []
    }

    /// A candidate key pair with its held-out confidence and label.
    package struct ScoredPair: Sendable {
        package var first: String, second: String
        package var confidence: Double
        package var positive: Bool
        /// How many labeled name pairs the key pair stands for.
        package var namePairs: Double
    }

    /// What a model predicts.
    package enum Target: String, Sendable, CaseIterable {
        /// The two keys are the same thing to buy (synonyms): `suggest/weights.tsv`, behind
        /// `ingest dedupe` suggestions.
        case sameItem = "same-item"
        /// The two items can be bought as one: synonyms, or one a kind of the other (labeled
        /// parent/child). Only pairs that `ListMergeRule` allows are trained and scored:
        /// `suggest/list-weights.tsv`, behind shopping-list suggestions.
        case listMerge = "list-merge"

        func isPositive(_ label: DedupeFixture.Label) -> Bool {
            switch self {
            case .sameItem: label == .same
            case .listMerge: label == .same || label == .parentChild
            }
        }
    }

    var model: ScorerModel
    package let target: Target
    /// The L2 penalty the weights were fitted with.
    package let l2: Double
    package var crossValidation: CrossValidation
    /// The cross-validation repeated over `splits` different fold splits (the first is
    /// `crossValidation`): how much the held-out figures depend on which groups share a fold.
    package var repeated: [CrossValidation] = []
    package var examples = 0, positives = 0, calibrationExamples = 0
    /// Positive key pairs among the calibration names that blocking never makes candidates,
    /// so no model can suggest them (confidence 0), most name pairs first.
    package var uncompared: [ScoredPair] = []

    /// Trains on `fixture` with keys from `keyer`.
    /// `calibrationFiles`: when given, the calibration and the cross-validation figures use only
    /// candidate pairs whose two keys both have a name from one of these files (the data that
    /// stands for real use), while the weights are fitted on every pair.
    /// `splits`: how many fold splits the cross-validation is repeated over (`repeated`).
    /// `weighByNamePairs`: each candidate key pair weighs in the logistic fit as many labeled
    /// name pairs as it stands for (at least 1), so the fit minimizes the loss over name pairs,
    /// which is what `ingest eval dedupe` counts; the calibration still counts key pairs.
    package init(fixture: DedupeFixture, keyer: CanonicalKeyer, target: Target = .sameItem, folds: Int = 5, l2: Double = 0.01,
                 iterations: Int = 50, calibrationFiles: Set<String>? = nil, weighByNamePairs: Bool = false, splits: Int = 1) {
        self.target = target
        self.l2 = l2
        let words = SuggestionWords.builtIn
        let nameKeys = fixture.names.map { keyer.key(forName: $0) }
        var forms = KeyForms(tables: words)
        var keyIndex: [String: Int] = [:], keyNames: [[Int]] = []
        for (i, k) in nameKeys.enumerated() where !k.isEmpty {
            if keyIndex[k] == nil { keyIndex[k] = forms.add(k); keyNames.append([]) }
            keyNames[keyIndex[k]!].append(i)
        }
        let keyCalibrates = keyNames.map { names in
            calibrationFiles.map { files in names.contains { !fixture.files[$0].isDisjoint(with: files) } } ?? true
        }
        // All synonym key pairs (for recall), and the candidates with features and labels.
        var synonymKeyPairs = Set<UInt64>()
        var namePairs: [UInt64: Double] = [:]
        for i in 0..<fixture.names.count {
            for j in (i + 1)..<fixture.names.count {
                let label = fixture.label(i, j)
                guard label != .unlabeled, let a = keyIndex[nameKeys[i]], let b = keyIndex[nameKeys[j]], a != b else { continue }
                let pair = DedupeFixture.pairKey(a, b)
                if target.isPositive(label) { synonymKeyPairs.insert(pair) }
                namePairs[pair, default: 0] += 1
            }
        }
        var x: [SIMD32<Double>] = [], y: [Double] = [], calibrates: [Bool] = [], pairs: [UInt64] = []
        var weight: [Double] = []
        for pair in MergeSuggester.candidates(forms, MergeSuggester.Blocking()) {
            let a = Int(pair >> 32), b = Int(pair & 0xFFFF_FFFF)
            var detail = PairFeatures.Detail()
            let features = PairFeatures.compute(forms, a, b, detail: &detail)
            if target == .listMerge, !ListMergeRule.allows(features, detail) {
                synonymKeyPairs.remove(pair)
                continue
            }
            x.append(features.values)
            y.append(synonymKeyPairs.contains(pair) ? 1 : 0)
            calibrates.append(keyCalibrates[a] && keyCalibrates[b])
            pairs.append(pair)
            weight.append(weighByNamePairs ? max(1, namePairs[pair] ?? 1) : 1)
        }
        let compared = Set(pairs)
        uncompared = synonymKeyPairs.filter { pair in
            !compared.contains(pair) && keyCalibrates[Int(pair >> 32)] && keyCalibrates[Int(pair & 0xFFFF_FFFF)]
        }.map { pair in
            ScoredPair(first: forms.keys[Int(pair >> 32)], second: forms.keys[Int(pair & 0xFFFF_FFFF)], confidence: 0, positive: true,
                       namePairs: namePairs[pair] ?? 0)
        }.sorted { ($0.namePairs, $1.first, $1.second) > ($1.namePairs, $0.first, $0.second) }
        examples = x.count
        positives = Int(y.reduce(0, +))
        let nameCalibrates = fixture.files.map { files in calibrationFiles.map { !files.isDisjoint(with: $0) } ?? true }

        /// One cross-validation over the fold split `split` (0: the split whose out-of-fold
        /// outputs the shipped calibration is fitted on): its figures and out-of-fold outputs.
        func crossValidate(split: Int) -> (CrossValidation, oof: [Double], fold: [Int]) {
            let keyFold = keyNames.map { fixture.fold($0[0], folds: folds, split: split) }
            // Pairs of one fold's keys stay in it; other pairs are spread over the folds. The
            // features know nothing of the keys themselves, so a key on both sides leaks little.
            let fold = pairs.map { pair in
                let a = keyFold[Int(pair >> 32)], b = keyFold[Int(pair & 0xFFFF_FFFF)]
                return a == b ? a : (a + b) % folds
            }
            // Out-of-fold outputs.
            var oof = [Double](repeating: -1, count: x.count)
            for k in 0..<folds {
                let train = x.indices.filter { fold[$0] != k }
                let w = Self.fit(train.map { x[$0] }, train.map { y[$0] }, train.map { weight[$0] }, l2: l2, iterations: iterations)
                for i in x.indices where fold[i] == k { oof[i] = Self.sigmoid((w * x[i]).sum()) }
            }
            var cv = CrossValidation()
            cv.folds = folds
            var heldOut: [UInt64: Double] = [:]
            for k in 0..<folds {
                let others = x.indices.filter { fold[$0] != k && calibrates[$0] }
                let calibration = Self.isotonic(others.map { oof[$0] }, others.map { y[$0] })
                let held = ScorerModel(weights: SIMD32(), knots: calibration)
                for i in x.indices where fold[i] == k && calibrates[i] {
                    let c = held.calibrated(oof[i])
                    heldOut[pairs[i]] = c
                    cv.scored.append(ScoredPair(first: forms.keys[Int(pairs[i] >> 32)], second: forms.keys[Int(pairs[i] & 0xFFFF_FFFF)],
                                                confidence: c, positive: y[i] == 1, namePairs: namePairs[pairs[i]] ?? 0))
                    let b = min(9, Int(c * 10))
                    cv.bins[b].count += 1
                    cv.bins[b].confidenceSum += c
                    if y[i] == 1 { cv.bins[b].synonyms += 1 }
                    if c >= cv.threshold { cv.suggested += 1; if y[i] == 1 { cv.right += 1; cv.found += 1 } }
                }
            }
            for pair in synonymKeyPairs {
                let a = Int(pair >> 32), b = Int(pair & 0xFFFF_FFFF)
                if keyCalibrates[a] && keyCalibrates[b] { cv.synonymPairs += 1 }
            }
            // Name pairs among the calibration names, as `ingest eval dedupe` counts them.
            for i in 0..<fixture.names.count where nameCalibrates[i] {
                guard let ki = keyIndex[nameKeys[i]] else { continue }
                for j in (i + 1)..<fixture.names.count where nameCalibrates[j] {
                    guard let kj = keyIndex[nameKeys[j]] else { continue }
                    let label = fixture.label(i, j)
                    guard label != .unlabeled else { continue }
                    let positive = target.isPositive(label)
                    if positive { cv.namePairsTrue += 1 }
                    if ki == kj || (heldOut[DedupeFixture.pairKey(ki, kj)] ?? 0) >= cv.threshold {
                        cv.namePairsLinked += 1
                        if positive { cv.namePairsRight += 1 }
                        if label == .parentChild { cv.namePairsParentChild += 1 }
                    }
                }
            }
            return (cv, oof, fold)
        }
        let (cv, oof, _) = crossValidate(split: 0)
        crossValidation = cv
        repeated = [cv] + (1..<max(1, splits)).map { crossValidate(split: $0).0 }
        let held = x.indices.filter { calibrates[$0] }
        calibrationExamples = held.count
        model = ScorerModel(weights: Self.fit(x, y, weight, l2: l2, iterations: iterations),
                            knots: Self.isotonic(held.map { oof[$0] }, held.map { y[$0] }))
    }

    static func sigmoid(_ z: Double) -> Double { 1 / (1 + exp(-z)) }

    /// Logistic regression weights by Newton's method (iteratively reweighted least squares)
    /// with an L2 penalty of `l2 · |w|²/2` on every weight but the bias (sum of log-losses).
    static func fit(_ x: [SIMD32<Double>], _ y: [Double], _ weight: [Double]? = nil, l2: Double, iterations: Int) -> SIMD32<Double> {
        var w = SIMD32<Double>()
        guard !x.isEmpty else { return w }
        let d = PairFeatures.count
        for _ in 0..<iterations {
            var gradient = [Double](repeating: 0, count: d)
            var hessian = [Double](repeating: 0, count: d * d)
            for i in x.indices {
                let p = sigmoid((w * x[i]).sum())
                let v = weight?[i] ?? 1
                let r = v * (p - y[i]), s = v * max(p * (1 - p), 1e-9)
                for a in 0..<d where x[i][a] != 0 {
                    gradient[a] += r * x[i][a]
                    for b in 0..<d where x[i][b] != 0 { hessian[a * d + b] += s * x[i][a] * x[i][b] }
                }
            }
            for a in 1..<d {
                gradient[a] += l2 * w[a]
                hessian[a * d + a] += l2
            }
            hessian[0] += 1e-6
            guard let step = solve(hessian, gradient, d) else { break }
            var change = 0.0
            for a in 0..<d {
                w[a] -= step[a]
                change = max(change, abs(step[a]))
            }
            if change < 1e-7 { break }
        }
        return w
    }

    /// Solves `m · v = b` (m symmetric positive definite, n × n) by Gaussian elimination with
    /// partial pivoting; nil when singular.
    static func solve(_ m: [Double], _ b: [Double], _ n: Int) -> [Double]? {
        var a = m, v = b
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            guard abs(a[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
                v.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = a[r * n + col] / a[col * n + col]
                if f == 0 { continue }
                for k in col..<n { a[r * n + k] -= f * a[col * n + k] }
                v[r] -= f * v[col]
            }
        }
        var out = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = v[r]
            for k in (r + 1)..<n { s -= a[r * n + k] * out[k] }
            out[r] = s / a[r * n + r]
        }
        return out
    }

    /// Isotonic regression of `y` on `x` by pooling adjacent violators, each block's rate
    /// smoothed by one pseudo-observation at the overall rate; knots at block means.
    static func isotonic(_ x: [Double], _ y: [Double]) -> [(raw: Double, calibrated: Double)] {
        guard !x.isEmpty else { return [(0, 0), (1, 1)] }
        let prior = y.reduce(0, +) / Double(y.count)
        let order = x.indices.sorted { x[$0] != x[$1] ? x[$0] < x[$1] : y[$0] < y[$1] }
        var blocks: [(sumX: Double, sumY: Double, n: Double)] = []
        for i in order {
            blocks.append((x[i], y[i], 1))
            while blocks.count > 1 {
                let last = blocks[blocks.count - 1], previous = blocks[blocks.count - 2]
                guard previous.sumY / previous.n >= last.sumY / last.n else { break }
                blocks.removeLast(2)
                blocks.append((previous.sumX + last.sumX, previous.sumY + last.sumY, previous.n + last.n))
            }
        }
        var knots = blocks.map { (raw: $0.sumX / $0.n, calibrated: ($0.sumY + prior) / ($0.n + 1)) }
        // Smoothing can break monotonicity slightly: enforce it.
        for i in knots.indices.dropFirst() where knots[i].calibrated < knots[i - 1].calibrated {
            knots[i].calibrated = knots[i - 1].calibrated
        }
        return knots
    }

    /// The weights file text.
    package func weightsText(sources: [String], calibrationSources: [String] = []) -> String {
        let cv = crossValidation
        func pct(_ v: Double) -> String { ScorerModel.format(v * 100).prefix { $0 != "." } + "." + ScorerModel.format(v * 100).split(separator: ".")[1].prefix(1) + "%" }
        var header = [
            "IngredientKit pair scorer weights, written by tools/train-suggest (do not edit by hand).",
            "Rows: weight<TAB>feature<TAB>value (logistic regression over PairFeatures, see",
            "Sources/IngredientKit/Suggestions/PairFeatures.swift); calibration<TAB>raw<TAB>confidence",
            "(isotonic map of the logistic output to a calibrated confidence, linear between rows).",
            "Target: \(target.rawValue) (\(target == .sameItem ? "positives: synonyms" : "positives: synonyms and parent/child; only pairs ListMergeRule allows")).",
            "Trained on \(examples) candidate key pairs (\(positives) positives) from: \(sources.joined(separator: ", ")); L2 penalty \(ScorerModel.format(l2)).",
            "Calibrated on \(calibrationExamples) out-of-fold pairs from: \(calibrationSources.isEmpty ? "all of them" : calibrationSources.joined(separator: ", ")).",
            "\(cv.folds)-fold cross-validation by cluster on those pairs, at confidence >= \(cv.threshold): precision \(pct(cv.precision)) (\(cv.right)/\(cv.suggested)),",
            "recall of positive key pairs \(pct(cv.recall)) (\(cv.found)/\(cv.synonymPairs)); labeled name pairs linked by merges + held-out",
            "suggestions: precision \(pct(cv.namePrecision)) (\(cv.namePairsRight)/\(cv.namePairsLinked)), recall \(pct(cv.nameRecall)) (\(cv.namePairsRight)/\(cv.namePairsTrue)),",
            "parent/child name pairs linked \(cv.namePairsParentChild);",
        ]
        if repeated.count > 1 {
            let recalls = repeated.map(\.nameRecall), precisions = repeated.map(\.namePrecision)
            func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
            header.append("over \(repeated.count) fold splits (the groups shuffled into folds anew each time), name pairs: recall mean \(pct(mean(recalls)))")
            header.append("(\(pct(recalls.min()!))-\(pct(recalls.max()!))), precision mean \(pct(mean(precisions))) (\(pct(precisions.min()!))-\(pct(precisions.max()!))), parent/child name pairs linked \(repeated.map { String($0.namePairsParentChild) }.joined(separator: ", "));")
        }
        header.append("held-out calibration of the first split (bin: pairs, mean confidence, observed):")
        for b in cv.bins where b.count > 0 {
            header.append("  \(ScorerModel.format(b.lower).prefix(3))-\(ScorerModel.format(b.lower + 0.1).prefix(3)): \(b.count), \(pct(b.meanConfidence)), \(pct(b.observed))")
        }
        return model.text(header: header)
    }
}
