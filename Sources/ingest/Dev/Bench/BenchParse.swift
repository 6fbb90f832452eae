import ArgumentParser
import IngredientKit
import IngredientEvaluation

/// `ingest dev bench parse` (formerly `ingest bench`).
struct BenchParse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Measure parsing throughput (JSON output included) and peak memory on one core.",
        discussion: "Streams FILE repeatedly until at least --lines lines were parsed; output is encoded and discarded. Build with -c release."
    )

    @Option(help: "Parse at least this many lines.")
    var lines = 5_000_000

    @Argument(help: "A file of ingredient lines.")
    var file: String

    func run() throws {
        print(try ParseBenchmark.run(path: file, lines: lines).summary)
    }
}
