import CZlib
import IngredientText

/// zlib inflate for the archive readers: gzip/zlib streams and raw deflate (ZIP entries).
enum Inflate {
    enum Wrapper {
        /// A gzip (or zlib) stream: `.gz`, `.paprikarecipe`.
        case gzip
        /// Raw deflate, as in ZIP entries.
        case raw
    }

    /// The inflated bytes of `input`, at most `limit` of them.
    static func inflate(_ input: UnsafeBufferPointer<UInt8>, wrapper: Wrapper, limit: Int, expected: Int? = nil) throws(ImportError) -> [UInt8] {
        var stream = z_stream()
        let bits: Int32 = wrapper == .gzip ? 15 + 32 : -15
        guard inflateInit2_(&stream, bits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalidArchive(detail: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        // A declared size is a claim: deflate inflates at most about 1,032 times, so a small
        // entry that declares 256 MB does not get 256 MB reserved.
        output.reserveCapacity(min(limit, expected ?? input.count * 4, input.count * 1032 + 1024))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        while true {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            output.append(contentsOf: chunk[0..<produced])
            if output.count > limit { throw .exceedsLimit(what: "the compressed data, once decompressed,", limit: limit) }
            if status == Z_STREAM_END {
                // A gzip file may hold several members one after another.
                if wrapper == .gzip, stream.avail_in > 0 {
                    guard inflateReset(&stream) == Z_OK else { break }
                    continue
                }
                break
            }
            if status == Z_BUF_ERROR, stream.avail_in == 0 { throw .invalidArchive(detail: "compressed data ends early (truncated file)") }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                let message = stream.msg.map { String(cString: $0) } ?? "code \(status)"
                throw .invalidArchive(detail: "corrupt compressed data (\(message))")
            }
        }
        return output
    }

    /// Whether `bytes` start like a gzip stream.
    static func isGzip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0x1F && bytes[1] == 0x8B && bytes[2] == 0x08
    }
}

/// A ZIP archive's directory: entry names, sizes and where their data is. Stored and
/// deflated entries are read (ZIP64 included); encrypted ones are reported.
struct ZipDirectory {
    struct Entry: Sendable {
        var name: String
        var method: UInt16
        var flags: UInt16
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
        var isDirectory: Bool { name.hasSuffix("/") }
    }

    var entries: [Entry] = []

    static func u16(_ b: UnsafeBufferPointer<UInt8>, _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
    static func u32(_ b: UnsafeBufferPointer<UInt8>, _ o: Int) -> Int { u16(b, o) | u16(b, o + 2) << 16 }
    static func u64(_ b: UnsafeBufferPointer<UInt8>, _ o: Int) -> Int { u32(b, o) | u32(b, o + 4) << 32 }

    /// Whether `bytes` start like a ZIP archive (or an empty one).
    static func isZip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && (bytes[2] == 3 || bytes[2] == 5) && (bytes[3] == 4 || bytes[3] == 6)
    }

