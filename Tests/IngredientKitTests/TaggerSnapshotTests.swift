import Foundation
import IngredientText
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientTagger

/// The tagger's snapshot, which `tools/compile-snapshots` makes of `model/tagger.tsv` and
/// `clusters.tsv` (`model/tagger.snapshot`, compiled in by `CSnapshots`) so that start-up
/// reads no model text, must be the one those files give, give the very model and clusters
/// the text gives, and be refused, not misread, when damaged.
struct TaggerSnapshotTests {
    /// Every table of two models, compared (floats bit for bit: no weight is NaN).
    static func expectSameModel(_ a: TaggerModel, _ b: TaggerModel) {
        #expect(a.transitions == b.transitions)
        #expect(a.end == b.end)
        #expect(a.calibration == b.calibration)
        #expect(a.contextVectors.array == b.contextVectors.array)
        #expect(a.padBegin == b.padBegin && a.padEnd == b.padEnd)
        #expect(a.shapeRows == b.shapeRows)
        for (x, y) in [(a.contextRows, b.contextRows), (a.vocabularyRows, b.vocabularyRows)] {
            let ex = x.entries.sorted { $0.key < $1.key }, ey = y.entries.sorted { $0.key < $1.key }
            #expect(ex.map(\.key) == ey.map(\.key))
            #expect(ex.map(\.value) == ey.map(\.value))
        }
        #expect(a.local.isSameTable(as: b.local))
        #expect(a.wordPairs.isSameTable(as: b.wordPairs))
        let x = a.lexiconFeatures, y = b.lexiconFeatures
        #expect(x.keys == y.keys && x.rows == y.rows && x.shapeBases == y.shapeBases && x.shift == y.shift)
        #expect(x.shapeIndex == y.shapeIndex && x.shapeWeights == y.shapeWeights)
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

    @Test func theBuiltInModelIsCompiledIn() {
        #expect(BuiltInTagger.snapshot != nil)
        #expect(!TaggerModel.builtIn.isEmpty)
        #expect(WordClusters.builtIn.wordCount > 10_000)
    }

    /// The snapshot compiled in is, byte for byte, the one the package's model files give (the
    /// files are the source of truth), and gives, table for table, what reading them gives.
    @Test func theBuiltInSnapshotIsTheOneTheFilesGive() throws {
        let tagger = try String(contentsOfFile: Repo.path("Dictionaries/model/tagger.tsv"), encoding: .utf8)
        let clusterText = try String(contentsOfFile: Repo.path("Dictionaries/model/clusters.tsv"), encoding: .utf8)
        let clusters = try WordClusters(text: clusterText)
        let expected = try TaggerSnapshot.bytes(modelText: tagger, clusters: clusters)
        let compiled = try #require(BuiltInTagger.snapshot)
        #expect(Array(compiled) == expected,
                "Dictionaries/model/tagger.snapshot is not the snapshot of model/tagger.tsv and clusters.tsv: run tools/compile-snapshots")
        let file = try #require(FileManager.default.contents(atPath: Repo.path("Dictionaries/\(TaggerSnapshot.fileName)")))
        #expect(Array(file) == Array(compiled))
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
        // The same again read in place, as the snapshot compiled in is.
        let kept = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        defer { kept.deallocate() }
        bytes.withUnsafeBytes { kept.copyMemory(from: $0) }
        let inPlace = try TaggerSnapshot.read(UnsafeRawBufferPointer(kept), isStatic: true).model
        Self.expectSameModel(model, inPlace)
        let weights = try #require(inPlace.contextVectors.bytes.baseAddress)
        #expect(weights >= UnsafeRawPointer(kept.baseAddress!) && weights < UnsafeRawPointer(kept.baseAddress!) + kept.count)
        // Made twice, the same bytes (the build is deterministic).
        #expect(try Self.smallSnapshot() == bytes)
    }

    @Test func aDamagedSnapshotIsRefusedNotMisread() throws {
        let bytes = try Self.smallSnapshot()
        SnapshotDamage.expectRefused(bytes, cutEvery: 7) { b in _ = try b.withUnsafeBytes { try TaggerSnapshot.read($0) } }
    }

    /// The `lexicon` and `lexiconShape` features the parser finds by a lexicon class's bytes and
    /// a word shape id are those their keys find in the model's large tables.
    @Test func lexiconFeaturesAreThoseTheirKeysFind() {
        let model = TaggerModel.builtIn
        let table = model.lexiconFeatures
        var classes = 0, withShapes = 0
        for c in table.keys where c != 0 {
            classes += 1
            let bytes = LexiconFeatureTable.bytes(c)
            let (row, base) = table.entry(c)
            #expect(row == (model.contextRows[FeatureKeys.key(.lexicon, bytes)] ?? -1))
            if base >= 0 { withShapes += 1 }
            for id in 0..<LexiconFeatureTable.wordShapes {
                let expected = model.local.weights(FeatureKeys.key(.lexiconShape, bytes, FeatureKeys.shapeTable[id]))
                #expect((base >= 0 ? table.shapeWeights(base: base, shapeID: id) : SIMD8<Int32>()) == expected)
            }
        }
        #expect(classes >= 10 && withShapes >= 5)
        // A class the model has no row for finds nothing.
        let none = table.entry(0x5A5A_5A5A) // "ZZZZ"
        #expect(none.row == -1 && none.shapeBase == -1)
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
