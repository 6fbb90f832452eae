#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered standard output.
struct OutputBuffer {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 17) }

    mutating func flushIfFull() { if bytes.count >= 1 << 16 { flush() } }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        writeAll(STDOUT_FILENO, bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func write(_ s: String) { bytes.append(contentsOf: s.utf8); flushIfFull() }
}

func printError(_ message: String) {
    writeAll(STDERR_FILENO, Array("ingest: \(message)\n".utf8))
}

/// Writes all of `bytes` to a file descriptor, retrying short writes.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                return // a closed pipe (ingest parse | head): stop writing quietly
            }
            offset += n
        }
    }
}
