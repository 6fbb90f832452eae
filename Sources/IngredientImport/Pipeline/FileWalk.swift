/// Walks the paths of an import in the order their records are written: each path as
/// given; a directory's entries sorted by the UTF-8 bytes of their names, recursively;
/// hidden entries (`.DS_Store`, `__MACOSX`) and files of extensions that never hold recipes
/// (images, media, office documents) passed over and reported; directory loops cut.
enum FileWalk {
    /// What the walk meets.
    enum Event {
        /// A regular file to read; `named` when the user gave its path.
        case file(path: String, size: Int, named: Bool)
        /// Standard input (the path `-`).
        case standardInput
        /// An entry passed over, and why.
        case skipped(reason: String)
        /// A path that could not be read; `isFile` when it counts as a file read.
        case failure(path: String, error: ImportError, isFile: Bool)
    }

    /// Visits every event of walking `paths`; `forcedFormat` keeps files of any extension.
    static func walk<E: Error>(_ paths: [String], forcedFormat: Bool, _ visit: (Event) throws(E) -> Void) throws(E) {
        var visited: Set<[UInt64]> = []
        func walk(_ path: String, named: Bool, depth: Int) throws(E) {
            switch ImportFiles.entry(path) {
            case let .missing(reason):
                try visit(.failure(path: path, error: .unreadable(reason: reason), isFile: true))
            case let .other(kind):
                try visit(named ? .failure(path: path, error: .notAFile(kind: kind), isFile: true) : .skipped(reason: "not regular files"))
            case let .file(size):
                try visit(.file(path: path, size: size, named: named))
            case let .directory(device, inode):
                guard depth < 64, visited.insert([device, inode]).inserted else {
                    try visit(.skipped(reason: "directory loops"))
                    return
                }
                let names: [String]
                do { names = try ImportFiles.list(path) } catch {
                    try visit(.failure(path: path, error: error, isFile: false))
                    return
                }
                for name in names {
                    if FormatDetection.isHidden(name[...]) {
                        try visit(.skipped(reason: "hidden"))
                    } else if !forcedFormat, let reason = FormatDetection.skippedExtensions[FormatDetection.fileExtension(name)] {
                        try visit(.skipped(reason: reason))
                    } else {
                        try walk(path.hasSuffix("/") ? path + name : path + "/" + name, named: false, depth: depth + 1)
                    }
                }
            }
        }
        for path in paths {
            if path == "-" { try visit(.standardInput) } else { try walk(path, named: true, depth: 0) }
        }
    }
}

extension RecipeImporter {
    /// The regular files under `paths`, in the order an import reads them (hidden files and
    /// files that never hold recipes left out; `-` stays `-`).
    public static func files(in paths: [String]) -> [String] {
        var files: [String] = []
        FileWalk.walk(paths, forcedFormat: false) { (event: FileWalk.Event) in
            switch event {
            case let .file(path, _, _): files.append(path)
            case .standardInput: files.append("-")
            case .skipped, .failure: break
            }
        }
        return files
    }
}
