import ArgumentParser
import IngredientKit
import IngredientStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RecipeFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here, not derived from the type's name: deriving it costs a run-time
        // demangling of the type at every start.
        commandName: "import",
        abstract: "Import recipe files of every common format: one JSON record per recipe, in input order.",
        discussion: """
            Reads web pages (schema.org JSON-LD, microdata, recipe-plugin markup), schema.org and app JSON, JSON Lines, \
            CSV, MealMaster, MasterCook, Cooklang, Paprika, Mealie, Tandoor, Krecipes and plain text, and ZIP, tar and \
            gzip archives of them; directories are walked. Every recipe found gives one record, or an error record \
            {"source","error"}; the run goes on. With no PATH (or -), standard input is read. Records go to standard \
            output, or to --out; with --db and no --out they go only to the database. A summary goes to standard error.
            """
    )

    @Option(help: ArgumentHelp("Read every file as this format instead of detecting it.", valueName: "format"))
    var format: RecipeFormat?

    @Option(help: ArgumentHelp("Write the JSON Lines here instead of standard output.", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("Also store the recipes in this SQLite database (created when missing; a re-imported file replaces its earlier rows).", valueName: "file.sqlite"))
    var db: String?

    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int?

    @Flag(help: "No progress and no summary on standard error.")
    var quiet = false

    @Option(name: .customLong("stdin-name"), help: ArgumentHelp("The path records read from standard input are named after.", valueName: "name"))
    var standardInputName = "-"

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Files and directories to import (- is standard input).")
    var paths: [String] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if paths.isEmpty, isatty(STDIN_FILENO) == 1 {
            throw ValidationError("no PATH given and standard input is a terminal: pass files or directories, or pipe input in")
        }
    }

    func run() throws {
        let importer = RecipeImporter(parser: IngredientParser(lexicon: try dictionaryOptions.lexicon()), format: format,
                                      jobs: jobs ?? RecipeImporter.defaultJobs, standardInputName: standardInputName)
        let inputs = paths.isEmpty ? ["-"] : paths
        var output: RecordWriter?
        if let out {
            output = try RecordWriter(path: out)
        } else if db == nil {
            output = RecordWriter(fd: STDOUT_FILENO)
        }
        let store: RecipeStore?
        do {
            store = try db.map { try RecipeStore(path: $0) }
            store?.defersKeyIndex = true
        } catch {
            throw runtimeFailure("cannot open the database \(db!): \(error)")
        }
        let showProgress = !quiet && isatty(STDERR_FILENO) == 1
        var meter = showProgress ? ProgressMeter(totalFiles: RecipeImporter.countFiles(inputs.filter { $0 != "-" })) : nil
        let start = monotonicSeconds()
        let summary: RecipeImporter.Summary
        var written = 0 // records handed to the output and the database
        do {
            // Workers write each record's JSON (all but its source) and its database rows;
            // this thread only numbers sources and writes.
            let writesJSON = output != nil, writesRows = store != nil
            let encode: @Sendable (ImportRecord) -> EncodedRecord = { record in
                var json: [UInt8] = []
                if writesJSON { RecipeJSON.appendAfterSource(record, to: &json) }
                return EncodedRecord(json: json, rows: writesRows ? StoredRecord(record) : nil)
            }
            summary = try importer.run(inputs, encode: encode, progress: { meter?.update($0) }) { (source: String, record: EncodedRecord) throws(ImportStop) in
                written += 1
                if output != nil {
                    // In place: a copy of the writer would copy its buffer for every record.
                    RecipeJSON.appendSource(source, to: &output!.buffer)
                    output!.buffer += record.json
                    if !output!.flushIfFull() { throw ImportStop.output(output!.failure ?? "write failed") }
                }
                if let store, let rows = record.rows {
                    do { try store.add(rows, source: source) } catch { throw ImportStop.database("\(error)") }
                }
            }
            if output != nil, !output!.flush() { throw ImportStop.output(output!.failure ?? "write failed") }
            try store?.finish()
        } catch {
            try? store?.restoreKeyIndex()
            meter?.clear()
            printError(error is ImportStop ? "\(error)" : "cannot write to the database: \(error)")
            if !quiet { printStopped(records: written, store: store) }
            throw ExitCode(1)
        }
        meter?.clear()
        if !quiet { printSummary(summary, seconds: monotonicSeconds() - start) }
    }

    func printSummary(_ s: RecipeImporter.Summary, seconds: Double) {
        let skipped = s.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \(grouped($0.value))" }.joined(separator: ", ")
        var text = "import: " + counted(s.files, "file") + " read"
        if s.skippedFiles > 0 { text += ", \(grouped(s.skippedFiles)) skipped (\(skipped))" }
        text += "; " + counted(s.recipesFound, "recipe") + " found = \(grouped(s.recipes)) imported + " + counted(s.errors, "error record")
        if s.fileErrors > 0 { text += " (\(grouped(s.fileErrors)) for whole files)" }
        text += "; " + counted(s.ingredientLines, "ingredient line") + "; \(rounded(seconds)) s"
        if seconds > 0 {
            text += ", \(grouped(Int(Double(s.recipes) / seconds))) recipes/s, \(grouped(Int(Double(s.ingredientLines) / seconds))) lines/s"
        }
        printError(text)
    }

    /// The summary of a run that stopped: how far it got, and what the database holds of it.
    func printStopped(records: Int, store: RecipeStore?) {
        var text = "import: stopped after " + counted(records, "record")
        if let store {
            text += "; \(grouped(store.committedRecords)) of them committed to the database in transactions of \(grouped(store.batchSize))"
                + " (the transaction that failed was rolled back, the others kept: re-run the import to complete it)"
        }
        printError(text)
    }

    /// "1 recipe", "2,345 recipes".
    func counted(_ n: Int, _ noun: String) -> String { "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")" }

    func rounded(_ x: Double) -> String { "\((x * 10).rounded() / 10)" }
}

