import IngredientTagger

extension TaggerModel {
    /// The model compiled into the library.
    /// Read from the row image the build tool made of `model/tagger.tsv` (no decimal text to
    /// parse at start-up), or from the text where there is no image.
    package static let builtIn: TaggerModel = {
        do {
            if !EmbeddedDictionaries.taggerImage.isEmpty { return try TaggerModel(image: EmbeddedDictionaries.taggerImage, clusters: WordClusters.builtIn) }
            guard let text = EmbeddedDictionaries.files["model/tagger.tsv"] else { return TaggerModel.empty }
            return try TaggerModel(text: text, clusters: WordClusters.builtIn)
        } catch {
            fatalError("built-in tagger model is invalid: \(error)")
        }
    }()

    /// A model read from the text of a model file, with the built-in word clusters.
    package convenience init(text: String) throws {
        try self.init(text: text, clusters: WordClusters.builtIn)
    }
}

extension WordClusters {
    /// The table compiled into the library (empty when there is none).
    package static let builtIn: WordClusters = {
        guard let text = EmbeddedDictionaries.files["model/clusters.tsv"] else { return WordClusters() }
        do { return try WordClusters(text: text) } catch { fatalError("built-in word clusters are invalid: \(error)") }
    }()
}
