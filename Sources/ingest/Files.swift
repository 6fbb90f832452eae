#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientKit

/// Writes `text` to the file at `path`; when it cannot, reports why and throws exit status 1.
func writeFile(_ path: String, _ text: String) throws {
    var text = text
    try text.withUTF8 { try writeFile(path, contents: $0) }
}

/// Writes `bytes` to the file at `path`; when it cannot, reports why and throws exit status 1.
func writeFile(_ path: String, bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try writeFile(path, contents: $0) }
}

/// Writes `contents` to the file at `path` (what both `writeFile`s do).
private func writeFile(_ path: String, contents: UnsafeBufferPointer<UInt8>) throws {
    guard let f = fopen(path, "wb") else {
        throw runtimeFailure("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let written = fwrite(contents.baseAddress, 1, contents.count, f)
    let complete = written == contents.count && fflush(f) == 0
    let reason = String(cString: strerror(errno))
    if fclose(f) != 0 || !complete {
        throw runtimeFailure("cannot write \(path): \(complete ? String(cString: strerror(errno)) : reason)")
    }
}

/// A file that could not be read, with the system's reason.
struct FileFailure: Error, CustomStringConvertible {
    let description: String
}

/// Whether bytes from the start of a file look binary (an image, an archive), by
/// `FormatDetection.looksBinary` on their first 8 KB.
func looksBinary<C: Collection>(_ head: C) -> Bool where C.Element == UInt8 {
    Array(head.prefix(8192)).withUnsafeBufferPointer { FormatDetection.looksBinary($0) }
}

/// The whole text of a file, ill-formed UTF-8 repaired.
func readText(_ path: String) throws -> String {
    String(decoding: try readBytes(path), as: UTF8.self)
}

/// The first `count` bytes of a file (fewer when it is shorter).
func readHead(_ path: String, count: Int) throws -> [UInt8] {
    guard let f = fopen(path, "rb") else {
        throw FileFailure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, f) }
    return Array(bytes[0..<n])
}

/// The bytes of a file.
func readBytes(_ path: String) throws -> [UInt8] {
    guard let f = fopen(path, "rb") else {
        throw FileFailure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
        if n == 0 {
            if ferror(f) != 0 { throw FileFailure(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
            break
        }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}
