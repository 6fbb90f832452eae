import ArgumentParser
import IngredientKit

/// `ingest dev bench keys` (formerly `ingest bench-keys`).
struct BenchKeys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Measure canonical key computation per name (see tools/bench-keys).",
        discussion: "Parses FILE's lines first (not timed), then times only the keys of the parsed names, over as many passes as reach --names names. Reports nanoseconds per name of thread CPU time (steady on a busy machine) and of wall time, each the best of --rounds rounds."
    )

    @Option(help: "Time at least this many key computations.")
    var names = 3_000_000

    @Flag(help: "FILE holds bare names, one per line, rather than ingredient lines to parse.")
    var bare = false

    @Option(help: "Repeat each measurement this many times and keep the fastest.")
    var rounds = 3

    @Argument(help: "A file of ingredient lines.")
    var file: String

    func run() throws {
        let parser = IngredientParser().makeSession()
        let keyer = CanonicalKeyer()
        var all: [String] = []
        try LineReader(path: file).forEachLine { line in
            if bare {
                all.append(String(decoding: line, as: UTF8.self))
            } else if let name = parser.parse(utf8: line).name {
                all.append(name)
            }
        }
        guard !all.isEmpty else { throw ValidationError("no names in \(file)") }
        let ascii = all.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        let other = all.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
        /// (CPU, wall) nanoseconds per name through `key(forNameUTF8:)` over names stored one
        /// after another in one buffer, each the best of `rounds`.
        func timeBytes(_ list: [String], total: Int) -> (cpu: Double, wall: Double) {
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for name in list {
                let start = bytes.count
                bytes.append(contentsOf: name.utf8)
                ranges.append(start..<bytes.count)
            }
            var sink = 0
            var best = (cpu: Double.infinity, wall: Double.infinity)
            bytes.withUnsafeBufferPointer { all in
                for r in ranges.prefix(1000) { sink &+= keyer.key(forNameUTF8: UnsafeBufferPointer(rebasing: all[r])).utf8.count }
                for _ in 0..<max(1, rounds) {
                    var done = 0
                    let start = monotonicSeconds(), cpuStart = threadCPUSeconds()
                    while done < total {
                        for r in ranges { sink &+= keyer.key(forNameUTF8: UnsafeBufferPointer(rebasing: all[r])).utf8.count }
                        done += ranges.count
                    }
                    let cpu = (threadCPUSeconds() - cpuStart) * 1e9 / Double(done)
                    let wall = (monotonicSeconds() - start) * 1e9 / Double(done)
                    best = (min(best.cpu, cpu), min(best.wall, wall))
                }
            }
            if sink == -1 { print(sink) }
            return best
        }

        /// (CPU, wall) nanoseconds per name through `key(forName:)`, each the best of `rounds`.
        func time(_ list: [String], total: Int) -> (cpu: Double, wall: Double) {
            guard !list.isEmpty else { return (0, 0) }
            var sink = 0
            for name in list.prefix(1000) { sink &+= keyer.key(forName: name).utf8.count } // warm up
            var best = (cpu: Double.infinity, wall: Double.infinity)
            for _ in 0..<max(1, rounds) {
                var done = 0
                let start = monotonicSeconds(), cpuStart = threadCPUSeconds()
                while done < total {
                    for name in list { sink &+= keyer.key(forName: name).utf8.count }
                    done += list.count
                }
                let cpu = (threadCPUSeconds() - cpuStart) * 1e9 / Double(done)
                let wall = (monotonicSeconds() - start) * 1e9 / Double(done)
                best = (min(best.cpu, cpu), min(best.wall, wall))
            }
            if sink == -1 { print(sink) }
            return best
        }
        let overall = time(all, total: names)
        let compacted = all.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        let overallCompacted = time(compacted, total: names)
        let overallBytes = timeBytes(all, total: names)
        let asciiNs = time(ascii, total: names / 2)
        let otherNs = time(other, total: max(other.count, names / 20))
        func r(_ x: Double) -> String { "\((x * 10).rounded() / 10)" }
        print("key tables: \(keyer.tableSize.entries) entries in \(keyer.tableSize.slots) slots (\(keyer.tableSize.slots * 16 / 1024) KB)")
        print("bench-keys: \(all.count) names from \(file) (\(other.count) non-ASCII, \(r(100 * Double(other.count) / Double(all.count)))%), best of \(rounds) rounds")
        print("  all names:       \(r(overall.cpu)) ns/name CPU, \(r(overall.wall)) ns/name wall (key(forName:), names as Strings)")
        print("  all names:       \(r(overallCompacted.cpu)) ns/name CPU, \(r(overallCompacted.wall)) ns/name wall (key(forName:), Strings copied one after another)")
        print("  all names:       \(r(overallBytes.cpu)) ns/name CPU, \(r(overallBytes.wall)) ns/name wall (key(forNameUTF8:), names in one buffer)")
        print("  ASCII names:     \(r(asciiNs.cpu)) ns/name CPU, \(r(asciiNs.wall)) ns/name wall")
        print("  non-ASCII names: \(r(otherNs.cpu)) ns/name CPU, \(r(otherNs.wall)) ns/name wall")
    }
}
