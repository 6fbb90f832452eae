// The parse benchmark as a lean executable: it links only IngredientKit (no argument parser,
// no SQLite, no full Foundation), so its peak RSS is the parser's own.
// Usage: ingest-bench [--lines N] FILE
import IngredientKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var lines = 5_000_000
if let i = arguments.firstIndex(of: "--lines"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
    lines = n
    arguments.removeSubrange(i...(i + 1))
}
guard arguments.count == 1 else {
    print("usage: ingest-bench [--lines N] FILE")
    exit(2)
}
do {
    print(try ParseBenchmark.run(path: arguments[0], lines: lines).summary)
} catch {
    print("ingest-bench: \(error)")
    exit(1)
}
