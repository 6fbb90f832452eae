/// Lines in tenths of their confidence: how many, their mean confidence and the share of them
/// that are right, and the gap between the two over all lines. `ParseEvaluation` reports it for
/// the parser's lines; the training run for the calibration's held-out lines.
struct ConfidenceTable {
    /// One tenth of confidence that holds lines: its lower bound, its lines, their mean
    /// confidence and the share of them right.
    typealias Row = (bin: Double, count: Int, meanConfidence: Double, accuracy: Double)

    private var sums = [(lines: Int, confidence: Double, right: Int)](repeating: (0, 0, 0), count: 10)

    /// Adds a line scored `confidence` (0…1) that was `right` or not.
    mutating func add(_ confidence: Double, right: Bool) {
        let b = min(9, max(0, Int(confidence * 10)))
        sums[b].lines += 1
        sums[b].confidence += confidence
        if right { sums[b].right += 1 }
    }

    /// The tenths that hold lines, lowest first.
    var rows: [Row] {
        sums.enumerated().compactMap { k, s in
            s.lines == 0 ? nil : (Double(k) / 10, s.lines, s.confidence / Double(s.lines), Double(s.right) / Double(s.lines))
        }
    }

    /// The mean over lines of |mean confidence − share right| of each line's tenth (0 when every
    /// tenth's lines are right as often as they are scored; 0.01 is one point).
    static func gap(_ rows: [Row]) -> Double {
        let lines = rows.reduce(0) { $0 + $1.count }
        guard lines > 0 else { return 0 }
        return rows.reduce(0.0) { $0 + Double($1.count) * abs($1.meanConfidence - $1.accuracy) } / Double(lines)
    }
}
