import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientEvaluation

/// Any input gives a key, possibly empty, and never traps; the same input always gives the
/// same key.
@Suite("Canonical keys: bad input")
struct KeysRobustnessTests {
    static let keyer = CanonicalKeyer()

    func key(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { Self.keyer.key(forNameUTF8: $0) }
    }

    @Test func emptyAndBlank() {
        #expect(Self.keyer.key(forName: "") == "")
        #expect(Self.keyer.key(forName: "   ") == "")
        #expect(Self.keyer.key(forName: "\t\n\r") == "")
        #expect(key([]) == "")
        #expect(Self.keyer.key(for: ParsedIngredient(input: "", kind: .empty)) == nil)
    }

    @Test func invalidUTF8IsRepaired() {
        let cases: [[UInt8]] = [
            [0xFF, 0xFE], [0x6F, 0x6E, 0x69, 0x6F, 0x6E, 0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80, 0x80, 0x80], Array("red onion".utf8) + [0xFF] + Array(" rings".utf8),
        ]
        for bytes in cases {
            let k = key(bytes)
            #expect(k.utf8.count < 64)
            #expect(key(bytes) == k, "deterministic")
        }
        #expect(key(Array("onion".utf8) + [0xFF]) == "onion")
        #expect(key(Array("red".utf8) + [0xFF] + Array("onion".utf8)) == "red onion")
    }

    @Test func controlCharacters() {
        #expect(Self.keyer.key(forName: "red\u{0}onion") == "red onion")
        #expect(Self.keyer.key(forName: "\u{1}\u{2}\u{1F}salt\u{7F}") == "salt")
        #expect(Self.keyer.key(forName: "salt\u{202E}") == "salt")
        #expect(Self.keyer.key(forName: "\u{200B}\u{FEFF}salt") == "salt")
    }

    @Test func oneMegabyteName() {
        let big = String(repeating: "chopped tomatoes, ", count: 60_000) // about 1 MB
        #expect(big.utf8.count > 1_000_000)
        let k = Self.keyer.key(forName: big)
        #expect(!k.isEmpty && k.utf8.count <= KeyFolding.maximumInputBytes)
        #expect(Self.keyer.key(forName: big) == k)
        let bigWords = String(repeating: "abc ", count: 300_000)
        let w = Self.keyer.key(forName: bigWords)
        #expect(w.split(separator: " ").count <= KeyWork.maximumWords)
        let bigWord = String(repeating: "x", count: 1_000_000)
        #expect(Self.keyer.key(forName: bigWord).utf8.count <= KeyFolding.maximumInputBytes)
        let bigUnicode = String(repeating: "é", count: 500_000)
        #expect(Self.keyer.key(forName: bigUnicode).utf8.count <= KeyFolding.maximumInputBytes)
    }

    @Test func oddStructure() {
        let names = [
            "((((salt", "salt))))", "(", ")", ",", ", , ,", "/", "&", "or", "and or", "of of of", "salt or",
            "or salt", "salt and", "leg of", "juice of", "juice of 1", "(a) (b) (c)", "[salt]{pepper}", "a, b, c, d, e, f, g",
            "salt,,pepper", "1/2", "½", "⅓ cup", "%%%", "'''", "salt's", "''salt''", "-salt-", String(repeating: "(", count: 5000),
            String(repeating: "or ", count: 100), String(repeating: "a, ", count: 100), String(repeating: "of ", count: 100),
        ]
        for name in names {
            let k = Self.keyer.key(forName: name)
            #expect(Self.keyer.key(forName: name) == k)
            _ = Self.keyer.displayName(forKey: k, locale: .enGB)
        }
        #expect(Self.keyer.key(forName: "((((salt") == "salt")
        #expect(Self.keyer.key(forName: "[salt]{pepper}") == "salt pepper")
        #expect(Self.keyer.key(forName: "or") == "or")
    }

    @Test func randomBytesNeverTrap() {
        var rng = SplitMix64(seed: 42)
        let pieces: [[UInt8]] = [
            Array("onion".utf8), Array(" ".utf8), Array(",".utf8), Array("(".utf8), Array(")".utf8), Array("or".utf8),
            Array("of".utf8), Array("é".utf8), Array("ß".utf8), Array("🍅".utf8), [0xFF], [0xC3], [0xE2, 0x80], Array("’".utf8),
            Array("chopped".utf8), Array("s".utf8), Array("ies".utf8), Array("and".utf8), Array("/".utf8), Array("&".utf8),
        ]
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &rng) {
                if Bool.random(using: &rng) {
                    bytes += pieces.randomElement(using: &rng)!
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &rng))
                }
            }
            let k = key(bytes)
            #expect(key(bytes) == k)
        }
    }

    @Test func displayNameOfAnyKey() {
        #expect(Self.keyer.displayName(forKey: "", locale: .enUS) == "")
        #expect(Self.keyer.displayName(forKey: "   ", locale: .enGB) == "   ")
        #expect(Self.keyer.displayName(forKey: "no such food", locale: .enGB) == "no such food")
    }

    @Test func sharedAcrossThreads() async {
        let names = KeysGolden.rows.map(\.name)
        let expected = names.map(Self.keyer.key(forName:))
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { names.map(Self.keyer.key(forName:)) == expected }
            }
            for await same in group { #expect(same) }
        }
    }
}
