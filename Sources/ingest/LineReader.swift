import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered standard output that remembers a failed write, so a command can stop and exit
/// non-zero instead of losing its output silently (`ingest parse … > /dev/full`).
struct OutputBuffer {
    var bytes: [UInt8] = []
    /// Why standard output refused a write, once it has (bytes are then dropped).
    private(set) var failure: String?

    init() { bytes.reserveCapacity(1 << 17) }

    /// Writes the buffer once it holds 64 KB; throws when standard output refuses it.
    mutating func flushIfFull() throws(OutputFailure) {
        if bytes.count >= 1 << 16 { try flush() }
    }

    /// Writes the buffer; throws when standard output refuses it.
    mutating func flush() throws(OutputFailure) {
        if !bytes.isEmpty {
            if failure == nil { failure = writeAll(STDOUT_FILENO, bytes) }
            bytes.removeAll(keepingCapacity: true)
        }
        if let failure { throw OutputFailure(reason: failure) }
    }

    mutating func write(_ s: String) throws(OutputFailure) { bytes.append(contentsOf: s.utf8); try flushIfFull() }
}

/// Standard output could not be written (a full disk, `/dev/full`, a closed descriptor).
struct OutputFailure: Error, CustomStringConvertible {
    /// The system's reason (strerror).
    let reason: String

    var description: String { "cannot write to standard output: \(reason)" }
}

/// Writes `text` to standard output now; when it cannot be written, reports why and throws
/// exit status 1.
func writeStandardOutput(_ text: String) throws {
    var out = OutputBuffer()
    out.bytes.append(contentsOf: text.utf8)
    do { try out.flush() } catch { throw runtimeFailure(error.description) }
}

/// Reports a failure at run time (an unreadable file, an unwritable output, a database that
/// cannot be opened) on standard error and gives the exit status to throw. Unlike a
/// `ValidationError`, which means the command line was wrong, it prints no usage text.
func runtimeFailure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode(1)
}

func printError(_ message: String) {
    _ = writeAll(STDERR_FILENO, Array("ingest: \(message)\n".utf8))
}

/// Writes all of `bytes` to a file descriptor, retrying short and interrupted writes; nil
/// when all were written, else the reason (strerror) the descriptor refused them.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw -> String? in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0, errno == EINTR { continue }
            if n < 0 { return String(cString: strerror(errno)) }
            if n == 0 { return "the output accepted no bytes" }
            offset += n
        }
        return nil
    }
}
