import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientEvaluation

/// Step 1 of the key spec: the ASCII fast path and the per-character table give exactly
/// what ICU gives.
@Suite("Canonical keys: folding")
struct KeysFoldingTests {
    static let keyer = CanonicalKeyer()
    static let keepMarks = CanonicalKeyer(options: .init(foldsDiacritics: false))

    /// The folded bytes of `text`, through the fast paths or forced through ICU.
    func folded(_ text: String, icu: Bool, diacritics: Bool = true) -> [UInt8] {
        Array(text.utf8).withUnsafeBufferPointer { input in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: KeyFolding.maximumFoldedBytes) { out in
                let n = KeyFolding.fold(input, into: out, foldsDiacritics: diacritics, forceICU: icu)
                return Array(out[0..<n])
            }
        }
    }

    @Test func everyASCIICharacterFoldsAsICUDoes() {
        for b in 0..<128 {
            let text = String(UnicodeScalar(UInt8(b)))
            #expect(folded(text, icu: false) == folded(text, icu: true), "byte \(b)")
        }
    }

    @Test func asciiKeysAreByteIdenticalThroughICU() throws {
        var names = KeysGolden.rows.map(\.name).filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        let fixture = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        for line in fixture.split(separator: "\n") {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
               let input = object["input"] as? String, input.utf8.allSatisfy({ $0 < 0x80 }) {
                names.append(input)
            }
        }
        var rng = SplitMix64(seed: 0x1CE)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,;/&+()[]{}'\"-.%*!?:\t".utf8)
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &rng)
            names.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self))
        }
        #expect(names.count > 2300)
        for name in names {
            let fast = Self.keyer.key(forName: name)
            let icu = Self.keyer.keyThroughICU(forName: name)
            #expect(Array(fast.utf8) == Array(icu.utf8), "\(name.debugDescription)")
            #expect(folded(name, icu: false) == folded(name, icu: true), "\(name.debugDescription)")
        }
    }

    /// Every character of the per-character table folds as ICU folds it alone, and next to
    /// ASCII letters and other table characters, in both diacritic modes.
    @Test func characterTableMatchesICU() {
        var scalars: [Unicode.Scalar] = []
        for range in KeyFolding.CharacterFolds.ranges {
            for v in range {
                guard let s = Unicode.Scalar(v), KeyFolding.latin.bytes(of: v) != nil else { continue }
                scalars.append(s)
            }
        }
        #expect(scalars.count > 1000)
        for diacritics in [true, false] {
            for s in scalars {
                let alone = String(s)
                #expect(folded(alone, icu: false, diacritics: diacritics) == folded(alone, icu: true, diacritics: diacritics),
                        "U+\(String(s.value, radix: 16)) diacritics \(diacritics)")
                let mixed = "A\(s)b\(s)\(s)Z"
                #expect(folded(mixed, icu: false, diacritics: diacritics) == folded(mixed, icu: true, diacritics: diacritics),
                        "U+\(String(s.value, radix: 16)) in context, diacritics \(diacritics)")
            }
        }
        // Pairs of table characters, sampled.
        var rng = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let text = String(String.UnicodeScalarView((0..<4).map { _ in scalars.randomElement(using: &rng)! }))
            #expect(folded(text, icu: false) == folded(text, icu: true), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Ideographs and Hangul syllables pass through unchanged, as ICU leaves them.
    @Test func unchangedBlocksMatchICU() {
        var rng = SplitMix64(seed: 11)
        for range: ClosedRange<UInt32> in [0x4E00...0x9FFF, 0x3400...0x4DBF, 0xAC00...0xD7A3] {
            for _ in 0..<400 {
                let s = Unicode.Scalar(UInt32.random(in: range, using: &rng))!
                let text = "1 \(s)\(s) cup é \(s)"
                #expect(folded(text, icu: false) == folded(text, icu: true), "U+\(String(s.value, radix: 16))")
            }
        }
        #expect(Self.keyer.key(forName: "砂糖") == Self.keyer.keyThroughICU(forName: "砂糖"))
        #expect(Self.keyer.key(forName: "김치") == "김치")
    }

    @Test func nonASCIIKeysMatchICUKeys() {
        for row in KeysGolden.rows where !row.name.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(Self.keyer.key(forName: row.name) == Self.keyer.keyThroughICU(forName: row.name), "\(row.name)")
        }
    }

    @Test func caseFoldingAndCompatibility() {
        let k = Self.keyer
        #expect(k.key(forName: "Straße") == "strasse")
        #expect(k.key(forName: "STRASSE") == "strasse")
        #expect(k.key(forName: "ﬁnely chopped ﬁgs") == "fig")
        #expect(k.key(forName: "ＦＬＯＵＲ") == "flour")
        #expect(k.key(forName: "ΣΟΥΒΛΑΚΙ") == k.key(forName: "σουβλακι"))
    }

    @Test func diacriticsFoldUnlessTurnedOff() {
        #expect(Self.keyer.key(forName: "jalapeño") == Self.keyer.key(forName: "jalapeno"))
        #expect(Self.keyer.key(forName: "crème fraîche") == "creme fraiche")
        #expect(Self.keyer.key(forName: "Crème Brûlée") == "creme brulee")
        #expect(Self.keepMarks.key(forName: "Crème Brûlée") == "crème brûlée")
        #expect(Self.keepMarks.key(forName: "jalapeño") != Self.keepMarks.key(forName: "jalapeno"))
        #expect(Self.keepMarks.key(forName: "Straße") == "strasse")
    }

    @Test func typographyBecomesASCII() {
        let k = Self.keyer
        #expect(k.key(forName: "confectioners’ sugar") == k.key(forName: "confectioners' sugar"))
        #expect(k.key(forName: "extra–virgin olive oil") == "extra virgin olive oil")
        #expect(k.key(forName: "red\u{00A0}onion") == "red onion")
        #expect(k.key(forName: "Nutella™") == "nutella")
        #expect(k.key(forName: "🍅 tomatoes 🍅") == "tomato")
        #expect(k.key(forName: "soft\u{00AD}ened butter") == "butter")
    }
}
