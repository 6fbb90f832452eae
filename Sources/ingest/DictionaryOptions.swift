import ArgumentParser
import IngredientKit

/// Options shared by commands that parse: extra dictionary files.
struct DictionaryOptions: ParsableArguments {
    @Option(name: .customLong("dictionary"), help: ArgumentHelp(
        "A word table that extends or overrides a built-in one; its file name names the table (units.tsv, my-units.tsv, …). Repeatable.",
        valueName: "path"))
    var dictionaries: [String] = []

    func lexicon() throws -> Lexicon {
        var lexicon = Lexicon.builtIn
        for path in dictionaries {
            do { lexicon = try lexicon.adding(fileAt: path) } catch let error as DictionaryError {
                throw runtimeFailure(error.description)
            }
        }
        return lexicon
    }
}
