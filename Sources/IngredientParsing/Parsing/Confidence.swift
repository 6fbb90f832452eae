#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientText

/// The line-level confidence: a logistic model over what the tagger and the assembly
/// noticed, fitted on held-out labeled lines by the training tool (`calibration` row of the
/// model file), so that among lines scored c about c are right on quantity, unit and name.
package enum Confidence {
    /// The inputs of the confidence model for one line.
    package struct Evidence {
        var minimumMargin: Double
        var meanMargin: Double
        var hasQuantity: Bool
        var unknownUnit: Bool
        var hasName: Bool
        var unknownWordShare: Double
        var tokenCount: Int

        /// The model's inputs, in the order of the calibration coefficients (after the intercept).
        var vector: [Double] {
            var v: [Double] = []
            forEachInput { v.append($0) }
            return v
        }

        /// Visits the inputs in order, without building an array.
        @inline(__always)
        func forEachInput(_ body: (Double) -> Void) {
            body(log1p(max(0, minimumMargin)))
            body(log1p(max(0, meanMargin)))
            body(hasQuantity ? 1 : 0)
            body(unknownUnit ? 1 : 0)
            body(hasName ? 0 : 1)
            body(unknownWordShare)
            body(tokenCount < Confidence.logTokenCounts.count ? Confidence.logTokenCounts[tokenCount] : log1p(Double(tokenCount)))
        }
    }

    /// `log1p(n)` of the token counts of all but very long lines, made once.
    static let logTokenCounts: [Double] = (0..<128).map { log1p(Double($0)) }

    /// `p` rounded to three decimals (half away from zero, as `rounded()`), without a libm
    /// call for the probabilities the model gives (see `Rounding`).
    @inline(__always)
    static func roundedToThousandths(_ p: Double) -> Double {
        let x = p * 1000
        guard x >= 0, x < 1e15 else { return x.rounded() / 1000 }
        return Double(Rounding.halfAwayFromZero(x)) / 1000
    }

    /// `p` in thousandths rounded as `roundedToThousandths` rounds it (`roundedToThousandths(p)`
    /// is this over 1000, exactly), or nil where that takes the libm path.
    @inline(__always)
    static func thousandths(_ p: Double) -> Int? {
        let x = p * 1000
        guard x >= 0, x < 1e15 else { return nil }
        return Int(Rounding.halfAwayFromZero(x))
    }

    static let inputCount = 7

    /// A quantity this large (a billion of anything; a digit run too long to read is read as
    /// 10¹⁴) is a misread or a joke, not a recipe amount: the line's confidence is at most
    /// `absurdQuantityConfidence`, whatever the tagger's margins say.
    static let absurdQuantity = 1e9
    static let absurdQuantityConfidence = 0.05
    /// `absurdQuantityConfidence` in thousandths.
    static let absurdQuantityThousandths = 50

    /// The calibrated probability that the line is right, from `coefficients`: the logistic
    /// model's (intercept first), then, when the row goes on, the knots of a monotone map of
    /// its output (`fitMap`). With no coefficients, a conservative default.
    package static func score(_ e: Evidence, coefficients: [Double]) -> Double {
        let p = logistic(e, coefficients: coefficients)
        let extra = coefficients.count - (inputCount + 1)
        guard extra >= 4, extra % 2 == 0 else { return p }
        return coefficients.withUnsafeBufferPointer { row in
            mapped(p, knots: UnsafeBufferPointer(rebasing: row[(inputCount + 1)...]))
        }
    }

    /// `p` through the monotone map whose knots (output, value pairs, outputs increasing) are
    /// `knots`: linear between knots, the end values beyond them.
    static func mapped(_ p: Double, knots: UnsafeBufferPointer<Double>) -> Double {
        let count = knots.count / 2
        if p <= knots[0] { return knots[1] }
        if p >= knots[2 * count - 2] { return knots[2 * count - 1] }
        // The first knot at or above p (binary search: most lines lie near the last knots).
        var low = 1, high = count - 1
        while low < high {
            let mid = (low + high) / 2
            if knots[2 * mid] < p { low = mid + 1 } else { high = mid }
        }
        let x0 = knots[2 * low - 2], y0 = knots[2 * low - 1]
        let x1 = knots[2 * low], y1 = knots[2 * low + 1]
        return x1 > x0 ? y0 + (y1 - y0) * (p - x0) / (x1 - x0) : y1
    }

    /// The knots of a monotone map from the logistic model's outputs `p` to the share of lines
    /// right (isotonic regression by pooling adjacent violators, over blocks of at least
    /// `minimumBlock` lines in order of `p`): each block gives a knot at its mean output and
    /// share right. The logistic model ranks lines well but its curve is not the data's (on
    /// the held-out fifth, lines it scored 0.8–0.9 were right 71% of the time); the map fixes
    /// the curve and keeps the order.
    package static func fitMap(_ samples: [(p: Double, right: Bool)], minimumBlock: Int = 50) -> [Double] {
        let sorted = samples.sorted { $0.p < $1.p }
        guard sorted.count >= 2 * minimumBlock else { return [] }
        // Blocks of `minimumBlock` lines (the last takes the rest): sum of p, lines right, lines.
        var blocks: [(p: Double, right: Double, n: Double)] = []
        var k = 0
        while k < sorted.count {
            let end = sorted.count - k < 2 * minimumBlock ? sorted.count : k + minimumBlock
            var b = (p: 0.0, right: 0.0, n: 0.0)
            for s in sorted[k..<end] {
                b.p += s.p
                b.right += s.right ? 1 : 0
                b.n += 1
            }
            k = end
            blocks.append(b)
            // Pool while the share right falls.
            while blocks.count >= 2, blocks[blocks.count - 2].right / blocks[blocks.count - 2].n >= blocks[blocks.count - 1].right / blocks[blocks.count - 1].n {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].p += last.p
                blocks[blocks.count - 1].right += last.right
                blocks[blocks.count - 1].n += last.n
            }
        }
        guard blocks.count >= 2 else { return [] }
        // Each block's share right with one line right and one wrong added (50 of 50 right is
        // 0.981, not certainty).
        return blocks.flatMap { [$0.p / $0.n, ($0.right + 1) / ($0.n + 2)] }
    }

    /// The logistic model's probability from `coefficients` (intercept first); with no
    /// coefficients, a conservative default.
    static func logistic(_ e: Evidence, coefficients: [Double]) -> Double {
        guard coefficients.count >= inputCount + 1 else {
            var p = 1 - exp(-max(0, e.minimumMargin) / 4)
            if !e.hasName { p *= 0.2 }
            if e.unknownUnit { p *= 0.7 }
            return p
        }
        var z = coefficients[0]
        var k = 1
        e.forEachInput { x in
            z += coefficients[k] * x
            k += 1
        }
        return 1 / (1 + exp(-z))
    }

    /// Fits the coefficients by logistic regression (batch gradient descent, L2) on
    /// `(evidence, wasRight)` pairs.
    package static func fit(_ samples: [(Evidence, Bool)], iterations: Int = 3000) -> [Double] {
        guard !samples.isEmpty else { return [] }
        let xs = samples.map(\.0.vector)
        let ys = samples.map { $0.1 ? 1.0 : 0.0 }
        let d = inputCount + 1
        var w = [Double](repeating: 0, count: d)
        let rate = 0.5, lambda = 1e-4
        for _ in 0..<iterations {
            var g = [Double](repeating: 0, count: d)
            for (x, y) in zip(xs, ys) {
                var z = w[0]
                for k in 0..<x.count { z += w[k + 1] * x[k] }
                let err = 1 / (1 + exp(-z)) - y
                g[0] += err
                for k in 0..<x.count { g[k + 1] += err * x[k] }
            }
            for k in 0..<d {
                w[k] -= rate * (g[k] / Double(xs.count) + (k > 0 ? lambda * w[k] : 0))
            }
        }
        return w
    }
}
