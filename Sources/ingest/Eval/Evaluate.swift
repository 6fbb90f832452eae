import ArgumentParser
import IngredientKit

/// `ingest eval`: the parser, page import, merges and suggestions, and canonical keys scored on
/// labeled data.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score IngredientKit against labeled data.",
        subcommands: [EvaluateParse.self, EvaluateImport.self, EvaluateDedupe.self, EvaluateKeys.self]
    )
}
