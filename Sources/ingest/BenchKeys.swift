import ArgumentParser
import IngredientKit

struct BenchKeys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-keys",
        abstract: "Measure canonical key computation per name (see tools/bench-keys). Build with -c release.",
        discussion: "Parses FILE's lines first (not timed), then times only the keys of the parsed names, over as many passes as reach --names names.",
        shouldDisplay: false
    )

    @Option(help: "Time at least this many key computations.")
    var names = 3_000_000

    @Argument(help: "A file of ingredient lines.")
    var file: String

    func run() throws {
        let parser = IngredientParser()
        let keyer = CanonicalKeyer()
        var all: [String] = []
        try LineReader(path: file).forEachLine { line in
            if let name = parser.parse(utf8: line).name { all.append(name) }
        }
        guard !all.isEmpty else { throw ValidationError("no names in \(file)") }
        let ascii = all.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        let other = all.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
        func time(_ list: [String], total: Int) -> Double {
            guard !list.isEmpty else { return 0 }
            var sink = 0
            for name in list.prefix(1000) { sink &+= keyer.key(forName: name).utf8.count } // warm up
            var done = 0
            let start = monotonicSeconds()
            while done < total {
                for name in list { sink &+= keyer.key(forName: name).utf8.count }
                done += list.count
            }
            let seconds = monotonicSeconds() - start
            if sink == -1 { print(sink) }
            return seconds * 1e9 / Double(done)
        }
        let overall = time(all, total: names)
        let asciiNs = time(ascii, total: names / 2)
        let otherNs = time(other, total: max(other.count, names / 20))
        func r(_ x: Double) -> String { "\((x * 10).rounded() / 10)" }
        print("bench-keys: \(all.count) names from \(file) (\(other.count) non-ASCII, \(r(100 * Double(other.count) / Double(all.count)))%)")
        print("  all names:       \(r(overall)) ns/name")
        print("  ASCII names:     \(r(asciiNs)) ns/name")
        print("  non-ASCII names: \(r(otherNs)) ns/name (ICU)")
    }
}
