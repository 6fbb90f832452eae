import Foundation
import Testing
@testable import IngredientParsing

/// The line-level confidence score.
@Suite("Confidence")
struct ConfidenceTests {
    @Test("clear lines score high", arguments: [
        "2 cups flour",
        "1 tsp salt",
        "3 tablespoons olive oil",
        "250 ml milk",
        "2 large eggs",
        "1 (14 oz) can tomatoes",
    ])
    func clearLine(_ line: String) {
        let c = parser.parse(line).confidence
        #expect(c >= 0.8, "confidence \(c)")
        #expect(c <= 1)
    }

    @Test func nonsenseScoresLowerThanAClearLine() {
        let clear = parser.parse("2 cups flour").confidence
        let nonsense = parser.parse("zxq blorp !!??").confidence
        #expect(nonsense < clear, "nonsense \(nonsense), clear \(clear)")
        #expect(nonsense >= 0)
    }

    @Test func roundedToThousandths() {
        for line in ["2 cups flour", "zxq blorp !!??", "a few sprigs thyme", "Olive oil, for frying"] {
            let c = parser.parse(line).confidence
            #expect(abs(c * 1000 - (c * 1000).rounded()) < 1e-6, "\(line): \(c)")
        }
    }

    @Test func headersAndEmptyLinesAreCertain() {
        #expect(parser.parse("For the sauce:").confidence == 1)
        #expect(parser.parse("").confidence == 1)
    }

    @Test func deterministic() {
        let a = parser.parse("1 ½ cups finely chopped red onions, divided")
        let b = IngredientParser().parse("1 ½ cups finely chopped red onions, divided")
        #expect(a == b)
    }

    @Test func calibrationFallbackWithoutCoefficients() {
        // With no fitted coefficients the score is a conservative function of the margin.
        var e = Confidence.Evidence(minimumMargin: 4, meanMargin: 4, hasQuantity: true, unknownUnit: false,
                                    hasName: true, unknownWordShare: 0, tokenCount: 3)
        let base = Confidence.score(e, coefficients: [])
        #expect(abs(base - (1 - exp(-1.0))) < 1e-12)
        e.hasName = false
        #expect(abs(Confidence.score(e, coefficients: []) - base * 0.2) < 1e-12)
        e.hasName = true
        e.unknownUnit = true
        #expect(abs(Confidence.score(e, coefficients: []) - base * 0.7) < 1e-12)
    }

    @Test func logisticScore() {
        let e = Confidence.Evidence(minimumMargin: 0, meanMargin: 0, hasQuantity: false, unknownUnit: false,
                                    hasName: true, unknownWordShare: 0, tokenCount: 0)
        // All inputs zero: the score is the logistic of the intercept.
        let coefficients = [0.0] + Array(repeating: 1.0, count: Confidence.inputCount)
        #expect(Confidence.score(e, coefficients: coefficients) == 0.5)
    }

    /// The monotone map after the logistic model: linear between knots, flat beyond them.
    @Test func mapBetweenAndBeyondKnots() {
        let knots = [0.2, 0.5, 0.6, 0.7, 0.9, 0.95]
        func mapped(_ p: Double) -> Double { knots.withUnsafeBufferPointer { Confidence.mapped(p, knots: $0) } }
        #expect(mapped(0.1) == 0.5)
        #expect(mapped(0.2) == 0.5)
        #expect(abs(mapped(0.4) - 0.6) < 1e-12)
        #expect(abs(mapped(0.75) - 0.825) < 1e-12)
        #expect(mapped(0.99) == 0.95)
        // A calibration row with knots after the coefficients maps the logistic output.
        let e = Confidence.Evidence(minimumMargin: 0, meanMargin: 0, hasQuantity: false, unknownUnit: false,
                                    hasName: true, unknownWordShare: 0, tokenCount: 0)
        let row = [0.0] + Array(repeating: 1.0, count: Confidence.inputCount) + Array(knots)
        #expect(abs(Confidence.score(e, coefficients: row) - 0.65) < 1e-12) // logistic 0.5
    }

