import ArgumentParser
import IngredientKit
import IngredientTagger

/// `ingest dev snapshots`: writes the snapshots of the built-in tables into `Dictionaries/`
/// (`model/tagger.snapshot`, see `TaggerSnapshot`; `lexicon.snapshot`, see `LexiconSnapshot`;
/// `suggest/knowledge.snapshot`, see `KnowledgeSnapshot`). `tools/compile-snapshots` runs it
/// and rebuilds, so that the `CSnapshots` target compiles the new files in.
struct Snapshots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshots",
        abstract: "Write the built-in tables, made ready for start-up, as snapshot files.",
        discussion: """
            Writes model/tagger.snapshot (the tagger's model and word clusters, read from \
            model/tagger.tsv and model/clusters.tsv in the dictionaries folder), \
            lexicon.snapshot (the lexicon's and the key tables) and suggest/knowledge.snapshot \
            (the WordNet and neighbour tables) under the dictionaries folder. The last two are \
            made from the tables' text compiled into this build (never from an older snapshot) \
            and record their digests. Rebuild afterwards so that the snapshots are compiled in.
            """
    )

    @Option(name: .long, help: "The dictionaries folder to write into.")
    var dictionaries: String = "Dictionaries"

    func run() throws {
        let tagger: [UInt8]
        do {
            let clusters = try WordClusters(text: readText(dictionaries + "/model/clusters.tsv"))
            tagger = try TaggerSnapshot.bytes(modelText: readText(dictionaries + "/model/tagger.tsv"), clusters: clusters)
        } catch {
            throw runtimeFailure("\(error)")
        }
        let files = [
            (TaggerSnapshot.fileName, tagger),
            (LexiconSnapshot.fileName, LexiconSnapshot.bytes(of: Lexicon.builtFromText())),
            (KnowledgeSnapshot.fileName, KnowledgeSnapshot.bytesOfBuiltInTables()),
        ]
        for (name, bytes) in files {
            let path = dictionaries + "/" + name
            try writeFile(path, bytes: bytes)
            print("snapshots: wrote \(path) (\(bytes.count) bytes)")
        }
    }
}
