#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file or standard input in large chunks, handing each line's bytes
/// (without its line end) to a closure. Memory stays bounded by the longest line.
package struct LineReader {
    package let path: String? // nil: standard input

    package init(path: String?) { self.path = path }

    package struct OpenError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        package var description: String { "cannot open \(path): \(reason)" }
    }

    package func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        let file: UnsafeMutablePointer<FILE>
        if let path {
            guard let f = fopen(path, "rb") else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
            file = f
        } else {
            guard let f = fdopen(STDIN_FILENO, "rb") else { throw OpenError(path: "standard input", reason: "not readable") }
            file = f
        }
        defer { if path != nil { fclose(file) } }
        if let path {
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
                throw OpenError(path: path, reason: "is a directory")
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
            var end = bytes.count
            if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
            body(UnsafeBufferPointer(rebasing: bytes[0..<end]))
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 {
                if ferror(file) != 0 { throw OpenError(path: path ?? "standard input", reason: "read error") }
                break
            }
            chunk.withUnsafeBufferPointer { buffer in
                var start = 0
                // memchr finds each newline many bytes at a time.
                while start < n, let hit = memchr(buffer.baseAddress! + start, 0x0A, n - start) {
                    let i = UnsafeRawPointer(hit) - UnsafeRawPointer(buffer.baseAddress!)
                    if pending.isEmpty {
                        emit(UnsafeBufferPointer(rebasing: buffer[start..<i]))
                    } else {
                        pending.append(contentsOf: buffer[start..<i])
                        pending.withUnsafeBufferPointer { emit($0) }
                        pending.removeAll(keepingCapacity: pending.count < (1 << 20))
                    }
                    start = i + 1
                }
                if start < n { pending.append(contentsOf: buffer[start..<n]) }
            }
        }
        if !pending.isEmpty { pending.withUnsafeBufferPointer { emit($0) } }
    }
}

