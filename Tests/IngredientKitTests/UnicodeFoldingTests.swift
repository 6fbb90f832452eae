import Testing
@testable import IngredientText

/// Unicode transformations through the system ICU.
@Suite("UnicodeFolding (ICU)")
struct UnicodeFoldingTests {
    @Test func nfkcCaseFold() {
        #expect(UnicodeFolding.apply(.nfkcCaseFold, to: "Straße") == "strasse")
        #expect(UnicodeFolding.apply(.nfkcCaseFold, to: "ﬁ") == "fi")
        #expect(UnicodeFolding.apply(.nfkcCaseFold, to: "CRÈME") == "crème")
        #expect(UnicodeFolding.apply(.nfkcCaseFold, to: "½") == "1⁄2")
        // Default-ignorable code points are removed.
        #expect(UnicodeFolding.apply(.nfkcCaseFold, to: "a\u{00AD}b\u{200B}c") == "abc")
    }

    @Test func caseFold() {
        #expect(UnicodeFolding.apply(.caseFold, to: "Straße") == "strasse")
        #expect(UnicodeFolding.apply(.caseFold, to: "FLOUR") == "flour")
        // Full case folding expands the ligature too (CaseFolding.txt: FB01 → 0066 0069)…
        #expect(UnicodeFolding.apply(.caseFold, to: "ﬁ") == "fi")
        // …but does not apply compatibility decompositions.
        #expect(UnicodeFolding.apply(.caseFold, to: "½") == "½")
        #expect(UnicodeFolding.apply(.caseFold, to: "Ｆ") == "ｆ")
    }

    @Test func nfkc() {
        #expect(UnicodeFolding.apply(.nfkc, to: "ﬁ") == "fi")
        #expect(UnicodeFolding.apply(.nfkc, to: "Ｆｌｏｕｒ") == "Flour")
        // NFKC keeps case.
        #expect(UnicodeFolding.apply(.nfkc, to: "Straße") == "Straße")
        // Decomposed input comes out composed.
        let decomposed = "e\u{0301}"
        #expect(UnicodeFolding.apply(.nfkc, to: decomposed).unicodeScalars.map(\.value) == [0xE9])
    }

    @Test func stripMarks() {
        #expect(UnicodeFolding.apply(.stripMarks, to: "jalapeño crème fraîche") == "jalapeno creme fraiche")
        #expect(UnicodeFolding.apply(.stripMarks, to: "Gruyère") == "Gruyere")
        #expect(UnicodeFolding.apply(.stripMarks, to: "plain") == "plain")
    }

    @Test func emptyAndInvalid() {
        for t in [UnicodeFolding.Transform.caseFold, .nfkc, .nfkcCaseFold, .stripMarks] {
            #expect(UnicodeFolding.apply(t, to: "") == "")
            let bytes: [UInt8] = [0x61, 0xFF, 0x62]
            let out = bytes.withUnsafeBufferPointer { UnicodeFolding.apply(t, utf8: $0) }
            #expect(out == "a\u{FFFD}b")
        }
    }

    /// Output much longer than the input (U+FDFA expands to 18 characters, 33 bytes) and longer
    /// than the shim's stack buffer.
    @Test func expandingOutput() {
        let input = String(repeating: "\u{FDFA}", count: 300)
        let out = UnicodeFolding.apply(.nfkc, to: input)
        let one = UnicodeFolding.apply(.nfkc, to: "\u{FDFA}")
        #expect(one.unicodeScalars.count == 18)
        #expect(one.utf8.count == 33)
        #expect(out == String(repeating: one, count: 300))
    }

    @Test func longInput() {
        let input = String(repeating: "Straße ", count: 10_000)
        let out = UnicodeFolding.apply(.nfkcCaseFold, to: input)
        #expect(out == String(repeating: "strasse ", count: 10_000))
    }

    @Test func icuVersion() throws {
        let version = UnicodeFolding.icuVersion
        let first = try #require(version.first)
        #expect(first.isASCII && first.isNumber, "\(version)")
        #expect(version.contains("."))
    }
}
