#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientParsing
import IngredientText

/// Imports recipe files: walks paths (directories recursively, in byte order of names),
/// reads every file in its detected (or forced) format, parses every ingredient line, and
/// hands the records back in input order, whatever the number of threads.
///
/// Work is spread over `jobs` threads: each small file is one work item; large files of
/// streamable formats (JSON Lines, CSV, MealMaster, MasterCook text, JSON arrays) and
/// standard input are cut into chunks of whole recipes by one reader thread, so memory
/// stays bounded whatever the input size. Every recipe found gives exactly one record: the
/// recipe, or an error record; every file is counted in the `Summary`.
///
/// ```swift
/// let importer = RecipeImporter(jobs: 4)
/// let summary = importer.run(["recipes/"]) { record in print(RecipeJSON.string(for: record)) }
/// ```
public struct RecipeImporter: Sendable {
    /// The parser for ingredient lines.
    public var parser: IngredientParser
    /// A format to read every file as (archives are still opened), or nil to detect it.
    public var format: RecipeFormat?
    /// Worker threads.
    public var jobs: Int
    /// The path standard input's records are named after (`-#1`, `-#2`, …).
    public var standardInputName: String

    /// Files larger than this are streamed in chunks when their format allows.
    var streamThreshold = 8 << 20
    /// The size of the chunks streamed files are cut into.
    var chunkSize = 1 << 19
    /// ZIP archives larger than this are read entry by entry instead of whole.
    static let wholeZipLimit = 64 << 20

    /// An importer; `jobs` defaults to the number of online processors.
    public init(parser: IngredientParser = IngredientParser(), format: RecipeFormat? = nil, jobs: Int = RecipeImporter.defaultJobs,
                standardInputName: String = "-") {
        self.parser = parser
        self.format = format
        self.jobs = max(1, jobs)
        self.standardInputName = standardInputName
    }

    /// The number of online processors.
    public static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// What an import read and wrote. `recipesFound` = `recipes` + `errors`.
    public struct Summary: Sendable, Equatable {
        /// Files read (named or found in directories), standard input included.
        public var files = 0
        /// Files passed over in directories (images, hidden files, …), by reason.
        public var skipped: [String: Int] = [:]
        /// Recipe records written.
        public var recipes = 0
        /// Error records written (files and recipes that could not be read).
        public var errors = 0
        /// Of `errors`, those for a whole file.
        public var fileErrors = 0
        /// Ingredient lines in the recipe records.
        public var ingredientLines = 0
        /// Bytes read.
        public var bytes = 0
        /// Recipes found: every one is either a record or an error record.
        public var recipesFound: Int { recipes + errors }
        /// Files passed over, all reasons together.
        public var skippedFiles: Int { skipped.values.reduce(0, +) }

        /// An empty summary.
        public init() {}
    }

    /// The work of one item and what it accounts for.
    struct JobResult: Sendable {
        var outcomes: [ReadOutcome] = []
        var filesDone = 0
        var skipped: [String] = []
        var bytes = 0
        /// For the items of a streamed file: its name, to count what it gave.
        var stream: String?
        /// For the last item of a streamed file: its name, so that a file without any
        /// recipe still gets an error record.
        var streamEnd: String?
    }

    typealias Job = @Sendable () -> JobResult

    /// Counts the files under `paths` that an import would read, for progress estimates.
    public static func countFiles(_ paths: [String]) -> Int { files(in: paths).count }

    /// Imports `paths` (`-` is standard input), handing each record to `emit` in input
    /// order on the calling thread, and `progress` the running totals after each file or
    /// chunk. An error thrown by `emit` stops the import.
    public func run<E: Error>(_ paths: [String], progress: ((Summary) -> Void)? = nil,
                              emit: (ImportRecord) throws(E) -> Void) throws(E) -> Summary {
        try run(paths, encode: { $0 }, progress: progress) { (source: String, record: ImportRecord) throws(E) in
            try emit(record.withSource(source))
        }
    }