/// A record as the import's workers prepare it for writing: its JSON Lines text after the
/// source, and its database rows (each when that output is wanted).
struct EncodedRecord: Sendable {
    var json: [UInt8]
    var rows: StoredRecord?
}

/// Why an import stopped early.
enum ImportStop: Error, CustomStringConvertible {
    case output(String)
    case database(String)

    var description: String {
        switch self {
        case let .output(reason): "cannot write the records: \(reason)"
        case let .database(reason): "cannot write to the database: \(reason)"
        }
    }
}

/// "145,981".
func grouped(_ n: Int) -> String {
    let digits = String(abs(n))
    var out = ""
    for (k, c) in digits.enumerated() {
        if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}

/// Buffered JSON Lines output to a file descriptor that reports write failures.
struct RecordWriter {
    let fd: Int32
    var buffer: [UInt8] = []
    var failure: String?

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 17)
    }

    init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw runtimeFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        self.init(fd: fd)
    }

    mutating func flushIfFull() -> Bool { buffer.count >= 1 << 16 ? flush() : true }

    /// Writes the buffer; false (with `failure` set) when the descriptor refuses it.
    mutating func flush() -> Bool {
        let ok = buffer.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        if !ok { failure = String(cString: strerror(errno)) }
        buffer.removeAll(keepingCapacity: true)
        return ok
    }
}

/// A one-line progress display on a terminal: files, recipes, rate and time left.
struct ProgressMeter {
    let totalFiles: Int
    let start = monotonicSeconds()
    var lastDraw = 0.0

    mutating func update(_ s: RecipeImporter.Summary) {
        let now = monotonicSeconds()
        guard now - lastDraw >= 0.25 else { return }
        lastDraw = now
        let elapsed = now - start
        let done = s.files + s.skippedFiles
        let rate = Double(s.recipes) / max(elapsed, 0.001)
        var line = "\r\u{1B}[K\(grouped(done))/\(grouped(totalFiles)) files, \(grouped(s.recipes)) recipes, \(grouped(Int(rate))) recipes/s"
        if done > 0, totalFiles > done {
            let remaining = elapsed / Double(done) * Double(totalFiles - done)
            line += ", ETA \(Int(remaining) / 60):\(String(Int(remaining) % 60 + 100).dropFirst())"
        }
        writeAll(STDERR_FILENO, Array(line.utf8))
    }

    func clear() { writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8)) }
}
