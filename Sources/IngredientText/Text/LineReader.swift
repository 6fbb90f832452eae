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

    package func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try forEachLine(maxLength: .max, body, tooLong: { _, _ in })
    }

    /// Like `forEachLine(_:)`, but a line of more than `maxLength` bytes is not collected:
    /// `tooLong` gets its first `maxLength` bytes and its whole length instead of `body`
    /// getting the line, so memory stays bounded by `maxLength` whatever the input.
    package func forEachLine(maxLength: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void,
                             tooLong: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
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
        // Bytes of the current line past `maxLength`, counted but not kept.
        var dropped = 0
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            if bytes.count > maxLength || dropped > 0 {
                try tooLong(UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, maxLength)]), bytes.count + dropped)
                dropped = 0
                return
            }
            var end = bytes.count
            if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
            try body(UnsafeBufferPointer(rebasing: bytes[0..<end]))
        }
        func keep(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            let room = maxLength - pending.count
            if bytes.count <= room {
                pending.append(contentsOf: bytes)
            } else {
                pending.append(contentsOf: bytes.prefix(max(0, room)))
                dropped += bytes.count - max(0, room)
            }
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 {
                if ferror(file) != 0 { throw OpenError(path: path ?? "standard input", reason: "read error") }
                break
            }
            try chunk.withUnsafeBufferPointer { buffer in
                var start = 0
                // memchr finds each newline many bytes at a time.
                while start < n, let hit = memchr(buffer.baseAddress! + start, 0x0A, n - start) {
                    let i = UnsafeRawPointer(hit) - UnsafeRawPointer(buffer.baseAddress!)
                    if pending.isEmpty, dropped == 0 {
                        try emit(UnsafeBufferPointer(rebasing: buffer[start..<i]))
                    } else {
                        keep(buffer[start..<i])
                        try pending.withUnsafeBufferPointer { try emit($0) }
                        pending.removeAll(keepingCapacity: pending.count < (1 << 20))
                    }
                    start = i + 1
                }
                if start < n { keep(buffer[start..<n]) }
            }
        }
        if !pending.isEmpty || dropped > 0 { try pending.withUnsafeBufferPointer { try emit($0) } }
    }
}