    /// Imports `paths` like `run(_:progress:emit:)`, but each record is first turned into
    /// what the caller writes (its JSON, its database rows) by `encode`, on the worker thread
    /// that read it, so the calling thread only writes. `encode` must not depend on the
    /// record's `source`: sources are numbered only once records are back in input order,
    /// and `emit` is given the record's source beside its encoding.
    public func run<Encoded: Sendable, E: Error>(_ paths: [String], encode: @escaping @Sendable (ImportRecord) -> Encoded,
                                                 progress: ((Summary) -> Void)? = nil,
                                                 emit: (_ source: String, _ encoded: Encoded) throws(E) -> Void) throws(E) -> Summary {
        var summary = Summary()
        var lastOrigin = ""
        var lastCount = 0
        var streamCounts: [String: Int] = [:]
        let parser = self.parser

        func deliver(_ result: EncodedResult<Encoded>) throws(E) {
            summary.bytes += result.bytes
            summary.files += result.filesDone
            for reason in result.skipped { summary.skipped[reason, default: 0] += 1 }
            var items = result.items
            if let name = result.stream { streamCounts[name, default: 0] += items.count }
            if let name = result.streamEnd {
                if streamCounts.removeValue(forKey: name) ?? 0 == 0, items.isEmpty {
                    let error = ImportError.noRecipe(format: format ?? .text, detail: "no recipe in the file")
                    items = [EncodedItem(source: .file(name), lines: nil, encoded: encode(.failure(source: name, error: error)))]
                }
            }
            for item in items {
                let source: String
                switch item.source {
                case let .numbered(origin):
                    if origin == lastOrigin { lastCount += 1 } else { lastOrigin = origin; lastCount = 1 }
                    source = origin + "#\(lastCount)"
                case let .file(path): source = path
                case let .exact(s): source = s
                }
                if let lines = item.lines {
                    summary.recipes += 1
                    summary.ingredientLines += lines
                } else {
                    summary.errors += 1
                    if case .file = item.source { summary.fileErrors += 1 }
                }
                try emit(source, item.encoded)
            }
            progress?(summary)
        }

        let pool: OrderedWorkPool<EncodedResult<Encoded>>? = jobs > 1 ? OrderedWorkPool(threads: jobs, window: jobs * 8) : nil
        defer { pool?.close() }
        // Small files go to the workers in batches, so that a directory of many tiny files
        // costs one hand-over per batch rather than per file.
        var batch: [(path: String, named: Bool)] = []
        var batchBytes = 0
        func send(_ job: @escaping Job) throws(E) {
            if let pool { try pool.submit({ Self.encoded(job(), encode) }, deliver: deliver) } else { try deliver(Self.encoded(job(), encode)) }
        }
        func flushBatch() throws(E) {
            guard !batch.isEmpty else { return }
            let files = batch
            let forced = format
            batch.removeAll()
            batchBytes = 0
            try send {
                var result = JobResult()
                for f in files {
                    let r = Self.readWholeFile(f.path, named: f.named, forced: forced, parser: parser)
                    result.outcomes += r.outcomes
                    result.filesDone += r.filesDone
                    result.skipped += r.skipped
                    result.bytes += r.bytes
                }
                return result
            }
        }
        func submit(_ job: @escaping Job) throws(E) {
            try flushBatch()
            try send(job)
        }
        func submitSmallFile(_ path: String, size: Int, named: Bool) throws(E) {
            batch.append((path, named))
            batchBytes += size
            if batch.count >= 64 || batchBytes >= 1 << 20 { try flushBatch() }
        }

        func file(_ path: String, size: Int, named: Bool) throws(E) {
            let forced = format
            if size <= streamThreshold {
                try submitSmallFile(path, size: size, named: named)
                return
            }
            // A large file: stream it if its format allows.
            let handle: ImportFiles.Handle
            let head: [UInt8]
            do {
                handle = try ImportFiles.Handle(path)
                head = try handle.read(at: 0, count: 65536)
            } catch {
                try fail(path, error)
                return
            }
            let kind = head.withUnsafeBufferPointer { FormatDetection.detect(name: path, head: $0, forced: forced) }
            switch kind {
            case let .recipe(f) where StreamChunker.canStream(f):
                try stream(handle, name: path, format: f)
            case .zip where size > Self.wholeZipLimit:
                try zipEntries(handle, path: path, size: size)
            case let .skip(reason) where !named:
                try submit { JobResult(skipped: [reason]) }
            default:
                try submit { Self.readWholeFile(path, named: named, forced: forced, parser: parser) }
            }
        }

        func fail(_ name: String, _ error: ImportError) throws(E) {
            let failure = ReadOutcome(result: .failure(error), source: .file(name))
            try submit { JobResult(outcomes: [failure], filesDone: 1) }
        }

        /// Cuts a file (or standard input) into chunks of whole recipes, each parsed as one
        /// work item; `first` holds bytes already read from `handle`.
        func stream(_ handle: ImportFiles.Handle, name: String, format: RecipeFormat, first: [UInt8] = []) throws(E) {
            var chunker = StreamChunker(format: format, target: chunkSize)
            func chunkJob(_ chunk: [UInt8]) -> Job {
                { JobResult(outcomes: Self.parsed(DocumentReader.readRecipes(chunk, name: name, format: format, depth: 0)
                    .filter { !Self.isEmptyChunkFailure($0, of: name) }, parser), bytes: chunk.count, stream: name) }
            }
            var bytes = first
            while true {
                for chunk in chunker.feed(bytes) { try submit(chunkJob(chunk)) }
                do { bytes = try handle.readNext(1 << 20) } catch {
                    try fail(name, error)
                    return
                }
                if bytes.isEmpty { break }
            }
            if let rest = chunker.finish() { try submit(chunkJob(rest)) }
            try submit { JobResult(filesDone: 1, streamEnd: name) }
        }

        func zipEntries(_ handle: ImportFiles.Handle, path: String, size: Int) throws(E) {
            let forced = format
            let directory: ZipDirectory
            do {
                directory = try ZipDirectory(size: size) { (offset, count) throws(ImportError) in try handle.read(at: offset, count: count) }
            } catch {
                let failure = ReadOutcome(result: .failure(error), source: .file(path))
                try submit { JobResult(outcomes: [failure], filesDone: 1) }
                return
            }
            let entries = directory.entries.filter { !$0.isDirectory && !DocumentReader.isHiddenPath($0.name) }
            var batch: [ZipDirectory.Entry] = []
            var batchBytes = 0
            func flush() throws(E) {
                let work = batch
                batch.removeAll()
                batchBytes = 0
                try submit {
                    var outcomes: [ReadOutcome] = []
                    guard let h = try? ImportFiles.Handle(path) else { return JobResult() }
                    for e in work {
                        outcomes += DocumentReader.readZipEntry(e, archiveName: path, forced: forced, depth: 1) { (o, c) throws(ImportError) in try h.read(at: o, count: c) }
                    }
                    return JobResult(outcomes: Self.parsed(outcomes, parser), bytes: work.reduce(0) { $0 + $1.compressedSize })
                }
            }
            for entry in entries {
                batch.append(entry)
                batchBytes += entry.compressedSize
                if batchBytes >= 1 << 20 || batch.count >= 64 { try flush() }
            }
            if !batch.isEmpty { try flush() }
            try submit { JobResult(filesDone: 1) }
        }

        func standardInput() throws(E) {
            let handle = ImportFiles.Handle(standardInput: ())
            let name = standardInputName
            let forced = format
            let head: [UInt8]
            do { head = try handle.readNext(65536) } catch {
                try fail(name, error)
                return
            }
            let kind = head.withUnsafeBufferPointer { FormatDetection.detect(name: name, head: $0, forced: forced) }
            if case let .recipe(f) = kind, StreamChunker.canStream(f) {
                try stream(handle, name: name, format: f, first: head)
                return
            }
            var all = head
            do throws(ImportError) {
                while true {
                    let more = try handle.readNext(1 << 20)
                    if more.isEmpty { break }
                    all += more
                    if all.count > DocumentReader.documentLimit { throw ImportError.exceedsLimit(what: "standard input", limit: DocumentReader.documentLimit) }
                }
            } catch {
                try fail(name, error)
                return
            }
            let bytes = all
            try submit { JobResult(outcomes: Self.parsed(DocumentReader.read(bytes, name: name, kind: kind, forced: forced, depth: 0), parser), filesDone: 1, bytes: bytes.count) }
        }

        try FileWalk.walk(paths, forcedFormat: format != nil) { (event: FileWalk.Event) throws(E) in
            switch event {
            case let .file(path, size, named): try file(path, size: size, named: named)
            case .standardInput: try standardInput()
            case let .skipped(reason): summary.skipped[reason, default: 0] += 1
            case let .failure(path, error, isFile):
                let failure = ReadOutcome(result: .failure(error), source: .file(path))
                try submit { JobResult(outcomes: [failure], filesDone: isFile ? 1 : 0) }
            }
        }
        try flushBatch()
        if let pool { try pool.finish(deliver: deliver) }
        return summary
    }

