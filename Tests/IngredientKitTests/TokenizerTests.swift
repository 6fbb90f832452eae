import Foundation
import Testing
@testable import IngredientText
@testable import IngredientParsing
@testable import IngredientTagger

/// The byte tokenizer and its quantity grouping pass (internal API).
@Suite("Tokenizer")
struct TokenizerTests {
    /// Words get their folded hash and stem during the scan; they must equal what the
    /// separate pass gives every other token: the stem without a final dot, and its hash.
    @Test func wordHashesMatchTheirStems() {
        let lines = ["2 Tbsp. olive oil", "1 tsp e.g. SALT", "a.× b", "it’s crème fraîche", "x2 eggs", "3 oz. pkg.",
                     "free-range eggs", "don't stir.", "Jalapeño", "1.5 kg", "word. word", "e.g."]
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { b in
                for t in Tokenizer.tokenize(b) where t.kind != .quantity {
                    var stem = t.end
                    if t.kind == .word, stem - t.start > 1, b[stem - 1] == 0x2E { stem -= 1 }
                    #expect(t.stemEnd == stem, "\(line): \(t)")
                    #expect(t.hash == ByteHash.fold(UnsafeBufferPointer(rebasing: b[t.start..<stem])), "\(line): \(t)")
                }
            }
        }
    }

    /// The shape the tokenizer counts while scanning a word must be the one its stem's bytes
    /// give, on every word of our fixture and on words with capitals, digits, marks,
    /// non-ASCII letters and dots; and its bytes must read as the model file writes them.
    @Test func wordShapesMatchTheirStems() throws {
        var lines = try Self.fixtureInputs()
        lines += ["2 Tbsp. olive oil", "1 tsp e.g. SALT", "a.× b", "it’s crème fraîche", "3 oz. pkg.", "free-range EGGS",
                  "McCormick's", "don't stir.", "Jalapeño", "word. word", "e.g.", "7UP", "a.ñ", "X", "Xy", "xYz", "ABC-def",
                  "pH7", "Crème Fraîche", "ÉCLAIR", "v8.", "Mc.Do"]
        var words = 0
        var codes = Set<UInt8>()
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { b in
                // (A spaced "&" is read as the word "and", with the shape of "and".)
                for t in Tokenizer.tokenize(b) where t.kind == .word && t.wordShape != 0 && b[t.start] != 0x26 {
                    let counted = WordShape(stem: UnsafeBufferPointer(rebasing: b[t.stemRange]), trailingDot: t.end != t.stemEnd)
                    #expect(t.wordShape == counted.code, "\(line): \(t)")
                    words += 1
                    codes.insert(t.wordShape)
                }
            }
        }
        #expect(words > 1000)
        #expect(codes.count > 12)
        let cases: [(String, Bool, String)] = [("salt", false, "x"), ("Tbsp", true, "Xx_"), ("OZ", false, "XX2"), ("t", false, "x1"),
                                                ("free-range", false, "x-"), ("crème", false, "xu"), ("McCormick's", false, "xX."),
                                                ("7UP", false, "XX2."), ("ÉCLAIR", false, "XXu")]
        for (word, dot, expected) in cases {
            let bytes = Array(word.utf8)
            let shape = bytes.withUnsafeBufferPointer { WordShape(stem: $0, trailingDot: dot) }
            #expect(WordShape.bytes(code: shape.code).string == expected, "\(word)")
        }
    }

    /// The input lines of our parse fixture.
    static func fixtureInputs() throws -> [String] {
        let fixture = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        return fixture.split(separator: "\n").compactMap { row -> String? in
            guard let data = row.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return object["input"] as? String
        }
    }

    /// Grouping is skipped on lines where no quantity can join its neighbour; on every line
    /// of our fixture (and a few edge cases) skipping must give what grouping would.
    @Test func groupingIsSkippedOnlyWhereItChangesNothing() throws {
        var lines = try Self.fixtureInputs()
        lines += ["2 to 3 eggs", "2 or 3", "1 x 400g tin", "8 x 2", "2x", "1-1/2 cups", "1 ½", "3 oz", "x2 eggs", "1 (14 oz) can"]
        #expect(lines.count > 100)
        var skipped = 0
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { b in
                var raw: [Token] = []
                Tokenizer.lex(b, into: &raw)
                var grouped = raw
                let groupedCount = grouped.withUnsafeMutableBufferPointer { QuantityGrouping.group($0, b) }
                grouped.removeLast(grouped.count - groupedCount)
                // Every token looked at (all bits), as on a line whose tokens may all be quantities.
                if !raw.withUnsafeBufferPointer({ QuantityGrouping.isNeeded($0, quantities: ~0, b) }) {
                    skipped += 1
                    #expect(String(describing: grouped) == String(describing: raw), "\(line)")
                }
                #expect(String(describing: Tokenizer.tokenize(b)) == String(describing: grouped), "\(line)")
            }
        }
        #expect(skipped > 0 && skipped < lines.count)
    }

    /// The tokenizer tells whether a line can be copied into JSON as it is; it must agree
    /// with a check of every byte, on our fixture and on lines with each byte JSON escapes.
    @Test func plainLinesAreThoseWithNothingToEscape() throws {
        var lines = try Self.fixtureInputs()
        let escaped = ["\"", "\\", "\t", "\u{7F}", "\u{01}", "\r", "\u{1F}"]
        for e in escaped {
            lines += ["2 cups\(e)flour", "\(e)1 egg", "1 egg\(e)", "1\(e)2 cups", "salt\(e)", "a\(e)b", "½\(e)", "x2\(e)"]
        }
        lines += ["", " ", "crème fraîche", "1 – 2 cups", "it’s"]
        var plainCount = 0
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { b in
                var tokens: [Token] = []
                let plain = Tokenizer.tokenize(b, into: &tokens)
                #expect(plain == !b.contains(where: ByteWriter.needsEscape), "\(line.debugDescription)")
                if plain { plainCount += 1 }
            }
        }
        #expect(plainCount > 100 && plainCount < lines.count - 50)
    }

    @Test func wordsNumbersAndPunctuation() {
        let text = "2 cups flour, sifted"
        let t = tokens(text)
        #expect(t.map(\.kind) == [.quantity, .word, .word, .punctuation, .word])
        #expect(t.map { tokenText($0, in: text) } == ["2", "cups", "flour", ",", "sifted"])
        #expect(t[0].value == 2)
        #expect(t[0].isInteger)
    }

    @Test func mixedNumberIsOneToken() {
        for text in ["1 1/2", "1-1/2", "1 ½", "1½"] {
            let t = tokens(text)
            #expect(t.count == 1, "\(text)")
            #expect(t.first?.kind == .quantity)
            #expect(t.first?.value == 1.5, "\(text)")
            #expect(t.first?.maxValue == 1.5)
        }
    }

    @Test func fractionSlash() {
        let t = tokens("3\u{2044}4")
        #expect(t.count == 1)
        #expect(t[0].value == 0.75)
        #expect(t[0].isProperFraction)
    }

    @Test func rangesAreOneToken() {
        for (text, low, high) in [("2-3", 2.0, 3.0), ("2–3", 2, 3), ("2 to 3", 2, 3), ("2 or 3", 2, 3), ("1½-2", 1.5, 2), ("1 to 1 1/2", 1, 1.5)] {
            let t = tokens(text)
            #expect(t.count == 1, "\(text)")
            #expect(t.first?.value == low, "\(text)")
            #expect(t.first?.maxValue == high, "\(text)")
            #expect(t.first?.isRange == true)
        }
    }

    @Test func gluedUnitIsSplitOff() {
        let text = "400g"
        let t = tokens(text)
        #expect(t.map(\.kind) == [.quantity, .word])
        #expect(t[0].value == 400)
        #expect(t[0].gluedToNext)
        #expect(tokenText(t[1], in: text) == "g")
    }

    @Test func hyphenatedUnitDropsTheHyphen() {
        let text = "10-ounce can"
        let t = tokens(text)
        #expect(t.map(\.kind) == [.quantity, .word, .word])
        #expect(tokenText(t[1], in: text) == "ounce")
        #expect(t[0].gluedToNext)
    }

    @Test func multipliers() {
        let before = tokens("8 x 450g")
        #expect(before.count == 3)
        #expect(before[0].isMultiplier)
        #expect(before[0].value == 8)
        #expect(before[1].value == 450)
        #expect(!before[1].isMultiplier)

        let after = tokens("eggs x2")
        #expect(after.count == 2)
        #expect(after[1].kind == .quantity)
        #expect(after[1].isMultiplier)
        #expect(after[1].value == 2)

        // A word that merely starts with x is a word.
        let word = tokens("xanthan gum")
        #expect(word.map(\.kind) == [.word, .word])
    }

    @Test func abbreviationKeepsItsDotButHashesWithout() {
        let text = "1 tsp. salt"
        let t = tokens(text)
        #expect(t.count == 3)
        #expect(tokenText(t[1], in: text) == "tsp.")
        #expect(t[1].stemEnd == t[1].end - 1)
        #expect(t[1].hash == tokens("tsp")[0].hash)
    }

    @Test func caseFoldedHash() {
        #expect(tokens("Flour")[0].hash == tokens("flour")[0].hash)
        #expect(tokens("Flour")[0].hash != tokens("flower")[0].hash)
    }

    @Test func nonASCIIWordsAndSpaces() {
        let text = "crème\u{00A0}fraîche"
        let t = tokens(text)
        #expect(t.map { tokenText($0, in: text) } == ["crème", "fraîche"])
    }

    @Test func controlCharactersAreSpace() {
        let t = tokens("2\u{0}cups\u{7}flour")
        #expect(t.map(\.kind) == [.quantity, .word, .word])
        #expect(tokens("\u{0}\u{1}\u{1F} \t").isEmpty)
    }

    @Test func absurdlyLongDigitRunStaysFinite() {
        let t = tokens(String(repeating: "9", count: 400) + " g")
        #expect(t.count == 2)
        #expect(t[0].value.isFinite)
    }

    /// "2x400g": the x between two numbers is a multiplier sign (see QuantityTests).
    @Test func gluedMultiplierTokens() {
        let t = tokens("2x400g")
        #expect(t.count == 3) // "2x", "400", "g"
        #expect(t.first?.isMultiplier == true)
        #expect(t.first?.value == 2)
        #expect(t.dropFirst().first?.value == 400)
    }
}
