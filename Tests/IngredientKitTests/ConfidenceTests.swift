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
}