    /// Reads the directory from the archive's `tail` (its last bytes) and `read`, which
    /// returns `count` bytes at an absolute offset.
    init(size: Int, read: (Int, Int) throws(ImportError) -> [UInt8]) throws(ImportError) {
        let tailCount = min(size, 65_557)
        let tail = try read(size - tailCount, tailCount)
        let found: (offset: Int, count: Int, entries: Int)? = tail.withUnsafeBufferPointer { b in
            var k = b.count - 22
            while k >= 0 {
                if b[k] == 0x50, b[k + 1] == 0x4B, b[k + 2] == 5, b[k + 3] == 6 {
                    return (Self.u32(b, k + 16), Self.u32(b, k + 12), Self.u16(b, k + 10))
                }
                k -= 1
            }
            return nil
        }
        guard var (cdOffset, cdSize, count) = found else {
            throw .invalidArchive(detail: "no ZIP end-of-directory record (not a ZIP file, or truncated)")
        }
        if cdOffset == 0xFFFF_FFFF || count == 0xFFFF || cdSize == 0xFFFF_FFFF {
            // ZIP64: the locator sits just before the end record.
            let zip64: (Int, Int, Int)? = tail.withUnsafeBufferPointer { b in
                var k = b.count - 22 - 20
                while k >= 0 {
                    if b[k] == 0x50, b[k + 1] == 0x4B, b[k + 2] == 6, b[k + 3] == 7 { return (Self.u64(b, k + 8), 0, 0) }
                    k -= 1
                }
                return nil
            }
            guard let (recordOffset, _, _) = zip64 else { throw .invalidArchive(detail: "ZIP64 archive without its locator") }
            let record = try read(recordOffset, 56)
            record.withUnsafeBufferPointer { b in
                count = Self.u64(b, 32)
                cdSize = Self.u64(b, 40)
                cdOffset = Self.u64(b, 48)
            }
        }
        guard cdOffset >= 0, cdSize >= 0, cdOffset + cdSize <= size else {
            throw .invalidArchive(detail: "the ZIP directory points outside the file (truncated?)")
        }
        let directory = try read(cdOffset, cdSize)
        try directory.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ImportError) in
            var k = 0
            for _ in 0..<count {
                guard k + 46 <= b.count, Self.u32(b, k) == 0x0201_4B50 else {
                    throw .invalidArchive(detail: "damaged ZIP directory entry \(entries.count + 1)")
                }
                let nameLength = Self.u16(b, k + 28), extraLength = Self.u16(b, k + 30), commentLength = Self.u16(b, k + 32)
                guard k + 46 + nameLength + extraLength <= b.count else { throw .invalidArchive(detail: "damaged ZIP directory") }
                let flags = UInt16(Self.u16(b, k + 8))
                let nameBytes = UnsafeBufferPointer(rebasing: b[(k + 46)..<(k + 46 + nameLength)])
                // Names are UTF-8 when flag 11 says so, and in practice often otherwise too.
                let name = flags & 0x800 != 0 || UTF8Repair.isValid(nameBytes)
                    ? String(decoding: nameBytes, as: UTF8.self) : TextDecoding.windows1252(nameBytes)
                var entry = Entry(name: name, method: UInt16(Self.u16(b, k + 10)), flags: flags,
                                  compressedSize: Self.u32(b, k + 20), size: Self.u32(b, k + 24),
                                  localHeaderOffset: Self.u32(b, k + 42))
                // ZIP64 extra field: the sizes and offset that did not fit.
                var e = k + 46 + nameLength
                let extraEnd = e + extraLength
                while e + 4 <= extraEnd {
                    let id = Self.u16(b, e), length = Self.u16(b, e + 2)
                    if id == 1 {
                        var f = e + 4
                        if entry.size == 0xFFFF_FFFF, f + 8 <= extraEnd { entry.size = Self.u64(b, f); f += 8 }
                        if entry.compressedSize == 0xFFFF_FFFF, f + 8 <= extraEnd { entry.compressedSize = Self.u64(b, f); f += 8 }
                        if entry.localHeaderOffset == 0xFFFF_FFFF, f + 8 <= extraEnd { entry.localHeaderOffset = Self.u64(b, f) }
                    }
                    e += 4 + length
                }
                entries.append(entry)
                k += 46 + nameLength + extraLength + commentLength
            }
        }
    }

    /// The content of `entry`, at most `limit` bytes.
    static func content(of entry: Entry, limit: Int, read: (Int, Int) throws(ImportError) -> [UInt8]) throws(ImportError) -> [UInt8] {
        if entry.flags & 1 != 0 { throw .unsupported(format: "an encrypted ZIP entry", hint: "decrypt the archive first") }
        guard entry.size <= limit else { throw .tooLarge(bytes: entry.size, limit: limit) }
        let header = try read(entry.localHeaderOffset, 30)
        let dataOffset: Int = try header.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ImportError) in
            guard b.count == 30, u32(b, 0) == 0x0403_4B50 else { throw .invalidArchive(detail: "damaged local header of \(entry.name)") }
            return entry.localHeaderOffset + 30 + u16(b, 26) + u16(b, 28)
        }
        let data = try read(dataOffset, entry.compressedSize)
        switch entry.method {
        case 0: return data
        case 8: return try data.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ImportError) in try Inflate.inflate(b, wrapper: .raw, limit: limit, expected: entry.size) }
        default: throw .unsupported(format: "ZIP compression method \(entry.method) (\(entry.name))", hint: "re-create the archive with deflate")
        }
    }
}

/// Entries of a tar archive (ustar, GNU long names, pax paths), read from its bytes in order.
enum TarArchive {
    struct Entry {
        var name: String
        var data: ArraySlice<UInt8>
    }

    /// Whether `bytes` start with a tar header: the `ustar` magic at offset 257 followed by
    /// NUL or spaces, and a header checksum that adds up.
    static func isTar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 512, bytes[257] == 0x75, bytes[258] == 0x73, bytes[259] == 0x74, bytes[260] == 0x61,
              bytes[261] == 0x72, bytes[262] == 0 || bytes[262] == 0x20 else { return false }
        var sum = 0
        for k in 0..<512 { sum += k >= 148 && k < 156 ? 0x20 : Int(bytes[k]) }
        return sum == octal(Array(bytes[148..<156])[...])
    }

    static func octal(_ bytes: ArraySlice<UInt8>) -> Int {
        var v = 0
        for b in bytes {
            if b == 0 || b == 0x20 { if v > 0 { break } else { continue } }
            guard b >= 0x30, b <= 0x37 else { break }
            v = v * 8 + Int(b - 0x30)
        }
        return v
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The regular files of the archive, in order.
    static func entries(_ bytes: [UInt8]) throws(ImportError) -> [Entry] {
        var result: [Entry] = []
        var offset = 0
        var longName: String?
        while offset + 512 <= bytes.count {
            let header = bytes[offset..<offset + 512]
            if header.allSatisfy({ $0 == 0 }) { break }
            let size = octal(header[(offset + 124)..<(offset + 136)])
            let type = header[offset + 156]
            var name = string(header[offset..<(offset + 100)])
            let prefix = string(header[(offset + 345)..<(offset + 500)])
            if !prefix.isEmpty, header[(offset + 257)..<(offset + 262)].elementsEqual("ustar".utf8) { name = prefix + "/" + name }
            let dataStart = offset + 512
            guard dataStart + size <= bytes.count else { throw .invalidArchive(detail: "tar entry \(name) is cut short (truncated archive)") }
            let data = bytes[dataStart..<(dataStart + size)]
            switch type {
            case 0x4C: // GNU long name for the next entry
                longName = string(data)
            case 0x78: // pax header: a path= record renames the next entry
                for record in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                    if let r = record.firstRange(of: " path=") { longName = String(record[r.upperBound...]) }
                }
            case 0x30, 0, 0x37:
                result.append(Entry(name: longName ?? name, data: data))
                longName = nil
            default:
                longName = nil
            }
            offset = dataStart + (size + 511) / 512 * 512
        }
        return result
    }
}
