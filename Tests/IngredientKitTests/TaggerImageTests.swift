import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientTagger

/// The tagger model's row image, which the EmbedDictionaries build tool makes of
/// `model/tagger.tsv` so that start-up reads no decimal text, must give the very model the
/// text gives.
struct TaggerImageTests {
    /// Every table of two models, compared (floats bit for bit: no weight is NaN).
    static func expectSameModel(_ a: TaggerModel, _ b: TaggerModel) {
        #expect(a.transitions == b.transitions)
        #expect(a.end == b.end)
        #expect(a.calibration == b.calibration)
        #expect(a.contextVectors == b.contextVectors)
        #expect(a.padBegin == b.padBegin && a.padEnd == b.padEnd)
        #expect(a.shapeRows == b.shapeRows)
        for (x, y) in [(a.contextRows, b.contextRows), (a.vocabularyRows, b.vocabularyRows)] {
            let ex = x.entries.sorted { $0.key < $1.key }, ey = y.entries.sorted { $0.key < $1.key }
            #expect(ex.map(\.key) == ey.map(\.key))
            #expect(ex.map(\.value) == ey.map(\.value))
        }
        #expect(a.local.isSameTable(as: b.local))
        #expect(a.wordPairs.isSameTable(as: b.wordPairs))
        #expect(a.coarseClasses == b.coarseClasses && a.coarseClassCount == b.coarseClassCount)
        #expect(a.segmentParenWeights == b.segmentParenWeights)
        #expect(a.positionWeights == b.positionWeights)
        #expect(a.shapePairWeights == b.shapePairWeights)
        #expect(a.flagWeights == b.flagWeights)
        #expect(a.padSums.first == b.padSums.first && a.padSums.second == b.padSums.second)
        #expect(a.padSums.secondLast == b.padSums.secondLast && a.padSums.last == b.padSums.last)
    }

    /// A row image written by hand, as the build tool writes one (`taggerImage` in
    /// Sources/embed-dictionaries): weights in three bytes of six bits each, offset by 2^17.
    static func imageWeights(_ weights: [Int]) -> String {
        var bytes: [UInt8] = []
        for w in weights {
            let u = w + (1 << 17)
            bytes += [UInt8(0x30 + ((u >> 12) & 63)), UInt8(0x30 + ((u >> 6) & 63)), UInt8(0x30 + (u & 63))]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theBuildToolMadeAnImageOfTheBuiltInModel() {
        #expect(!IngredientParsing.EmbeddedDictionaries.taggerImage.isEmpty)
        #expect(!TaggerModel.builtIn.isEmpty)
    }

    @Test func theBuiltInImageGivesTheModelItsTextGives() throws {
        let text = try #require(IngredientParsing.EmbeddedDictionaries.files["model/tagger.tsv"])
        Self.expectSameModel(try TaggerModel(text: text), try TaggerModel(image: IngredientParsing.EmbeddedDictionaries.taggerImage, clusters: .builtIn))
    }

    @Test func aHandWrittenImageGivesTheModelOfItsText() throws {
        let w1 = [1200, -300, 0, 64328, -40012, 7, -131072, 131071]
        let w2 = [-5, 5, 10, -10, 0, 0, 1, -1]
        let w3 = [3, 1, 4, 1, 5, 9, 2, 6]
        let text = """
        # a small model
        scale\t1000
        transition\tQTY\t1\t2\t3\t4\t5\t6\t7\t8
        context\tword\tcup\t-1\t\(w1.map(String.init).joined(separator: "\t"))
        context\tword\tcup\t2\t\(w2.map(String.init).joined(separator: "\t"))
        context\tsuffix2\tup\t0\t\(w3.map(String.init).joined(separator: "\t"))
        local\tbigramNext\t# cup\t\(w2.map(String.init).joined(separator: "\t"))
        local\tbigramPrevious\t# cup\t\(w3.map(String.init).joined(separator: "\t"))
        local\tlast\t1\t\(w1.map(String.init).joined(separator: "\t"))

        """
        let image = """
        Xscale\t1000
        Xtransition\tQTY\t1\t2\t3\t4\t5\t6\t7\t8
        Tword
        C1\(Self.imageWeights(w1))cup
        C4\(Self.imageWeights(w2))cup
        Tsuffix2
        C2\(Self.imageWeights(w3))up
        TbigramNext
        L\(Self.imageWeights(w2))# cup
        TbigramPrevious
        L\(Self.imageWeights(w3))# cup
        Tlast
        L\(Self.imageWeights(w1))1

        """
        let fromText = try TaggerModel(text: text), fromImage = try TaggerModel(image: image, clusters: .builtIn)
        #expect(fromText.transitions[0] > 0)
        #expect(fromText.vocabularyRows.count == 1)
        Self.expectSameModel(fromText, fromImage)
        // A sizes record (as the build tool writes first) sizes the tables and changes none:
        // too small, right or too large.
        for sizes in ["S1\t0\t0\t0", "S2\t1\t1\t1", "S500\t200\t300\t400"] {
            Self.expectSameModel(fromText, try TaggerModel(image: sizes + "\n" + image, clusters: .builtIn))
        }
    }

    @Test func aBrokenImageIsReportedNotRead() {
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "Tnosuchtemplate\n", clusters: .builtIn) }
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "Tword\nC2short\n", clusters: .builtIn) }
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "Q\n", clusters: .builtIn) }
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "Xcontext\tword\n", clusters: .builtIn) }
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "S1\t2\t3\n", clusters: .builtIn) }
        #expect(throws: DictionaryError.self) { try TaggerModel(image: "S1\t2\t3\tx\n", clusters: .builtIn) }
    }

    /// The weights' quantization rounds halves away from zero and clamps, as
    /// `Int16(clamping: Int(x.rounded(.toNearestOrAwayFromZero)))` does.
    @Test func quantizationRoundsAsTheCLibraryDoes() {
        var values: [Float] = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 0.50000006,
                               32766.5, 32767, 32767.5, 40000, -32767.5, -32768, -32768.5, -1e9, 1e9, 1e18, -1e18]
        var x: Float = -33000
        while x <= 33000 { values.append(x); x += 0.125 }
        // And 20,000 values with every bit of the fraction in play (a fixed sequence).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Float(Double(state >> 11) / Double(1 << 53) * 66000 - 33000))
        }
        for v in values {
            #expect(VectorTable.quantized(v) == Int16(clamping: Int(v.rounded(.toNearestOrAwayFromZero))), "\(v)")
        }
    }
}
