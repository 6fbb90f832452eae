import ArgumentParser
import IngredientKit
#if canImport(Glibc)
import Glibc
#endif

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
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

/// Seconds on the monotonic clock (the benchmark's clock, shared by import progress and bench-keys).
func monotonicSeconds() -> Double { ParseBenchmark.monotonicSeconds() }

func writeFile(_ path: String, _ text: String) throws {
    guard let f = fopen(path, "wb") else {
        throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var t = text
    t.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
}

/// Whether bytes from the start of a file look binary (an image, an archive), by
/// `FormatDetection.looksBinary` on their first 8 KB.
func looksBinary<C: Collection>(_ head: C) -> Bool where C.Element == UInt8 {
    Array(head.prefix(8192)).withUnsafeBufferPointer { FormatDetection.looksBinary($0) }
}

/// The whole text of a file, ill-formed UTF-8 repaired.
func readText(_ path: String) throws -> String {
    guard let f = fopen(path, "rb") else {
        throw ValidationError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
