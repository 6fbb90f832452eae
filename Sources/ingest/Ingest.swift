import ArgumentParser

/// The `ingest` command: the user verbs at the top level, in the order a user meets them, and the
/// developers' tools under `ingest dev`, listed last under their own heading.
@main
struct Ingest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Parse ingredient lines, group names, make shopping lists and import recipes with IngredientKit.",
        subcommands: [Parse.self, Dedupe.self, ListCommand.self, Import.self, Pack.self, Evaluate.self],
        groupedSubcommands: [CommandGroup(name: "Developer", subcommands: [Dev.self])]
    )
}
