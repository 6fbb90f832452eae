import Foundation
import Testing
@testable import IngredientParsing
import IngredientTagger

/// A line that capitalizes every word ("2 Tbsp Chopped Fresh Parsley", as many sites write
/// their lists) or writes every word in capitals parses as the same line in lowercase: where
/// every word has a capital, the capital says nothing about a word
/// (`FeatureExtractor.uninformativeCase`).
@Suite("Title Case and capitals")
struct CaseFoldingTests {
    static func titleCased(_ s: String) -> String {
        var out = "", previousIsLetter = false
        for ch in s.lowercased() {
            out += previousIsLetter ? String(ch) : ch.uppercased()
            previousIsLetter = ch.isLetter || ch == "'" || ch == "’"
        }
        return out
    }

    /// Every field but the case of its words, for comparing a line with its lowercase form.
    static func fields(_ p: ParsedIngredient) -> [String] {
        [p.kind.rawValue, p.quantity.map { "\($0)" } ?? "-", p.quantityMax.map { "\($0)" } ?? "-", p.unit ?? "-",
         p.size ?? "-", p.name ?? "-", p.preparation ?? "-", p.comment ?? "-", p.purpose ?? "-", "\(p.isOptional)",
         p.alternates.map { "\($0.quantity ?? -1) \($0.unit ?? "-")" }.joined(separator: ",")].map { $0.lowercased() }
    }

    /// Which case pattern a line's words leave uninformative: 2 (first capitals) for Title
    /// Case, 1 (no small letter) for capitals, 0 where capitals mark some words only.
    @Test func linesThatCapitalizeEveryWord() {
        func pattern(_ line: String) -> Int {
            Array(line.utf8).withUnsafeBufferPointer { bytes in
                Tokenizer.tokenize(bytes).withUnsafeBufferPointer { FeatureExtractor.uninformativeCase($0, bytes) }
            }
        }
        #expect(pattern("2 Tbsp Chopped Fresh Parsley") == 2)
        #expect(pattern("1 (14 Ounce) Can Diced Tomatoes, Drained") == 2)
        #expect(pattern("Salt and Pepper to Taste") == 2)
        #expect(pattern("1 CUP BROWN SUGAR") == 1)
        #expect(pattern("2 cups chopped fresh parsley") == 0)
        #expect(pattern("1 bottle dark beer (such as Goose Island Oktoberfest)") == 0)
        #expect(pattern("Parsley") == 0)
        #expect(pattern("1 tsp USDA organic Salt") == 0)
        // A word shape keeps its length and marks; only the case pattern is read as none.
        let capitalized = Int(WordShape.code(upper: 1, lower: 5, digitsAndMarks: 0, hyphens: 1, nonASCII: 0,
                                             firstUpper: true, trailingDot: false))
        let lowercase = Int(WordShape.code(upper: 0, lower: 6, digitsAndMarks: 0, hyphens: 1, nonASCII: 0,
                                           firstUpper: false, trailingDot: false))
        #expect(FeatureExtractor.foldingCase(capitalized, pattern: 2) == lowercase)
        #expect(FeatureExtractor.foldingCase(capitalized, pattern: 0) == capitalized)
        #expect(FeatureExtractor.foldingCase(capitalized, pattern: 1) == capitalized)
    }

    /// Our fixture's ingredient lines, lowercased, in Title Case and in capitals, parse alike.
    /// The lines with a one-letter unit code (`t` teaspoon, `T` tablespoon) are left out: there
    /// the case is the unit. Measured when written: 338 of 339 alike in Title Case ("Half A
    /// Dozen Eggs" names "Dozen Eggs") and 339 in capitals; 330 and 335 before the rule.
    @Test func titleCaseAndCapitalsParseAsLowercase() throws {
        let text = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        var inputs: [String] = []
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["kind"] as? String == "ingredient", let input = object["input"] as? String else { continue }
            let words = input.split(whereSeparator: { $0 == " " || $0 == "," })
            if words.contains(where: { $0.lowercased() == "t" || $0.lowercased() == "t." }) { continue }
            inputs.append(input)
        }
        #expect(inputs.count == 339)
        for (form, transform) in [("Title Case", Self.titleCased), ("capitals", { $0.uppercased() })] as [(String, (String) -> String)] {
            var differ: [String] = []
            for input in inputs {
                let lower = Self.fields(parser.parse(input.lowercased()))
                let other = Self.fields(parser.parse(transform(input)))
                if lower != other { differ.append("\(transform(input)): \(other) against \(lower)") }
            }
            #expect(differ.count <= 2, "\(form): \(differ.count) lines parse otherwise:\n\(differ.joined(separator: "\n"))")
        }
    }
}
