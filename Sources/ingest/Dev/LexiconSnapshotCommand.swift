import ArgumentParser
import IngredientKit

/// `ingest dev lexicon-snapshot`: writes `Dictionaries/lexicon.snapshot` (see `LexiconSnapshot`)
/// from the tables compiled into this build. `tools/compile-lexicon` runs it and rebuilds.
struct LexiconSnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lexicon-snapshot",
        abstract: "Write the built-in lexicon's tables, made ready for start-up, as a snapshot file.",
        discussion: """
            The snapshot is made from the tables compiled into this build (not from an older \
            snapshot) and records their digests; rebuild afterwards so that it is compiled in.
            """
    )

    @Option(name: .long, help: "Where to write the snapshot.")
    var out: String = "Dictionaries/lexicon.snapshot"

    func run() throws {
        let text = LexiconSnapshot.text(of: Lexicon.builtFromText()) + "\n"
        try writeFile(out, text)
        print("lexicon-snapshot: wrote \(out) (\(text.utf8.count) bytes)")
    }
}
