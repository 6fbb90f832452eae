#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pair scorer's numbers: one logistic weight per feature and a monotone calibration map
/// from the logistic output to a calibrated confidence. Written by `tools/train-suggest` into
/// `Dictionaries/suggest/weights.tsv`.
package struct ScorerModel: Sendable {
    var weights = SIMD32<Double>()
    /// Calibration knots (raw logistic output, calibrated confidence), raw ascending.
    var knots: [(raw: Double, calibrated: Double)] = []

    /// The built-in model.
    static let builtIn: ScorerModel = {
        do { return try ScorerModel(text: EmbeddedDictionaries.files["suggest/weights.tsv"] ?? "") } catch {
            fatalError("built-in suggest/weights.tsv is invalid: \(error)")
        }
    }()

    /// The built-in model of shopping-list suggestions (`suggest/list-weights.tsv`, written
    /// by `tools/train-suggest` with `--target list-merge`).
    static let builtInList: ScorerModel = {
        do { return try ScorerModel(text: EmbeddedDictionaries.files["suggest/list-weights.tsv"] ?? "") } catch {
            fatalError("built-in suggest/list-weights.tsv is invalid: \(error)")
        }
    }()

    package init(weights: SIMD32<Double>, knots: [(raw: Double, calibrated: Double)]) {
        self.weights = weights
        self.knots = knots
    }

    /// Reads a weights file: `weight<TAB>NAME<TAB>VALUE` rows for every feature and
    /// `calibration<TAB>RAW<TAB>CONFIDENCE` rows.
    init(text: String) throws {
        var seen = Set<String>()
        for (line, columns) in SuggestionWords.rows(text) {
            guard columns.count == 3, let value = Double(columns[2]), value.isFinite else {
                throw SuggestionError.malformedRow(table: "suggest/weights.tsv", line: line, reason: "expected weight|calibration<TAB>name-or-raw<TAB>number")
            }
            switch columns[0] {
            case "weight":
                guard let index = PairFeatures.names.firstIndex(of: columns[1]) else {
                    throw SuggestionError.malformedRow(table: "suggest/weights.tsv", line: line, reason: "unknown feature '\(columns[1])'")
                }
                weights[index] = value
                seen.insert(columns[1])
            case "calibration":
                guard let raw = Double(columns[1]), (0...1).contains(raw), (0...1).contains(value) else {
                    throw SuggestionError.malformedRow(table: "suggest/weights.tsv", line: line, reason: "calibration values must lie in 0…1")
                }
                knots.append((raw, value))
            default:
                throw SuggestionError.malformedRow(table: "suggest/weights.tsv", line: line, reason: "row kind '\(columns[0])' is not weight or calibration")
            }
        }
        let missing = PairFeatures.names.filter { !seen.contains($0) } + (knots.isEmpty ? ["calibration rows"] : [])
        guard missing.isEmpty else { throw SuggestionError.incompleteWeights(missing: missing) }
        knots.sort { $0.raw < $1.raw }
    }

    /// The logistic output for `features`.
    func raw(_ features: PairFeatures) -> Double {
        // `(weights * features.values).sum()`, term by term in the same order (so the same
        // number), on the vectors' bytes: the generic SIMD operations cost about a hundred
        // times more here.
        var z = -0.0
        withUnsafeBytes(of: weights) { w in
            withUnsafeBytes(of: features.values) { v in
                for k in 0..<PairFeatures.count {
                    z += w.load(fromByteOffset: k * 8, as: Double.self) * v.load(fromByteOffset: k * 8, as: Double.self)
                }
            }
        }
        return 1 / (1 + exp(-z))
    }

    /// The calibrated confidence for a raw output: linear between knots, flat beyond them.
    package func calibrated(_ raw: Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return raw }
        if raw <= first.raw { return first.calibrated }
        if raw >= last.raw { return last.calibrated }
        var lo = 0, hi = knots.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if knots[mid].raw <= raw { lo = mid } else { hi = mid }
        }
        let a = knots[lo], b = knots[hi]
        let t = b.raw == a.raw ? 0 : (raw - a.raw) / (b.raw - a.raw)
        return a.calibrated + t * (b.calibrated - a.calibrated)
    }

    /// The file text for these numbers, after `header` comment lines.
    package func text(header: [String]) -> String {
        var s = header.map { "# " + $0 + "\n" }.joined()
        for (index, name) in PairFeatures.names.enumerated() { s += "weight\t\(name)\t\(Self.format(weights[index]))\n" }
        for k in knots { s += "calibration\t\(Self.format(k.raw))\t\(Self.format(k.calibrated))\n" }
        return s
    }

    /// A number with 6 decimals, so files are stable and diffable.
    package static func format(_ x: Double) -> String {
        let scaled = (x * 1_000_000).rounded()
        let negative = scaled < 0
        let v = Int(abs(scaled))
        let frac = String(v % 1_000_000)
        return (negative ? "-" : "") + "\(v / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}
