#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientText
import IngredientParsing

/// The throughput benchmark behind `tools/bench parse`: streams a file of lines repeatedly through
/// one parser session, writing each line's JSON object to a buffer that is then dropped, on
/// the calling thread, until at least a number of lines were parsed.
package enum ParseBenchmark {
    package struct Result {
        package var lines: Int
        package var passes: Int
        package var seconds: Double
        package var cpuSeconds: Double
        package var jsonBytes: Int
        package var peakRSSMegabytes: Double

        package var summary: String {
            func r(_ x: Double) -> String { "\((x * 100).rounded() / 100)" }
            return "bench: \(lines) lines (\(passes) passes) in \(r(seconds)) s: \(Int(Double(lines) / seconds)) lines/s, "
                + "\(r(Double(jsonBytes) / 1e6 / seconds)) MB/s of JSON, \(Int(Double(lines) / cpuSeconds)) lines per CPU second, "
                + "peak RSS \(r(peakRSSMegabytes)) MB"
        }
    }

    package static func run(path: String, lines target: Int, parser: IngredientParser = IngredientParser()) throws -> Result {
        let session = parser.makeSession()
        _ = session.parse("1 cup flour") // load the tables before timing
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var count = 0, bytes = 0, passes = 0
        let start = monotonicSeconds(), cpuStart = cpuSeconds()
        while count < target {
            try LineReader(path: path).forEachLine { line in
                session.appendJSON(utf8: line, to: &out)
                count += 1
                // Emptied once 64 KB are written, as `ingest parse` writes its buffer out (an
                // array's `removeAll` after every line cost about 60 instructions a line).
                if out.count >= 1 << 16 {
                    bytes += out.count
                    out.removeAll(keepingCapacity: true)
                }
            }
            passes += 1
            if count == 0 { break }
        }
        bytes += out.count
        let seconds = monotonicSeconds() - start, cpu = cpuSeconds() - cpuStart
        var usage = rusage()
        getrusage(RUSAGE_SELF_VALUE, &usage)
        return Result(lines: count, passes: passes, seconds: seconds, cpuSeconds: cpu, jsonBytes: bytes,
                      peakRSSMegabytes: Double(usage.ru_maxrss) / 1024)
    }

    #if canImport(Glibc)
    private static let RUSAGE_SELF_VALUE = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    private static let RUSAGE_SELF_VALUE = RUSAGE_SELF
    #endif

    /// Seconds on the monotonic clock.
    package static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF_VALUE, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
