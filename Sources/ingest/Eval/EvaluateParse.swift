import ArgumentParser
import IngredientKit
import IngredientEvaluation

/// `ingest eval parse`.
struct EvaluateParse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Score the parser on labeled sentences (JSON Lines with input, amounts, name).",
        discussion: "Prints quantity, unit, name and all-three rates, overall and per source."
    )

    @Option(help: "Also print this many sentences that were not right on all three.")
    var misses = 0

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Option(help: ArgumentHelp("Tagger weights to use instead of the built-in ones (a file written by `ingest dev train parser`).", valueName: "path"))
    var model: String?

    @Flag(help: "Assemble each sentence's own labels instead of the tagger's: how the rules after the tagger do with a perfect tagger.")
    var goldLabels = false

    @Argument(help: "Gold file (JSON Lines).")
    var gold: String

    func run() throws {
        let sentences: [GoldSentence]
        do { sentences = try GoldSentence.read(path: gold) } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        let lexicon = try dictionaryOptions.lexicon()
        var parser = IngredientParser(lexicon: lexicon)
        if let model {
            do { parser = try IngredientParser(lexicon: lexicon, modelText: try readText(model)) } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
        }
        let evaluation = ParseEvaluation(gold: sentences, parser: parser, goldLabels: goldLabels)
        try writeStandardOutput(json ? EvaluationReport.json(evaluation, misses: misses) : EvaluationReport.text(evaluation, misses: misses))
    }
}
