import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
import IngredientText
@testable import IngredientTagger

/// The word clusters learned from unlabeled text (`Dictionaries/model/clusters.tsv`) and the
/// tagger's `cluster` template that reads them.
struct WordClusterTests {
    /// The emission scores of every token of `text` under `model` (what the tagger adds up
    /// before decoding).
    static func emission(_ text: String, model: TaggerModel, clusters: WordClusters = .builtIn) -> [SIMD8<Float>] {
        let extractor = FeatureExtractor(lexicon: .builtIn, vocabulary: model.vocabularyRows, clusters: clusters)
        var line = text
        return line.withUTF8 { bytes in
            let tokens = Tokenizer.tokenize(bytes)
            let margin = TaggerModel.Scorer.margin
            var padded = [SIMD8<Float>](repeating: SIMD8<Float>(), count: tokens.count + 2 * margin)
            return padded.withUnsafeMutableBufferPointer { p in
                var scorer = TaggerModel.Scorer(model: model, padded: p)
                extractor.extract(tokens, bytes, into: &scorer)
                return Array(scorer.emission)
            }
        }
    }

    @Test func theBuiltInTableIsCompiledInAndNested() throws {
        let clusters = WordClusters.builtIn
        #expect(clusters.wordCount >= 10_000)
        // Found case-insensitively, like every word the tagger reads.
        let tarragon = clusters.values(of: "Tarragon")
        #expect(tarragon.count == 3)
        #expect(tarragon.map { $0.split(separator: ":")[0] } == ["16", "64", "512"])
        #expect(clusters.values(of: "no-such-wordqq").isEmpty)
        // Herbs used alike fall in one fine cluster.
        #expect(clusters.values(of: "tarragon") == clusters.values(of: "chervil"))
    }

    /// The table of each word's fine cluster finds what it was given (a key of 0 too) and
    /// nothing else, and takes back its own slots but no others.
    @Test func theClusterTableFindsItsWordsAndRefusesOtherSlots() {
        let entries: [(key: UInt64, cluster: UInt16)] = (0..<100).map { (UInt64($0) &* 0x9E37_79B9_7F4A_7C15, UInt16($0 % 7)) }
        let table = ClusterTable(entries: entries + [(0x1234, 3), (0x1234, 5)])
        #expect(table.count == 101 && table.capacity == 256)
        for (key, cluster) in entries { #expect(table[key] == cluster) }
        #expect(table[0] == 0) // the key of entry 0 is 0
        #expect(table[0x1234] == 5 && table[0x1235] == nil)
        #expect(ClusterTable()[42] == nil)
        let back = ClusterTable(keys: table.keys, clusters: table.clusters, clusterCount: 7)
        #expect(back?.keys == table.keys && back?.count == 101)
        #expect(ClusterTable(keys: table.keys, clusters: table.clusters, clusterCount: 5) == nil)
        #expect(ClusterTable(keys: Array(table.keys.dropLast()), clusters: Array(table.clusters.dropLast()), clusterCount: 7) == nil)
        var filled = table.keys
        for i in filled.indices where filled[i] == 0 { filled[i] = UInt64(i) + 1 }
        #expect(ClusterTable(keys: filled, clusters: table.clusters, clusterCount: 7) == nil)
        var stray = table.clusters
        if let empty = table.keys.firstIndex(of: 0) { stray[empty] = 7 }
        #expect(ClusterTable(keys: table.keys, clusters: stray, clusterCount: 7) == nil)
    }

    @Test func aTableThatIsNotNestedIsRefused() {
        let text = "# word\tc16\tc64\tc512\nbasil\t1\t2\t3\nthyme\t1\t4\t3\n"
        #expect(throws: DictionaryError.self) { try WordClusters(text: text) }
        #expect(throws: DictionaryError.self) { try WordClusters(text: "# word\tc16\tc64\tc512\nbasil\t1\t2\n") }
    }

    @Test func theExtractorGivesAWordItsThreeClusterFeatures() throws {
        let clusters = try WordClusters(text: "# word\tc16\tc64\tc512\nzorbleberries\t1\t2\t3\n")
        let extractor = FeatureExtractor(lexicon: .builtIn, clusters: clusters)
        var line = "2 cups zorbleberries"
        let features = line.withUTF8 { extractor.features(Tokenizer.tokenize($0), $0) }
        let keys = ["16:1", "64:2", "512:3"].map { WordClusters.key($0) }
        #expect(Set(features.context(2)).isSuperset(of: keys))
        #expect(Set(features.context(1)).isDisjoint(with: keys))
        // Without the table the word has none.
        let plain = FeatureExtractor(lexicon: .builtIn, clusters: WordClusters())
        let without = line.withUTF8 { plain.features(Tokenizer.tokenize($0), $0) }
        #expect(Set(without.context(2)).isDisjoint(with: keys))
    }

    /// A cluster row's weights reach a word of the cluster whether or not the model knows the
    /// word: precombined into a known word's vocabulary row, looked up for an unknown one.
    @Test func clusterWeightsReachKnownAndUnknownWords() throws {
        let clusters = WordClusters.builtIn
        let fine = try #require(clusters.values(of: "tarragon").last)
        let zeros = [Int](repeating: 0, count: Label.count).map(String.init).joined(separator: "\t")
        let name = "0\t0\t0\t5000\t0\t0\t0\t0" // NAME +5
        let model = try TaggerModel(text: """
        scale\t1000
        context\tcluster\t\(fine)\t0\t\(name)
        context\tword\ttarragon\t0\t\(zeros)

        """)
        #expect(model.vocabularyRows[ByteHash.fold(Array("tarragon".utf8))] != nil)
        #expect(model.vocabularyRows[ByteHash.fold(Array("chervil".utf8))] == nil)
        for word in ["tarragon", "chervil", "Chervil"] {
            let e = Self.emission("2 sprigs \(word)", model: model, clusters: clusters)
            #expect(e[2][Label.name.rawValue] == 5, "\(word)")
            #expect(e[1][Label.name.rawValue] == 0, "\(word)")
        }
        // A word outside the cluster gets nothing from it.
        #expect(Self.emission("2 sprigs onions", model: model, clusters: clusters)[2][Label.name.rawValue] == 0)
    }

    @Test func theShippedModelWeighsClusters() {
        let model = TaggerModel.builtIn
        let clusters = WordClusters.builtIn
        let weighed = clusters.keys.filter { keys in (0..<3).contains { model.contextRows[keys[$0]] != nil } }
        #expect(weighed.count >= 50)
    }
}
