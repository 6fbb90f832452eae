import ArgumentParser

/// `ingest dev train`: fit the built-in models (the parser's tagger, the pair scorer) on labeled
/// data and write them under Dictionaries/.
struct Train: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train the parser's tagger or the merge-suggestion scorer and write its weights.",
        subcommands: [TrainParser.self, TrainSuggest.self]
    )
}
