import ArgumentParser
import IngredientKit

/// `ingest dev bench suggest` (formerly `ingest bench-suggest`).
struct BenchSuggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Time merge suggestions over many distinct keys (see tools/bench-suggest).",
        discussion: "Reads FILE's lines and keys them (not timed: each line's parsed name and/or the whole line read as a bare name, see --source) until --names distinct keys are collected, then times MergeSuggester over them (blocking, scoring and reasons) on one thread, best of --rounds."
    )

    @Option(help: "How many distinct keys to suggest over.")
    var names = 100_000

    @Option(help: "Repeat the measurement this many times and keep the fastest.")
    var rounds = 3

    @Option(name: .customLong("min-confidence"), help: "Keep suggestions of at least this confidence.")
    var minConfidence = MergeSuggester.defaultMinimumConfidence

    enum Source: String, ExpressibleByArgument {
        case names, lines, both
    }

    @Option(help: "Keys of each line's parsed name (names), of the whole line read as a name (lines), or both.")
    var source: Source = .both

    @Argument(help: "A file of ingredient lines.")
    var file: String

    func run() throws {
        let parser = IngredientParser().makeSession()
        let keyer = CanonicalKeyer()
        var seen = Set<String>(), keys: [String] = []
        try LineReader(path: file).forEachLine { line in
                if keys.count >= names { return }
                var found: [String] = []
                if source != .lines, let k = keyer.key(for: parser.parse(utf8: line)) { found.append(k) }
                if source != .names { found.append(keyer.key(forNameUTF8: line)) }
                for key in found where !key.isEmpty && keys.count < names && seen.insert(key).inserted {
                    keys.append(key)
                }
            }
        guard !keys.isEmpty else { throw ValidationError("no names in \(file)") }
        let suggester = MergeSuggester(minimumConfidence: minConfidence)
        var best = (cpu: Double.infinity, wall: Double.infinity)
        var count = 0
        for _ in 0..<max(1, rounds) {
            let cpu0 = threadCPUSeconds(), wall0 = monotonicSeconds()
            count = suggester.suggestions(forKeys: keys).count
            best = (min(best.cpu, threadCPUSeconds() - cpu0), min(best.wall, monotonicSeconds() - wall0))
        }
        print("\(keys.count) distinct keys → \(count) suggestions >= \(minConfidence): \(String(format3(best.cpu))) s CPU, \(String(format3(best.wall))) s wall (best of \(rounds), one thread)")
    }

    func format3(_ x: Double) -> String {
        let v = Int((x * 1000).rounded())
        return "\(v / 1000).\(String(repeating: "0", count: 3 - String(v % 1000).count))\(v % 1000)"
    }
}
