import Foundation
import Testing
@testable import IngredientEvaluation

/// `GoldSentence` reading and `ParseEvaluation` scoring rules.
@Suite("Parse evaluation")
struct EvaluationTests {
    func gold(_ json: String) throws -> GoldSentence {
        try GoldSentence(jsonLine: json)
    }

    @Test func decodesNumbersAndText() throws {
        let g = try gold(#"{"source":"s","input":"half a lemon","amounts":[{"quantity":"half","unit":null}],"name":"lemon"}"#)
        #expect(g.source == "s")
        #expect(g.amounts.first?.quantity == .text("half"))
        #expect(g.amounts.first?.quantityMax == nil)
        let n = try gold(#"{"input":"2 cups flour","amounts":[{"quantity":2,"quantityMax":2,"unit":"cup"}]}"#)
        #expect(n.amounts.first?.quantity == .number(2))
        #expect(n.source == nil)
        #expect(n.name == nil)
    }

    /// Gold lines are read as JSONDecoder read them: nulls and missing optional members are
    /// nil, other members are ignored, trailing commas pass and the first of a repeated member
    /// counts; a line that needs another repair or has the wrong shape is refused.
    @Test func goldLinesAreReadStrictly() throws {
        let g = try gold(#"{"input":"1 egg","amounts":[{"quantity":null,"quantityMax":"1.5-1.8","unit":"cup"},{}],"name":null,"#
            + #""tokens":["1","egg"],"labels":["QTY","NAME"],"extra":{"x":[1,2]}}"#)
        #expect(g.input == "1 egg")
        #expect(g.amounts.count == 2)
        #expect(g.amounts[0].quantity == nil)
        #expect(g.amounts[0].quantityMax == .text("1.5-1.8"))
        #expect(g.amounts[0].unit == "cup")
        #expect(g.amounts[1].unit == nil)
        #expect(g.name == nil)
        #expect(g.tokens == ["1", "egg"])
        #expect(g.labels == ["QTY", "NAME"])
        #expect(try gold(#"{"input":"x","amounts":[{"quantity":-2.5e1}]}"#).amounts[0].quantity == .number(-25))
        #expect(try gold(#"{"input":"x","amounts":[{"quantity":0.5,},],}"#).amounts[0].quantity == .number(0.5))
        #expect(try gold(#"{"input":"x","amounts":[],"name":"a","name":5}"#).name == "a")
        for bad in [#"{"input":"x","amounts":[{"quantity":01}]}"#, #"{"input":"x","amounts":[{"quantity":1.}]}"#,
                    #"{"input":"x","amounts":[{"quantity":+1}]}"#, #"{"input":"x","amounts":[{"quantity":1e400}]}"#,
                    #"{"input":"x","amounts":[{"quantity":NaN}]}"#, #"{"input":"x","amounts":[]} // note"#, #"{'input':"x","amounts":[]}"#, #"{"input":"x"}"#, #"{"amounts":[]}"#,
                    #"{"input":null,"amounts":[]}"#, #"{"input":"x","amounts":{}}"#, #"{"input":"x","amounts":[{"quantity":true}]}"#,
                    #"{"input":"x","amounts":[3]}"#, #"{"input":"x","amounts":[],"name":1}"#, #"{"input":"x","amounts":[],"tokens":[1]}"#,
                    #"[1]"#, #"{"input":"x","amounts":[]} {}"#, #"{"input":"x","amounts":["#] {
            #expect(throws: GoldSentence.FormatError.self, "\(bad)") { _ = try gold(bad) }
        }
    }

    @Test func scoresRightAndWrong() throws {
        let sentences = try [
            gold(#"{"source":"a","input":"2 cups flour","amounts":[{"quantity":2,"quantityMax":2,"unit":"cup"}],"name":"flour"}"#),
            // Units compare after normalization: "cups" and "Cups" are cup.
            gold(#"{"source":"a","input":"1 tsp salt","amounts":[{"quantity":1,"unit":"Tsp"}],"name":"Salt"}"#),
            // A text quantity read through the numbers table.
            gold(#"{"source":"b","input":"half a lemon","amounts":[{"quantity":"half","unit":null}],"name":"lemon"}"#),
            // Wrong quantity on purpose.
            gold(#"{"source":"b","input":"3 eggs","amounts":[{"quantity":4,"unit":null}],"name":"eggs"}"#),
        ]
        let e = ParseEvaluation(gold: sentences, parser: parser)
        #expect(e.overall.count == 4)
        #expect(e.overall.quantity == 3)
        #expect(e.overall.unit == 4)
        #expect(e.overall.name == 4)
        #expect(e.overall.all == 3)
        #expect(e.overall.allRate == 0.75)
        #expect(e.bySource.map(\.source) == ["a", "b"])
        #expect(e.bySource[0].rates.allRate == 1)
        #expect(e.bySource[1].rates.allRate == 0.5)
        #expect(e.misses.map(\.gold.input) == ["3 eggs"])
        #expect(e.misses.first?.quantityRight == false)
        #expect(e.misses.first?.unitRight == true)
        #expect(e.calibration.reduce(0) { $0 + $1.count } == 4)
        // The gap is the lines' weighted mean of |confidence − share right| over the tenths.
        let gap = e.calibration.reduce(0.0) { $0 + Double($1.count) * abs($1.meanConfidence - $1.accuracy) } / 4
        #expect(abs(e.calibrationGap - gap) < 1e-12)
        #expect(e.calibrationGap >= 0 && e.calibrationGap <= 1)
    }

    @Test func unitQualifiersAndPlurals() {
        let scorer = Scorer(lexicon: .builtIn)
        #expect(scorer.normalizeUnit("cups") == "cup")
        #expect(scorer.normalizeUnit("large can") == "can")
        #expect(scorer.normalizeUnit("heaped_tablespoon") == "tablespoon")
        #expect(scorer.normalizeUnit("blips") == "blip")
        #expect(scorer.normalizeUnit("") == nil)
        #expect(scorer.normalizeUnit(nil) == nil)
    }

    @Test func nameNormalization() {
        #expect(Scorer.normalizeName("  Salt & Pepper!! ") == "salt pepper")
        #expect(Scorer.normalizeName("extra-virgin olive oil") == "extra virgin olive oil")
        #expect(Scorer.normalizeName("Crème Fraîche") == "crème fraîche")
    }

    @Test func readReportsMalformedLines() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("gold.jsonl").path
        let good = #"{"input":"2 cups flour","amounts":[{"quantity":2,"unit":"cup"}],"name":"flour"}"#
        try (good + "\n\n" + good + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try GoldSentence.read(path: path).count == 2)

        try (good + "\n{\"input\": 3}\n").write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try GoldSentence.read(path: path)
            Issue.record("expected malformedGold")
        } catch let EvaluationError.malformedGold(p, line, _) {
            #expect(p == path)
            #expect(line == 2)
        }
    }
}
