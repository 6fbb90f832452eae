import Foundation
import IngredientText
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientTagger

/// The tagger's snapshot, which the EmbedTagger build tool makes of `model/tagger.tsv` and
/// `clusters.tsv` so that start-up reads no model text, must give the very model and clusters
/// the text gives, and a damaged one must be refused, not misread.
struct TaggerSnapshotTests {
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

    /// Every table of two cluster sets, compared.
    static func expectSameClusters(_ a: WordClusters, _ b: WordClusters) {
        let x = a.snapshotParts, y = b.snapshotParts
        #expect(x.keys == y.keys && x.ids == y.ids && x.sizes == y.sizes)
        #expect(x.fineOfWord.capacity == y.fineOfWord.capacity && x.fineOfWord.count == y.fineOfWord.count)
        #expect(x.fineOfWord.keys == y.fineOfWord.keys && x.fineOfWord.clusters == y.fineOfWord.clusters)
    }

    /// A small model file with rows of each kind.
    static let smallModel = """
    # a small model
    scale\t1000
    calibration\t0.5\t-1.25
    transition\tQTY\t1\t2\t3\t4\t5\t6\t7\t8
    context\tword\tcup\t-1\t1200\t-300\t0\t64328\t-40012\t7\t-131072\t131071
    context\tword\tcup\t2\t-5\t5\t10\t-10\t0\t0\t1\t-1
    context\tsuffix2\tup\t0\t3\t1\t4\t1\t5\t9\t2\t6
    context\tcluster\t16:1\t0\t0\t0\t0\t500\t0\t0\t0\t0
    local\tbigramNext\t# cup\t-5\t5\t10\t-10\t0\t0\t1\t-1
    local\tbigramPrevious\t# cup\t3\t1\t4\t1\t5\t9\t2\t6
    local\tlast\t1\t1200\t-300\t0\t64328\t-40012\t7\t-131072\t131071

    """

    static let smallClusters = "# word\tc16\tc64\tc512\ncup\t1\t2\t3\nmug\t1\t2\t4\n"

    /// The snapshot bytes of the small model.
    static func smallSnapshot() throws -> [UInt8] {
        let clusters = try WordClusters(text: smallClusters)
        return try TaggerSnapshot.bytes(modelText: smallModel, clusters: clusters)
    }

    @Test func theBuildToolMadeASnapshotOfTheBuiltInModel() {
        #expect(!EmbeddedTagger.snapshot.isEmpty)
        #expect(!TaggerModel.builtIn.isEmpty)
        #expect(WordClusters.builtIn.wordCount > 10_000)
    }

    /// The snapshot compiled in gives, table for table, what reading the package's model files
    /// gives (the files are the source of truth; the snapshot is made from them at build time).
    @Test func theBuiltInSnapshotGivesTheModelTheFilesGive() throws {
        let tagger = try String(contentsOfFile: Repo.path("Dictionaries/model/tagger.tsv"), encoding: .utf8)
        let clusterText = try String(contentsOfFile: Repo.path("Dictionaries/model/clusters.tsv"), encoding: .utf8)
        let clusters = try WordClusters(text: clusterText)
        Self.expectSameModel(try TaggerModel(text: tagger, clusters: clusters), TaggerModel.builtIn)
        Self.expectSameClusters(clusters, WordClusters.builtIn)
    }

    @Test func aSmallModelComesBackFromItsSnapshot() throws {
        let clusters = try WordClusters(text: Self.smallClusters)
        let model = try TaggerModel(text: Self.smallModel, clusters: clusters)
        #expect(model.vocabularyRows.count == 1 && model.calibration == [0.5, -1.25])
        let bytes = try TaggerSnapshot.bytes(modelText: Self.smallModel, clusters: clusters)
        let back = try bytes.withUnsafeBytes { try TaggerSnapshot.read($0) }
        Self.expectSameModel(model, back.model)
        Self.expectSameClusters(clusters, back.clusters)
        #expect(back.clusters.values(of: "MUG") == ["16:1", "64:2", "512:4"])
        // The same again through the seven-bit text the build tool compiles in.
        let text = SevenBitText.text(of: bytes)
        #expect(SevenBitText.decode(text: text) == bytes)
        Self.expectSameModel(model, try TaggerSnapshot.read(text: text).model)
        // Made twice, the same bytes (the build is deterministic).
        #expect(try Self.smallSnapshot() == bytes)
    }

