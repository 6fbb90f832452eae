import Foundation
import Testing
@testable import IngredientParsing
@testable import IngredientEvaluation

/// Hostile input: every line gives exactly one well-formed result and never traps.
@Suite("Robustness")
struct RobustnessTests {
    /// The invariants every parse must keep.
    func checkSane(_ p: ParsedIngredient, _ what: String, json: Bool = true) {
        #expect((0...1).contains(p.confidence), "\(what): confidence \(p.confidence)")
        if let q = p.quantity {
            #expect(q.isFinite, "\(what)")
            #expect(p.quantityMax?.isFinite == true, "\(what)")
        }
        // The JSON rendering of the result is valid JSON. (Skipped for quantities of 14+
        // digits: JSONLine traps on them, see CLITests.hugeQuantityDoesNotCrash.)
        guard json else { return }
        let json = JSONLine.string(for: p)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(what): \(json.prefix(200))")
    }

    @Test func invalidUTF8IsRepaired() {
        let bytes: [UInt8] = Array("2 cups ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" flour".utf8)
        let p = parseBytes(bytes)
        #expect(p.input.unicodeScalars.contains("\u{FFFD}"))
        #expect(p.input.hasPrefix("2 cups "))
        #expect(p.input.hasSuffix(" flour"))
        #expect(p.quantity == 2)
        #expect(p.unit == "cup")
        checkSane(p, "invalid UTF-8")
    }

    @Test func invalidUTF8Forms() {
        let cases: [[UInt8]] = [
            [0xC0, 0xAF],                         // overlong
            [0xED, 0xA0, 0x80],                   // surrogate
            [0xF4, 0x90, 0x80, 0x80],             // beyond U+10FFFF
            [0xE2, 0x82],                         // truncated at the end
            [0x31, 0x20, 0xBD, 0x20, 0x63, 0x75, 0x70], // "1 " + lone continuation byte + " cup"
            [0xF5],
        ]
        for bytes in cases {
            let p = parseBytes(bytes)
            #expect(p.input.unicodeScalars.contains("\u{FFFD}"), "\(bytes)")
            checkSane(p, "\(bytes)")
        }
    }

    @Test func validUTF8BytesEqualStringParse() {
        let line = "1 ½ cups crème fraîche, chilled"
        #expect(parseBytes(Array(line.utf8)) == parser.parse(line))
    }

    @Test func nulAndControlCharacters() {
        let p = parser.parse("2 cups\u{0}flour\u{1}\u{7}\u{1B}[0m")
        #expect(p.quantity == 2)
        #expect(p.unit == "cup")
        checkSane(p, "control characters")
        let only = parser.parse("\u{0}\u{1}\u{2}\u{1F}\u{7F}")
        #expect(only.kind == .empty)
        checkSane(only, "only controls")
    }

    /// A 2 MB line of ordinary words and amounts, in 2 KB pieces (about 12 tokens each, so the
    /// debug build stays fast).
    @Test func twoMegabyteLine() {
        let piece = "1 cup flour, sifted; " + String(repeating: "x", count: 2_000) + " 2 tbsp sugar "
        let line = String(repeating: piece, count: 2_000_000 / piece.utf8.count + 1)
        #expect(line.utf8.count >= 2_000_000)
        let p = parser.parse(line)
        #expect(p.kind == .ingredient)
        #expect(p.quantity == 1)
        #expect(p.input.utf8.count == line.utf8.count)
        checkSane(p, "2 MB line")
    }

    /// 200 KB of a real ingredient line repeated: about 60,000 tokens.
    @Test func manyTokens() {
        let piece = "1 cup flour, sifted; "
        let line = String(repeating: piece, count: 200_000 / piece.utf8.count)
        let p = parser.parse(line)
        #expect(p.kind == .ingredient)
        #expect(p.quantity == 1)
        #expect(p.unit == "cup")
        checkSane(p, "200 KB line")
    }

    @Test func twoMegabyteWord() {
        let p = parser.parse(String(repeating: "a", count: 2_000_000))
        checkSane(p, "2 MB word")
        let digits = parser.parse(String(repeating: "7", count: 2_000_000) + " g")
        #expect(digits.quantity == 777_777_777_777_777) // digits past the fifteenth are ignored
        checkSane(digits, "2 MB number", json: false)
    }

    @Test func randomBytesAreDeterministicAndSafe() {
        var rng = SplitMix64(seed: 0x1D6E_D1E7)
        let bytes = (0..<10_240).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let first = parseBytes(bytes)
        #expect(first.input.unicodeScalars.contains("\u{FFFD}"))
        checkSane(first, "random bytes")
        #expect(parseBytes(bytes) == first)
    }

    @Test func manyShortRandomLines() {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("0123456789 /-–½¼⅓x×.,()abcgkltTsp#:\u{2044}".unicodeScalars)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &rng)
            var s = String.UnicodeScalarView()
            for _ in 0..<length { s.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            let line = String(s)
            let p = parser.parse(line)
            #expect(p.input == line)
            checkSane(p, line)
        }
    }

    @Test(arguments: [
        "2 🥚🥚 eggs 🍳",
        "🧂",
        "1 كوب دقيق",                 // Arabic: right-to-left
        "2 כוסות קמח",                // Hebrew
        "\u{202E}2 cups flour\u{202C}", // bidi override marks
        "!!!",
        "...,,,;;;---",
        "()[]{}",
        ":",
        "½",
        "x",
        "1/0 cup",
        "0 g salt",
        "1,2,3,4,5",
        "-",
        "½-",
        "2 to",
        "a",
        "of of of of",
    ])
    func oddLines(_ line: String) {
        let p = parser.parse(line)
        #expect(p.input == line)
        checkSane(p, line)
    }

    @Test func emojiLineKeepsItsQuantity() {
        let p = parser.parse("2 🥚 eggs")
        #expect(p.quantity == 2)
    }

    @Test func onlyPunctuationHasNoAmount() {
        let p = parser.parse("!?!?,.;")
        #expect(p.amount == nil)
        #expect(p.kind == .ingredient)
    }
}
