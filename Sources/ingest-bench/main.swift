// The parse benchmark as a lean executable: it links only IngredientKit (no argument parser,
// no SQLite, no full Foundation), so its peak RSS is the parser's own.
// Usage: ingest-bench [--lines N] FILE
//        ingest-bench --startup   (milliseconds for `IngredientParser()` and a first parse)
import IngredientKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientEvaluation

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--startup"] {
    // What an app embedding the library pays on first use: the built-in tables made ready,
    // and one line parsed (to JSON, as `ingest parse` writes it).
    let start = ParseBenchmark.monotonicSeconds()
    let session = IngredientParser().makeSession()
    var out: [UInt8] = []
    var line = "1 14- ounce can of full fat coconut milk"
    line.withUTF8 { session.appendJSON(utf8: $0, to: &out) }
    let milliseconds = (ParseBenchmark.monotonicSeconds() - start) * 1000
    print("startup: \(out.count) bytes of JSON; IngredientParser() and first parse in \((milliseconds * 1000).rounded() / 1000) ms")
    exit(0)
}
var lines = 5_000_000
if let i = arguments.firstIndex(of: "--lines"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
    lines = n
    arguments.removeSubrange(i...(i + 1))
}
guard arguments.count == 1 else {
    print("usage: ingest-bench [--lines N] FILE | ingest-bench --startup")
    exit(2)
}
do {
    print(try ParseBenchmark.run(path: arguments[0], lines: lines).summary)
} catch {
    print("ingest-bench: \(error)")
    exit(1)
}
