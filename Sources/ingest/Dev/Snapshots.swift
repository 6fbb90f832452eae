import ArgumentParser
import IngredientKit

/// `ingest dev snapshots`: writes the snapshots of the built-in tables into `Dictionaries/`
/// (`lexicon.snapshot`, see `LexiconSnapshot`; `suggest/knowledge.snapshot`, see
/// `KnowledgeSnapshot`) from the tables compiled into this build. `tools/compile-snapshots`
/// runs it and rebuilds.
struct Snapshots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshots",
        abstract: "Write the built-in tables, made ready for start-up, as snapshot files.",
        discussion: """
            Writes lexicon.snapshot (the lexicon's and the key tables) and \
            suggest/knowledge.snapshot (the WordNet and neighbour tables) under the \
            dictionaries folder. Each is made from the tables' text compiled into this build \
            (never from an older snapshot) and records their digests; rebuild afterwards so \
            that the snapshots are compiled in.
            """
    )

    @Option(name: .long, help: "The dictionaries folder to write into.")
    var dictionaries: String = "Dictionaries"

    func run() throws {
        let files = [
            (LexiconSnapshot.fileName, LexiconSnapshot.text(of: Lexicon.builtFromText())),
            (KnowledgeSnapshot.fileName, KnowledgeSnapshot.textOfBuiltInTables()),
        ]
        for (name, text) in files {
            let path = dictionaries + "/" + name
            try writeFile(path, text + "\n")
            print("snapshots: wrote \(path) (\(text.utf8.count + 1) bytes)")
        }
    }
}
