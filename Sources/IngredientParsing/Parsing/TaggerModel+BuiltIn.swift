import IngredientTagger

extension TaggerModel {
    /// The model compiled into the library: the tables the EmbedTagger build plugin made ready
    /// from `Dictionaries/model/tagger.tsv` (see `TaggerSnapshot`), copied into place at first
    /// use. The empty model when the package had no model file.
    package static var builtIn: TaggerModel { BuiltInTagger.tables.model }

    /// A model read from the text of a model file, with the built-in word clusters.
    package convenience init(text: String) throws {
        try self.init(text: text, clusters: WordClusters.builtIn)
    }
}

extension WordClusters {
    /// The word clusters compiled into the library (`Dictionaries/model/clusters.tsv`, in the
    /// same snapshot as the model); none when the package had no model file.
    package static var builtIn: WordClusters { BuiltInTagger.tables.clusters }
}

/// The built-in model and word clusters, read once from the compiled-in snapshot.
enum BuiltInTagger {
    static let tables: (model: TaggerModel, clusters: WordClusters) = {
        if EmbeddedTagger.snapshot.isEmpty { return (TaggerModel.empty, WordClusters()) }
        do {
            return try TaggerSnapshot.read(text: EmbeddedTagger.snapshot)
        } catch {
            fatalError("the built-in tagger snapshot is invalid: \(error)")
        }
    }()
}
