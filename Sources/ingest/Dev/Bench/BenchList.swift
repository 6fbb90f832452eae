import ArgumentParser
import IngredientKit
#if canImport(Glibc)
import Glibc
#endif
import IngredientEvaluation

/// `ingest dev bench list` (formerly `ingest bench-list`).
struct BenchList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Measure shopping-list merging (see tools/bench-list).",
        discussion: """
            Reads FILE… as `ingest list` does (the plan), then times, each the best of --rounds: \
            recomputing the plan's list from parsed recipes (merge only) and from text (parse + \
            merge); then the same for --recipes recipes: the plan's recipes repeated, or, with \
            --lines, recipes of --lines-per-recipe consecutive lines of that file. Reports wall \
            and thread CPU milliseconds and the peak resident memory. Parse + merge streams each \
            recipe's text through a ShoppingListAccumulator, as `ingest list` does. With --emit \
            FILE, writes the large run's recipes to FILE as `ingest import` JSON Lines instead \
            (input for measuring `ingest list` itself, see tools/bench-list --cli).
            """
    )

    @Option(help: "How many recipes the large run has.")
    var recipes = 10_000

    @Option(help: ArgumentHelp("Build the large run's recipes from this file of ingredient lines.", valueName: "file"))
    var lines: String?

    @Option(help: "Lines per recipe when building recipes from --lines.")
    var linesPerRecipe = 12

    @Option(help: "Repeat each measurement this many times and keep the fastest.")
    var rounds = 5

    @Option(help: "Threads for the second parse + merge (default: the machine's cores; 1 skips it).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Write the large run's recipes to this file as JSON Lines and stop.", valueName: "file"))
    var emit: String?

    @Argument(help: "The plan: recipe files as for `ingest list`.")
    var files: [String]

    func run() throws {
        let builder = ShoppingListBuilder()
        var plan: [ListRecipe] = []
        for path in files {
            _ = try RecipeFiles.forEachListRecipe(path: path, parser: builder.parser) { r in
                plan.append(r.parsed.map { ListRecipe(id: r.id, title: r.title, lines: $0) }
                    ?? builder.recipe(id: r.id, title: r.title, lines: r.lines))
            }
        }
        guard !plan.isEmpty else { throw ValidationError("no recipes in the plan") }

        var large: [ListRecipe] = []
        if let lines {
            var all: [String] = []
            try LineReader(path: lines).forEachLine { all.append(String(decoding: $0, as: UTF8.self)) }
            guard !all.isEmpty else { throw ValidationError("no lines in \(lines)") }
            var start = 0
            for i in 0..<recipes {
                var chunk: [String] = []
                for j in 0..<max(1, linesPerRecipe) { chunk.append(all[(start + j) % all.count]) }
                start = (start + linesPerRecipe) % all.count
                large.append(ListRecipe(id: "r\(i)", title: "Recipe \(i)", lines: []))
                large[i].lines = chunk.map { builder.parser.parse($0) }
            }
        } else {
            for i in 0..<recipes {
                var r = plan[i % plan.count]
                r.planEntryID = "entry \(i)"
                large.append(r)
            }
        }

        if let emit {
            var out: [UInt8] = []
            for r in large {
                out.append(contentsOf: #"{"source":"#.utf8); JSONBytes.appendString(r.id, to: &out)
                out.append(contentsOf: #","title":"#.utf8); JSONBytes.appendString(r.displayTitle, to: &out)
                out.append(contentsOf: #","ingredients":["#.utf8)
                for (k, line) in r.lines.enumerated() {
                    out.append(contentsOf: (k == 0 ? #"{"text":"# : #",{"text":"#).utf8)
                    JSONBytes.appendString(line.input, to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(contentsOf: "]}\n".utf8)
            }
            guard let f = fopen(emit, "wb") else { throw ValidationError("cannot write \(emit)") }
            defer { fclose(f) }
            guard fwrite(out, 1, out.count, f) == out.count else { throw ValidationError("cannot write \(emit)") }
            print("wrote \(large.count) recipes to \(emit)")
            return
        }

        let threads = max(1, jobs ?? RecipeImporter.defaultJobs)
        func texts(_ recipes: [ListRecipe]) -> [[String]] { recipes.map { $0.lines.map(\.input) } }
        func measure(_ label: String, _ set: [ListRecipe]) {
            let inputs = texts(set)
            let lineCount = inputs.reduce(0) { $0 + $1.count }
            var sink = 0
            var merge = (wall: Double.infinity, cpu: Double.infinity)
            var both = (wall: Double.infinity, cpu: Double.infinity)
            var parallel = (wall: Double.infinity, cpu: Double.infinity)
            var parallelSuggest = (wall: Double.infinity, cpu: Double.infinity)
            let batch = zip(set, inputs).map { recipe, lines in
                ListRecipeText(id: recipe.id, title: recipe.title, planEntryID: recipe.planEntryID,
                               servingsFactor: recipe.servingsFactor, lines: lines)
            }
            var suggest = (wall: Double.infinity, cpu: Double.infinity)
            for _ in 0..<rounds {
                var t = (ParseBenchmark.monotonicSeconds(), threadCPUSeconds())
                sink &+= builder.list(for: set, suggestionThreshold: nil).items.count
                merge.wall = min(merge.wall, ParseBenchmark.monotonicSeconds() - t.0)
                merge.cpu = min(merge.cpu, threadCPUSeconds() - t.1)

                t = (ParseBenchmark.monotonicSeconds(), threadCPUSeconds())
                sink &+= builder.list(for: set).suggestions.count
                suggest.wall = min(suggest.wall, ParseBenchmark.monotonicSeconds() - t.0)
                suggest.cpu = min(suggest.cpu, threadCPUSeconds() - t.1)

                t = (ParseBenchmark.monotonicSeconds(), threadCPUSeconds())
                var merging = ShoppingListAccumulator(builder: builder)
                for (recipe, lines) in zip(set, inputs) {
                    merging.add(id: recipe.id, title: recipe.title, planEntryID: recipe.planEntryID,
                                servingsFactor: recipe.servingsFactor, lines: lines)
                }
                sink &+= merging.list(suggestionThreshold: nil).items.count
                both.wall = min(both.wall, ParseBenchmark.monotonicSeconds() - t.0)
                both.cpu = min(both.cpu, threadCPUSeconds() - t.1)

                guard threads > 1 else { continue }
                for withSuggestions in [false, true] {
                    t = (ParseBenchmark.monotonicSeconds(), processCPUSeconds())
                    var threaded = ShoppingListAccumulator(builder: builder, jobs: threads)
                    // In batches, as `ingest list` adds what it reads.
                    for start in stride(from: 0, to: batch.count, by: ListCommand.recipesPerBatch) {
                        threaded.add(contentsOf: Array(batch[start..<min(batch.count, start + ListCommand.recipesPerBatch)]))
                    }
                    let list = threaded.list(suggestionThreshold: withSuggestions ? ListSuggestion.defaultThreshold : nil)
                    sink &+= list.items.count + list.suggestions.count
                    let wall = ParseBenchmark.monotonicSeconds() - t.0, cpu = processCPUSeconds() - t.1
                    if withSuggestions {
                        parallelSuggest = (min(parallelSuggest.wall, wall), min(parallelSuggest.cpu, cpu))
                    } else {
                        parallel = (min(parallel.wall, wall), min(parallel.cpu, cpu))
                    }
                }
            }
            let full = builder.list(for: set)
            let items = full.items.count
            func ms(_ s: Double) -> String { String(Int((s * 1e5).rounded())).paddedMilliseconds }
            print("\(label): \(set.count) recipes, \(lineCount) lines, \(items) items")
            print("  merge only:    \(ms(merge.wall)) ms wall, \(ms(merge.cpu)) ms CPU")
            print("  + suggestions: \(ms(suggest.wall)) ms wall, \(ms(suggest.cpu)) ms CPU  (\(full.suggestions.count) suggestions)")
            print("  parse + merge: \(ms(both.wall)) ms wall, \(ms(both.cpu)) ms CPU  (\(sink % 2 == 2 ? "" : "best of \(rounds)"))")
            if threads > 1 {
                print("  parse + merge, \(threads) threads: \(ms(parallel.wall)) ms wall, \(ms(parallel.cpu)) ms CPU (process)")
                print("  parse + merge + suggestions, \(threads) threads: \(ms(parallelSuggest.wall)) ms wall, \(ms(parallelSuggest.cpu)) ms CPU (process)")
            }
        }
        measure("plan", plan)
        measure("large", large)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("peak resident memory: \(usage.ru_maxrss / 1024) MB")
    }
}

private extension String {
    /// Hundredths of a millisecond ("1234") as milliseconds with two decimals ("12.34").
    var paddedMilliseconds: String {
        var digits = self
        while digits.count < 3 { digits = "0" + digits }
        return digits.dropLast(2) + "." + digits.suffix(2)
    }
}
