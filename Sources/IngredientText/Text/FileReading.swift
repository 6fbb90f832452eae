#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads through the C library, with errors a user can act on.
package enum FileReading {
    /// The bytes of the file at `path`.
    package static func bytes(atPath path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw FileReadError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { result.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(file) != 0 {
                    throw FileReadError(path: path, reason: String(cString: strerror(errno)))
                }
                break
            }
        }
        return result
    }

    /// The text of the file at `path`, ill-formed UTF-8 repaired with U+FFFD.
    package static func text(atPath path: String) throws -> String {
        String(decoding: try bytes(atPath: path), as: UTF8.self)
    }
}
