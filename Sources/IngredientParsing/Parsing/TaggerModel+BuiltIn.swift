internal import CSnapshots
import IngredientTagger
import IngredientText

extension TaggerModel {
    /// The model compiled into the library: the tables made ready from
    /// `Dictionaries/model/tagger.tsv` (`Dictionaries/model/tagger.snapshot`, see
    /// `TaggerSnapshot`), copied into place at first use. The empty model when the package had
    /// no snapshot.
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
        guard let bytes = snapshot else { return (TaggerModel.empty, WordClusters()) }
        do {
            return try TaggerSnapshot.read(bytes, isStatic: true)
        } catch {
            fatalError("the built-in tagger snapshot is invalid: \(error)")
        }
    }()

    /// The bytes of `Dictionaries/model/tagger.snapshot` as compiled in (`CSnapshots`); nil
    /// when the package had none.
    static var snapshot: UnsafeRawBufferPointer? { SnapshotReader.compiledIn { iks_tagger_snapshot($0) } }
}