    /// One outcome of a work item, encoded on the worker that read it.
    struct EncodedItem<Encoded: Sendable>: Sendable {
        var source: ReadOutcome.Source
        /// The recipe's ingredient lines; nil for an error record.
        var lines: Int?
        var encoded: Encoded
    }

    /// A `JobResult` with its outcomes encoded.
    struct EncodedResult<Encoded: Sendable>: Sendable {
        var items: [EncodedItem<Encoded>]
        var filesDone: Int
        var skipped: [String]
        var bytes: Int
        var stream: String?
        var streamEnd: String?
    }

    /// `result` with every outcome encoded (its records freed here, on the worker).
    static func encoded<Encoded>(_ result: JobResult, _ encode: (ImportRecord) -> Encoded) -> EncodedResult<Encoded> {
        var items: [EncodedItem<Encoded>] = []
        items.reserveCapacity(result.outcomes.count)
        for outcome in result.outcomes {
            // The source is numbered on delivery; the record carries a placeholder until then.
            switch outcome.result {
            case let .success(record):
                items.append(EncodedItem(source: outcome.source, lines: record.ingredients.count, encoded: encode(.recipe(record))))
            case let .failure(error):
                items.append(EncodedItem(source: outcome.source, lines: nil, encoded: encode(.failure(source: "", error: error))))
            }
        }
        return EncodedResult(items: items, filesDone: result.filesDone, skipped: result.skipped, bytes: result.bytes,
                             stream: result.stream, streamEnd: result.streamEnd)
    }

