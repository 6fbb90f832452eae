import ArgumentParser

/// `ingest dev`: the commands that developers of IngredientKit use (benchmarks, training, key
/// listings), kept apart from the user verbs at the top level.
struct Dev: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Tools for developers of IngredientKit: benchmarks, training, key names, snapshots of the tables.",
        subcommands: [Bench.self, Train.self, KeyNames.self, Snapshots.self]
    )
}
