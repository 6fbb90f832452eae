#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system access for imports: what a path is, sorted directory listings, whole and
/// ranged reads, with `ImportError`s a user can act on.
enum ImportFiles {
    /// What is at a path.
    enum Entry: Equatable {
        case file(size: Int)
        case directory(device: UInt64, inode: UInt64)
        case other(kind: String)
        case missing(reason: String)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// What `path` is (symbolic links followed).
    static func entry(_ path: String) -> Entry {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let reason = errorText()
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK { return .missing(reason: "a broken symbolic link (\(reason))") }
            return .missing(reason: reason)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(st.st_size))
        case S_IFDIR: return .directory(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        case S_IFIFO: return .other(kind: "a named pipe")
        case S_IFSOCK: return .other(kind: "a socket")
        case S_IFCHR, S_IFBLK: return .other(kind: "a device")
        default: return .other(kind: "an unknown kind of file")
        }
    }

    /// The names in directory `path`, sorted by their UTF-8 bytes.
    static func list(_ path: String) throws(ImportError) -> [String] {
        guard let dir = opendir(path) else { throw .unreadable(reason: errorText()) }
        defer { closedir(dir) }
        var names: [String] = []
        // The name is read in place, up to its NUL: a directory entry is only as long as its
        // name, so copying the whole 256-byte `d_name` field could read past the end of the
        // system's buffer (a crash in a large directory, when an entry ends a page).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(dir) {
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names
    }

    /// An open file for ranged and sequential reads.
    final class Handle {
        let fd: Int32

        init(_ path: String) throws(ImportError) {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw .unreadable(reason: ImportFiles.errorText()) }
        }

        /// Standard input.
        init(standardInput: ()) { fd = 0 }

        deinit { if fd > 0 { close(fd) } }

        /// `count` bytes at `offset` (fewer at the end of the file).
        func read(at offset: Int, count: Int) throws(ImportError) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if n < 0 { if errno == EINTR { continue }; throw .unreadable(reason: ImportFiles.errorText()) }
                if n == 0 { break }
                done += n
            }
            buffer.removeLast(count - done)
            return buffer
        }

        /// Up to `count` next bytes; empty at the end.
        func readNext(_ count: Int) throws(ImportError) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + done, count - done) }
                if n < 0 { if errno == EINTR { continue }; throw .unreadable(reason: ImportFiles.errorText()) }
                if n == 0 { break }
                done += n
            }
            buffer.removeLast(count - done)
            return buffer
        }
    }

    /// The whole file at `path`, refused when larger than `limit`.
    static func read(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
        let handle = try Handle(path)
        var st = stat()
        if fstat(handle.fd, &st) == 0, Int(st.st_size) > limit { throw .tooLarge(bytes: Int(st.st_size), limit: limit) }
        // Read the size the file has (plus one byte, to notice growth), then the rest, if any.
        var result = try handle.readNext(Int(st.st_size) + 1)
        while result.count > Int(st.st_size) {
            let chunk = try handle.readNext(1 << 16)
            if chunk.isEmpty { break }
            result += chunk
            if result.count > limit { throw .exceedsLimit(what: "the file (it grew while being read)", limit: limit) }
        }
        return result
    }
}

/// The C library's `read`, under a name the `Handle` methods do not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