    /// Whether an outcome is a chunk's "no recipe here" (chunks of a streamed file may hold
    /// only text between recipes; the file as a whole is checked at its end).
    static func isEmptyChunkFailure(_ outcome: ReadOutcome, of name: String) -> Bool {
        if case .file(name) = outcome.source, case .failure(.noRecipe) = outcome.result { return true }
        return false
    }

    /// Outcomes with every recipe's lines parsed, in a session over working memory the parser
    /// keeps from job to job (a session per line started cold every time).
    static func parsed(_ outcomes: consuming [ReadOutcome], _ parser: IngredientParser) -> [ReadOutcome] {
        var outcomes = outcomes
        parser.withSession { session in
            for k in outcomes.indices {
                guard case var .success(record) = outcomes[k].result else { continue }
                outcomes[k].result = .failure(.empty) // the record is held once, so it is parsed in place
                record.parse(in: session)
                if record.ingredients.isEmpty { record.warnings.append("no ingredient lines") }
                outcomes[k].result = .success(record)
            }
        }
        return outcomes
    }

    /// Reads, detects, extracts and parses one whole file.
    static func readWholeFile(_ path: String, named: Bool, forced: RecipeFormat?, parser: IngredientParser) -> JobResult {
        let bytes: [UInt8]
        do { bytes = try ImportFiles.read(path, limit: DocumentReader.documentLimit) } catch {
            return JobResult(outcomes: [ReadOutcome(result: .failure(error), source: .file(path))], filesDone: 1)
        }
        let kind = bytes.withUnsafeBufferPointer { FormatDetection.detect(name: path, head: UnsafeBufferPointer(rebasing: $0.prefix(65536)), forced: forced) }
        if case let .skip(reason) = kind, !named { return JobResult(filesDone: 0, skipped: [reason], bytes: bytes.count) }
        let outcomes = DocumentReader.read(bytes, name: path, kind: kind, forced: forced, depth: 0)
        return JobResult(outcomes: parsed(outcomes, parser), filesDone: 1, bytes: bytes.count)
    }
}

extension ImportRecord {
    /// The record under another source.
    func withSource(_ source: String) -> ImportRecord {
        switch self {
        case var .recipe(record):
            record.source = source
            return .recipe(record)
        case let .failure(_, error):
            return .failure(source: source, error: error)
        }
    }
}
