import IngredientKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientEvaluation

/// Seconds on the monotonic clock (the benchmark's clock, shared by import progress and the
/// `ingest dev bench` commands).
func monotonicSeconds() -> Double { ParseBenchmark.monotonicSeconds() }

/// CPU time of the calling thread, in seconds: steadier than wall time on a busy machine.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of the whole process (every thread), in seconds.
func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
