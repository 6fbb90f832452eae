import ArgumentParser

/// `ingest dev bench`: throughput and memory benchmarks (build with -c release; tools/bench
/// runs them with the shared corpora).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure parsing, canonical keys, shopping lists and merge suggestions. Build with -c release.",
        subcommands: [BenchParse.self, BenchKeys.self, BenchList.self, BenchSuggest.self]
    )
}