    @Test func aDamagedSnapshotIsRefusedNotMisread() throws {
        let bytes = try Self.smallSnapshot()
        SnapshotDamage.expectRefused(bytes, cutEvery: 7) { b in _ = try b.withUnsafeBytes { try TaggerSnapshot.read($0) } }
    }

    /// `length` bytes from a linear congruential generator at `state` (deterministic).
    static func pseudoRandomBytes(_ length: Int, _ state: inout UInt64) -> [UInt8] {
        (0..<length).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test func base64TextRoundTripsAndRefusesOtherText() {
        var state: UInt64 = 12345
        for length in 0..<40 {
            let bytes = Self.pseudoRandomBytes(length, &state)
            for line in [4, 8, 4096] {
                #expect(Base64Text.decode(text: Base64Text.text(of: bytes, lineLength: line)) == bytes)
            }
        }
        #expect(Base64Text.decode(text: "QUJD") == Array("ABC".utf8))
        #expect(Base64Text.decode(text: "QUI=") == Array("AB".utf8))
        #expect(Base64Text.decode(text: "QUJ") == nil)
        #expect(Base64Text.decode(text: "QU*D") == nil)
        #expect(Base64Text.decode(text: "QQ==QUJD") == nil)
        // A stray character anywhere in a long line (the fast path) is refused too.
        let long = Array(Base64Text.text(of: [UInt8](repeating: 7, count: 300), lineLength: 64).utf8)
        for at in [0, 1, 10, 63, 65, 200] where long[at] != 0x0A {
            for stray: UInt8 in [0x2A, 0x3D, 0x0A, 0xC3] {
                var broken = long
                broken[at] = stray
                let decoded = Base64Text.decode(text: String(decoding: broken, as: UTF8.self))
                #expect(decoded == nil || stray == 0x0A && decoded?.count != 300, "\(at) \(stray)")
            }
        }
    }

    @Test func sevenBitTextRoundTripsAndRefusesOtherText() {
        var state: UInt64 = 12345
        for length in 0..<60 {
            let bytes = Self.pseudoRandomBytes(length, &state)
            let text = SevenBitText.text(of: bytes)
            #expect(text.utf8.allSatisfy { $0 < 0x80 })
            #expect(SevenBitText.decode(text: text) == bytes)
            // Read in pieces of every size, from every place in a group.
            for piece in 1...9 {
                var utf8 = text
                let back = utf8.withUTF8 { t -> [UInt8]? in
                    var reader = SevenBitText.Reader(t)
                    var out: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: piece)
                    while !reader.isAtEnd {
                        let n = buffer.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, atMost: piece) }
                        guard n > 0 else { return nil }
                        out += buffer[..<n]
                    }
                    return reader.failed ? nil : out
                }
                #expect(back == bytes, "\(length) \(piece)")
            }
            // A character too many, or one that is not seven-bit text, is refused.
            #expect(SevenBitText.decode(text: text + "0") == nil || length % 7 != 0)
            if length > 0 {
                for at in [0, text.utf8.count - 1] {
                    var broken = Array(text.utf8)
                    broken[at] = 0xC3
                    broken.insert(0xA9, at: at + 1)
                    #expect(SevenBitText.decode(text: String(decoding: broken, as: UTF8.self)) == nil, "\(length) \(at)")
                }
            }
        }
        #expect(SevenBitText.decode(text: "") == [])
        #expect(SevenBitText.decode(text: "1") == nil)
        #expect(SevenBitText.decode(text: "10") == [1])
        // High bits of bytes a short last group does not have.
        #expect(SevenBitText.decode(text: "12") == nil)
    }

    /// The build tool's string literal holds the text: every character, escaped where it must be.
    @Test func sevenBitLiteralsAreTheirText() {
        let bytes: [UInt8] = [0, 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x7F, 0x20, 0xFF, 0x80, 0x41, 0x20, 0x20, 0x20]
        let literal = SevenBitText.literal(of: bytes + bytes, lineLength: 8)
        #expect(literal.hasPrefix("\"\"\"\n") && literal.hasSuffix("\n\"\"\""))
        #expect(literal.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A })
        #expect(!literal.contains(" \\\n"))
        #expect(SevenBitText.literal(of: []) == "\"\"")
    }

    /// The parser's label order is the model file's.
    @Test func labelsAreInTheModelsOrder() {
        #expect(Label.allCases.count == TaggerLayout.labelCount)
        #expect(Label.allCases.map(\.code) == TaggerLayout.labelCodes)
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
