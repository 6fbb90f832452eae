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

    /// Whether a calibration row of `count` numbers goes on, after the logistic model's
    /// coefficients, with the knots of a monotone map (at least two output, value pairs).
    @inline(__always)
    static func hasMap(_ count: Int) -> Bool {
        let extra = count - (inputCount + 1)
        return extra >= 4 && extra % 2 == 0
    }

    // MARK: - The same thousandths without libm's log1p

    /// How far (in thousandths) `Table.thousandths` must find the score from a rounding boundary
    /// to be sure of its result, for `coefficients`; 0 when it cannot be sure (no model, a map
    /// with a jump, or too steep a map). Made once per parser.
    ///
    /// `Table.thousandths` differs from `score` only in its logarithms (within 10⁻⁹ of libm's)
    /// and its exponential (within 10⁻⁹ relative), so its sum `z` is within
    /// (|c₁| + |c₂| + |c₇|)·10⁻⁹ + 10⁻¹³ of `score`'s (the other terms and the order of the
    /// additions are the same); the logistic function changes by at most a quarter of that plus
    /// a quarter of the exponential's error, the map by at most its steepest slope times that,
    /// and the thousandths by a thousand times that (plus a few roundings of 10⁻¹⁶ each). The
    /// margin is four times this bound (for the built-in model about 2·10⁻⁵ thousandths, so
    /// about one line in 25,000 falls back to `score`).
    static func fastMargin(coefficients c: [Double]) -> Double {
        guard c.count >= inputCount + 1 else { return 0 }
        var slope = 1.0
        if hasMap(c.count) {
            let knots = Array(c[(inputCount + 1)...])
            let count = knots.count / 2
            for i in 1..<count {
                let x0 = knots[2 * i - 2], y0 = knots[2 * i - 1], x1 = knots[2 * i], y1 = knots[2 * i + 1]
                guard x1 > x0 else { return 0 }
                slope = max(slope, abs(y1 - y0) / (x1 - x0))
            }
        }
        let dz = (abs(c[1]) + abs(c[2]) + abs(c[7])) * 1e-9 + 1e-13
        let bound = 1000 * (slope * (0.25 * dz + 0.25e-9 + 1e-13) + 1e-13) + 1e-12
        let margin = 4 * bound
        return margin.isFinite && margin < 0.01 ? margin : 0
    }

    /// The calibration row made ready for `Table.thousandths`, once per parser: the
    /// coefficients, the token count's term for all but very long lines, the map's knots and
    /// where to start looking among them, side by side behind one pointer.
    final class Fast: @unchecked Sendable {
        /// The row read through plain pointers (valid while `self` is).
        let table: Table

        /// The table of `coefficients`, or nil where `fastMargin` is 0 (every line takes `score`).
        init?(coefficients c: [Double]) {
            let margin = fastMargin(coefficients: c)
            guard margin > 0 else { return nil }
            let knots = hasMap(c.count) ? Array(c[(inputCount + 1)...]) : []
            let knotCount = knots.count / 2
            let values = UnsafeMutablePointer<Double>.allocate(capacity: Table.knotsOffset + knots.count)
            for k in 0...inputCount { (values + k).initialize(to: c[k]) }
            // c₇·log1p(n) is the product `score` forms from the same table: the same double.
            for n in 0..<Table.tokenTermCount {
                (values + Table.tokenTermsOffset + n).initialize(to: c[inputCount] * logTokenCounts[n])
            }
            for j in 0..<Table.logSteps {
                let reciprocal = 1 / (1 + (Double(j) + 0.5) / Double(Table.logSteps))
                (values + Table.logsOffset + 2 * j).initialize(to: reciprocal)
                (values + Table.logsOffset + 2 * j + 1).initialize(to: -log(reciprocal))
            }
            for (k, x) in knots.enumerated() { (values + Table.knotsOffset + k).initialize(to: x) }
            // Per bucket of outputs, the first knot (from 1) at or above the bucket before's
            // start: never past the knot `mapped` finds for an output in the bucket, even where
            // the bucket is read from an output rounded up (see `Table.mapped`).
            let starts = UnsafeMutablePointer<UInt8>.allocate(capacity: Table.bucketCount)
            for b in 0..<Table.bucketCount {
                let low = Double(b - 1) / Double(Table.bucketCount)
                var i = 1
                while i < knotCount - 1, knots[2 * i] < low { i += 1 }
                (starts + b).initialize(to: UInt8(clamping: i))
            }
            table = Table(values: values, starts: starts, knotCount: knotCount, margin: margin)
        }

        deinit {
            table.values.deallocate()
            table.starts.deallocate()
        }
    }

    /// A `Fast` row read through pointers, without retaining it.
    struct Table {
        /// c₀…c₇, then c₇·log1p(n) for n below `tokenTermCount`, then per `logSteps`th of
        /// [1, 2) the reciprocal of its middle and the logarithm of that middle (`log1p`), then
        /// the map's knots.
        let values: UnsafeMutablePointer<Double>
        /// Per bucket of `bucketCount` outputs of the logistic model, where to look for its knot.
        let starts: UnsafeMutablePointer<UInt8>
        /// The map's knots (0: no map).
        let knotCount: Int
        /// `fastMargin` of the row.
        let margin: Double

        static let tokenTermsOffset = inputCount + 1
        static let tokenTermCount = 128
        static let logsOffset = tokenTermsOffset + tokenTermCount
        static let logSteps = 64
        static let knotsOffset = logsOffset + 2 * logSteps
        static let bucketCount = 512

        /// `thousandths(score(e, coefficients:))` computed with cheaper logarithms and
        /// exponential, or nil when the result lies within `margin` (see `fastMargin`) of a
        /// rounding boundary, or outside the range it handles (then `score` decides).
        @inline(__always)
        func thousandths(_ e: Evidence) -> Int? {
            // Finite margins only (an infinite or NaN one is left to `score`).
            guard e.minimumMargin < 1e300, e.meanMargin < 1e300 else { return nil }
            let c = values
            // The inputs as `forEachInput` gives them, in the same order of additions (a
            // coefficient times 1 or 0 is the coefficient or a zero, which adds nothing).
            var z = c[0]
            z += c[1] * log1p(max(0, e.minimumMargin))
            z += c[2] * log1p(max(0, e.meanMargin))
            z += e.hasQuantity ? c[3] : 0
            z += e.unknownUnit ? c[4] : 0
            z += e.hasName ? 0 : c[5]
            z += c[6] * e.unknownWordShare
            // The token count's term is `score`'s own (from the table) where the table has it.
            let n = e.tokenCount
            z += UInt(bitPattern: n) < UInt(Self.tokenTermCount) ? c[Self.tokenTermsOffset &+ n]
                : c[inputCount] * log1p(Double(n))
            guard z > -30, z < 30 else { return nil } // (and not NaN)
            var p = 1 / (1 + approximateExp(-z))
            if knotCount > 0 { p = mapped(p) }
            // The nearest whole number of thousandths by adding 1.5·2⁵² (x is below 1000 here:
            // p is at most 1), and how far x is from it; round to nearest even and `score`'s
            // half away from zero differ only at a half, which the margin leaves to `score`.
            let x = p * 1000
            guard x >= 0, x <= 1000 else { return nil }
            let shifted = x + 0x1.8p52
            let distance = x - (shifted - 0x1.8p52)
            guard 0.5 - abs(distance) > margin else { return nil }
            return Int(truncatingIfNeeded: shifted.bitPattern & 0x7FF)
        }

        /// log(1 + x) for finite x ≥ 0 within 10⁻¹¹: 1 + x as 2ᵉ·m with m in [1, 2), m as c·(1 + r)
        /// with c the middle of its 64th of [1, 2) (|r| ≤ 1/128), and log(1 + r) by its series to
        /// the 4th power (the terms left out are below 6·10⁻¹²).
        @inline(__always)
        func log1p(_ x: Double) -> Double {
            let bits = (1 + x).bitPattern
            let exponent = Int(truncatingIfNeeded: bits &>> 52) &- 1023
            let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
            let step = values + (Self.logsOffset &+ 2 &* Int(truncatingIfNeeded: (bits &>> 46) & 63))
            let r = m * step[0] - 1
            var series = -0.25
            series = 1.0 / 3 + r * series
            series = -0.5 + r * series
            series = 1 + r * series
            return Double(exponent) * 0.6931471805599453 + step[1] + r * series
        }

        /// `Confidence.mapped(p, knots:)` with the knot found from the bucket of `p` (0 < p ≤ 1)
        /// rather than by a binary search: the same knot, and the same arithmetic.
        @inline(__always)
        func mapped(_ p: Double) -> Double {
            let k = values + Self.knotsOffset
            let count = knotCount
            if p <= k[0] { return k[1] }
            if p >= k[2 &* count &- 2] { return k[2 &* count &- 1] }
            // The bucket from the top bits of 1 + p's significand: ⌊512p⌋, or one more where
            // 1 + p rounded up (which `starts` allows for).
            let bucket = Int(truncatingIfNeeded: ((1 + p).bitPattern >> 43) & 0x1FF)
            // The first knot at or above p (there is one: p is below the last).
            var low = Int(starts[bucket])
            while k[2 &* low] < p { low &+= 1 }
            let x0 = k[2 &* low &- 2], y0 = k[2 &* low &- 1]
            let x1 = k[2 &* low], y1 = k[2 &* low &+ 1]
            return x1 > x0 ? y0 + (y1 - y0) * (p - x0) / (x1 - x0) : y1
        }
    }

    /// eᵗ for |t| < 30 within 10⁻⁹ relative: 2ⁿ·eʳ with |r| ≤ ½ log 2 (and a little), eʳ by its
    /// series to the 8th power (the terms left out are below 3·10⁻¹⁰).
    @inline(__always)
    static func approximateExp(_ t: Double) -> Double {
        // The nearest whole number n of log 2's by adding 1.5·2⁵² (`rounded()` would call libm),
        // which leaves n in the low bits of the sum's significand.
        let shifted = t * 1.4426950408889634 + 0x1.8p52
        let n = shifted - 0x1.8p52
        let r = t - n * 0.6931471805599453
        var series = 1.0 / 40_320 // 1/8!
        series = 1.0 / 5_040 + r * series
        series = 1.0 / 720 + r * series
        series = 1.0 / 120 + r * series
        series = 1.0 / 24 + r * series
        series = 1.0 / 6 + r * series
        series = 0.5 + r * series
        series = 1 + r * series
        series = 1 + r * series
        // 2ⁿ: n + 1023 (|n| < 44) in the exponent's bits; the sum's higher bits shift out.
        return series * Double(bitPattern: (shifted.bitPattern &+ 1023) << 52)
    }

    /// A quantity this large (a billion of anything; a digit run too long to read is read as
    /// 10¹⁴) is a misread or a joke, not a recipe amount: the line's confidence is at most
    /// `absurdQuantityConfidence`, whatever the tagger's margins say.
    static let absurdQuantity = 1e9
    static let absurdQuantityConfidence = 0.05
    /// `absurdQuantityConfidence` in thousandths.
    static let absurdQuantityThousandths = Int(Rounding.halfAwayFromZero(absurdQuantityConfidence * 1000))

    /// The calibrated probability that the line is right, from `coefficients`: the logistic
    /// model's (intercept first), then, when the row goes on, the knots of a monotone map of
    /// its output (`fitMap`). With no coefficients, a conservative default.
    package static func score(_ e: Evidence, coefficients: [Double]) -> Double {
        let p = logistic(e, coefficients: coefficients)
        guard hasMap(coefficients.count) else { return p }
        return coefficients.withUnsafeBufferPointer { row in
            mapped(p, knots: UnsafeBufferPointer(rebasing: row[(inputCount + 1)...]))
        }
    }

    /// `p` through the monotone map whose knots (output, value pairs, outputs increasing) are
    /// `knots`: linear between knots, the end values beyond them.
    /// (Read through the pointer with wrapping index arithmetic: the callers hand at least two
    /// knots, and every index stays below `knots.count`.)
    @inline(__always)
    static func mapped(_ p: Double, knots: UnsafeBufferPointer<Double>) -> Double {
        let k = knots.baseAddress!
        let count = knots.count / 2
        if p <= k[0] { return k[1] }
        if p >= k[2 &* count &- 2] { return k[2 &* count &- 1] }
        // The first knot at or above p (binary search: most lines lie near the last knots).
        var low = 1, high = count &- 1
        while low < high {
            let mid = (low &+ high) >> 1
            if k[2 &* mid] < p { low = mid &+ 1 } else { high = mid }
        }
        let x0 = k[2 &* low &- 2], y0 = k[2 &* low &- 1]
        let x1 = k[2 &* low], y1 = k[2 &* low &+ 1]
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