    /// The map is fitted by pooling: its values never fall as the output rises, each block
    /// holds enough lines, and no block claims certainty.
    @Test func fittedMapIsMonotone() {
        // Outputs 0…1; lines right where the output's hundredths are below a wavy line.
        var samples: [(p: Double, right: Bool)] = []
        for k in 0..<1000 {
            let p = Double(k) / 1000
            let rate = 0.5 + 0.4 * p + 0.1 * sin(Double(k) / 37)
            samples.append((p, Double((k * 7919) % 100) / 100 < rate))
        }
        let knots = Confidence.fitMap(samples, minimumBlock: 50)
        #expect(knots.count >= 4 && knots.count % 2 == 0)
        #expect(knots.count / 2 <= 1000 / 50)
        let values = stride(from: 1, to: knots.count, by: 2).map { knots[$0] }
        let outputs = stride(from: 0, to: knots.count, by: 2).map { knots[$0] }
        #expect(values == values.sorted())
        #expect(outputs == outputs.sorted())
        #expect(values.allSatisfy { $0 > 0 && $0 < 1 })
        // Too few lines for two blocks: no map.
        #expect(Confidence.fitMap(Array(samples.prefix(60)), minimumBlock: 50).isEmpty)
    }

    /// The cheaper logarithm and exponential of `Confidence.Table.thousandths` are within the error its
    /// margin assumes (10⁻⁹), and it gives the thousandths of `score` wherever it answers.
    @Test func fastThousandthsEqualTheScore() throws {
        let row = IngredientParser().model.calibration
        let fastRow = try #require(Confidence.Fast(coefficients: row))
        let table = fastRow.table
        var x = 0.0
        while x < 1e300 {
            #expect(abs(table.log1p(x) - log1p(x)) < 1e-9, "log1p(\(x))")
            for y in [x.nextUp, x.nextDown, Double(Float(x))] where y >= 0 && y.isFinite {
                #expect(abs(table.log1p(y) - log1p(y)) < 1e-9, "log1p(\(y))")
            }
            x = x < 1 ? x + 0.0037 : x < 1e4 ? x * 1.0137 : x * 1.37
        }
        var t = -30.0
        while t < 30 {
            #expect(abs(Confidence.approximateExp(t) / exp(t) - 1) < 1e-9, "exp(\(t))")
            t += 0.0731
        }
        let margin = Confidence.fastMargin(coefficients: row)
        #expect(margin > 0 && margin < 1e-3)
        // The knot found from the bucket is the binary search's: the same mapped value.
        let knots = Array(row[(Confidence.inputCount + 1)...])
        var p = 0.0
        while p <= 1 {
            for q in [p, p.nextDown, p.nextUp] where q > 0 && q <= 1 {
                #expect(table.mapped(q) == knots.withUnsafeBufferPointer { Confidence.mapped(q, knots: $0) }, "p \(q)")
            }
            p += 1.0 / 4096
        }
        for x in stride(from: 0, to: knots.count, by: 2) {
            for q in [knots[x], knots[x].nextDown, knots[x].nextUp] where q > 0 && q <= 1 {
                #expect(table.mapped(q) == knots.withUnsafeBufferPointer { Confidence.mapped(q, knots: $0) }, "p \(q)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        for _ in 0..<20_000 {
            let e = Confidence.Evidence(
                minimumMargin: Double(Float.random(in: 0...40, using: &generator)),
                meanMargin: Double.random(in: 0...60, using: &generator), hasQuantity: Bool.random(using: &generator),
                unknownUnit: Bool.random(using: &generator), hasName: Bool.random(using: &generator),
                unknownWordShare: Double.random(in: 0...1, using: &generator), tokenCount: Int.random(in: 1...200, using: &generator))
            guard let fast = table.thousandths(e) else { continue }
            answered += 1
            #expect(fast == Confidence.thousandths(Confidence.score(e, coefficients: row)))
        }
        #expect(answered > 19_000)
    }

    /// The shipped model carries a map, and lines it is sure of stay high.
    @Test func shippedCalibrationHasAMap() {
        let row = IngredientParser().model.calibration
        #expect(row.count > Confidence.inputCount + 1 + 4)
        #expect(parser.parse("2 cups flour").confidence >= 0.9)
    }
}
