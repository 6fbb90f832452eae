import ArgumentParser
import IngredientKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Merge recipes into a shopping list grouped by aisle (or JSON).",
        discussion: """
            Each FILE is either `ingest import` JSON Lines (one recipe per line; error records are \
            skipped with a note) or a plain file of ingredient lines (one recipe per file, titled by \
            its file name: beef-tacos.txt is "Beef tacos"), or a recipe file of another format \
            `ingest import` reads (MealMaster, MasterCook, HTML, JSON, CSV, Cooklang, Paprika, \
            archives): its recipes as imported. A directory stands for the files in it, \
            as `ingest import` walks them (names in byte order, subdirectories too; hidden files \
            and images passed over). Lines of the same canonical key merge into one item; compatible amounts \
            add up, others are listed side by side; lines without a quantity are kept and flagged. \
            --servings N scales each recipe whose yield gives a number of servings to N servings \
            (others stay as written, with a note). --pantry FILE subtracts what is on hand: one \
            ingredient line per line ("2 cups flour"; a bare "salt" means enough), `#` comments. \
            See docs/json.md, "ingest list --json", for the JSON shape.
            """
    )

    @Option(help: "Scale every recipe with a yield in servings to this many servings.")
    var servings: Double?

    @Option(help: "The English of item names: en-US or en-GB.")
    var locale: LocaleOption = .enUS

    @Option(help: ArgumentHelp("What is on hand: one ingredient line per line.", valueName: "file"))
    var pantry: String?

    @Flag(help: "Write the list as one JSON document instead of text.")
    var json = false

    @Option(help: ArgumentHelp("The user's edits: a JSON document (docs/json.md, \"The edits file\") with overrides, manual items, removed and checked items, accepted and rejected merges.", valueName: "file"))
    var edits: String?

    @Option(name: .customLong("min-confidence"), help: ArgumentHelp("Suggest merges from this confidence up (default 0.5; above 1: none).", valueName: "c"))
    var minConfidence = ListSuggestion.defaultThreshold

    @Option(help: "Threads that parse recipes, make items and score suggestions (default: the machine's cores). The list does not depend on it.")
    var jobs: Int?

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Recipe files: `ingest import` JSON Lines, ingredient lines (one recipe per file), or any format `ingest import` reads; a directory: the files in it.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one recipe file") }
        if let servings, !(servings > 0 && servings.isFinite) { throw ValidationError("--servings must be a positive number") }
        if !(minConfidence >= 0) { throw ValidationError("--min-confidence must be a number from 0 up") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// How many recipes are read before they are parsed and merged together (on `--jobs`
    /// threads): what is held of the input at a time.
    static let recipesPerBatch = 256

    func run() throws {
        let lexicon = try dictionaryOptions.lexicon()
        let builder: ShoppingListBuilder
        do { builder = try ShoppingListBuilder(lexicon: lexicon) } catch { throw runtimeFailure(error.description) }
        // The edits apply while recipes are merged (key overrides, accepted merges), so they
        // are read first; a failure to read them is reported where it always was, after the
        // recipe files and the pantry.
        var userEdits = ListEdits()
        var editsFailure: String?
        if let edits {
            var text = ""
            do {
                for line in try RecipeFiles.textLines(path: edits) { text += line + "\n" }
                userEdits = try ListEdits(json: text)
            } catch {
                editsFailure = "--edits \(edits): \(error)"
            }
        }
        // Recipes are merged as they are read: only each line's source record is kept, never
        // a file's parsed recipes (memory by distinct items and line text, not by recipes).
        var merging = ShoppingListAccumulator(builder: builder, edits: userEdits, jobs: jobs ?? RecipeImporter.defaultJobs)
        var batch: [ListRecipeText] = []
        func addBatch() {
            merging.add(contentsOf: batch)
            batch.removeAll(keepingCapacity: true)
        }
        var unscaled = 0
        var failed = false
        var paths: [String] = []
        for path in files {
            guard RecipeFiles.isDirectory(path) else {
                paths.append(path)
                continue
            }
            let found = RecipeImporter.files(in: [path])
            if found.isEmpty {
                printError("list: \(path) is a directory with no recipe file in it")
                failed = true
            }
            paths += found
        }
        for path in paths {
            let mark = merging.mark
            var fileUnscaled = 0
            do {
                func take(_ recipe: RecipeFiles.RecipeText) {
                    var factor = 1.0
                    if let servings {
                        if let yield = recipe.servings {
                            let scale = servings / yield
                            if scale.isFinite, scale > 0 { factor = scale }
                        } else {
                            fileUnscaled += 1
                        }
                    }
                    if let parsed = recipe.parsed {
                        // Parsed once already, by the importer: merged as parsed, after the
                        // recipes read before it.
                        addBatch()
                        merging.add(ListRecipe(id: recipe.id, title: recipe.title, servingsFactor: factor, lines: parsed))
                        return
                    }
                    batch.append(ListRecipeText(id: recipe.id, title: recipe.title, servingsFactor: factor, lines: recipe.lines))
                    if batch.count == Self.recipesPerBatch { addBatch() }
                }
                let notes = try RecipeFiles.forEachListRecipe(path: path, parser: builder.parser, take)
                addBatch()
                unscaled += fileUnscaled
                for note in notes { printError(note) }
            } catch {
                // A file that turns out unusable part-way adds none of its recipes.
                batch.removeAll(keepingCapacity: true)
                merging.rollBack(to: mark)
                printError("\(error)")
                failed = true
            }
        }
        if unscaled > 0 {
            printError("list: \(unscaled) recipe\(unscaled == 1 ? "" : "s") with no yield in servings left unscaled")
        }
        var onHand = Pantry.empty
        if let pantry {
            var text = ""
            do {
                for line in try RecipeFiles.textLines(path: pantry) { text += line + "\n" }
            } catch {
                throw runtimeFailure("--pantry: \(error)")
            }
            onHand = Pantry(text: text, parser: builder.parser)
        }
        if let editsFailure { throw runtimeFailure(editsFailure) }
        let list = merging.list(pantry: onHand, locale: locale.locale,
                                suggestionThreshold: minConfidence > 1 ? nil : minConfidence)
        var out = OutputBuffer()
        // Written item by item, so the output is never held whole.
        do {
            var piece: [UInt8] = []
            piece.reserveCapacity(1 << 17)
            let flushPiece = { (bytes: inout [UInt8]) throws(OutputFailure) in
                out.bytes.append(contentsOf: bytes)
                bytes.removeAll(keepingCapacity: true)
                try out.flush()
            }
            if json {
                try list.writeJSON(to: &piece, flush: flushPiece)
            } else {
                try list.writeText(to: &piece, flush: flushPiece)
            }
            try out.flush()
        } catch { throw runtimeFailure(error.description) }
        if failed { throw ExitCode(1) }
    }
}

/// Reads recipe files for `ingest list`.
enum RecipeFiles {
    /// One recipe as a file gives it.
    struct RecipeText {
        var id: String
        var title: String?
        /// Its ingredient lines as written, where the list parses them (empty where `parsed`
        /// holds them, each with its `input`).
        var lines: [String]
        /// The number of servings its yield gives, if any.
        var servings: Double?
        /// Its lines as the importer parsed them (headers and blank lines left out), for a
        /// file read through the importer; nil where the list parses `lines` itself (a plain
        /// file, `ingest import` output, a recipe whose source states fields of its lines).
        var parsed: [ParsedIngredient]? = nil
    }

    /// Calls `body` with each recipe of the file at `path` as `ingest list` reads it: through
    /// the importer when `ingest import` reads its format (`isImportFormat`), line by line
    /// otherwise (`forEachRecipe`). Returns notes about records skipped.
    static func forEachListRecipe(path: String, parser: IngredientParser, _ body: (RecipeText) -> Void) throws -> [String] {
        isImportFormat(path: path)
            ? try forEachImportedRecipe(path: path, parser: parser, body)
            : try forEachRecipe(path: path, body)
    }

    /// Whether the file at `path` is a recipe file of a format `ingest import` reads other
    /// than plain text and its own output (MealMaster, MasterCook, HTML, JSON, CSV, Cooklang,
    /// Paprika, archives of them, JSON Lines of other recipe records), told as `ingest import`
    /// tells it, from its name and first bytes. Such a file is read through the importer,
    /// whose parse of each line the list merges (`RecipeText.parsed`); plain files of
    /// ingredient lines and `ingest import` output are read line by line (`forEachRecipe`).
    static func isImportFormat(path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, let head = try? readHead(path, count: 65536) else { return false }
        switch head.withUnsafeBufferPointer({ FormatDetection.detect(name: path, head: $0) }) {
        case .recipe(.jsonl): return !startsWithImportRecord(head)
        case .recipe(.text), .skip, .unreadable: return false
        case .recipe, .zip, .gzip, .tar: return true
        }
    }

    /// Whether the first record of JSON Lines is one `ingest import` writes: a `source`, and
    /// an `error` or ingredient lines as objects with their `text`. Other JSON Lines (RecipeNLG's
    /// lists of strings, schema.org's `recipeIngredient`) are read through the importer. A
    /// first line longer than `head` is taken for a record of `ingest import` (as before).
    static func startsWithImportRecord(_ head: [UInt8]) -> Bool {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: true).makeIterator()
        while let raw = lines.next() {
            let line = String(decoding: raw, as: UTF8.self)
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{FEFF}" }) else { continue }
            guard raw.endIndex < head.endIndex || head.count < 65536 else { return true }
            guard let value = try? LenientJSON.parse(line, keeping: recordFields).value, value["source"] != nil else { return false }
            if value["error"] != nil { return true }
            guard case let .array(ingredients)? = value["ingredients"] else { return false }
            return ingredients.allSatisfy { $0["text"] != nil }
        }
        return true
    }

    /// Calls `body` with each recipe `ingest import` reads from the file at `path` (its
    /// title, yield, ingredient lines as written and as the importer parsed them) and returns
    /// notes about the records that could not be read. Throws when the file gives no recipe
    /// at all.
    static func forEachImportedRecipe(path: String, parser: IngredientParser, _ body: (RecipeText) -> Void) throws -> [String] {
        var notes: [String] = []
        var failure: ImportError?
        let summary = RecipeImporter(parser: parser, jobs: 1).run([path]) { record in
            switch record {
            case let .recipe(r):
                // A recipe with fields its source states (Cooklang, Mealie, Tandoor) is merged
                // from its lines as written, as the list has always read it.
                let parsed = r.ingredients.contains { $0.stated != nil } ? nil : r.ingredients.compactMap(\.parsed)
                body(RecipeText(id: r.source, title: r.title, lines: parsed == nil ? r.ingredients.map(\.text) : [],
                                servings: r.yield.flatMap(YieldWords.servings(in:)), parsed: parsed))
            case let .failure(source, error):
                failure = failure ?? error
                notes.append("list: \(source): \(error); skipped")
            }
        }
        if summary.recipes == 0, let failure { throw ListInputError.noRecipe(path: path, reason: "\(failure)") }
        return notes
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return path != "-" && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The fields of an `ingest import` record that a list reads; the rest of a record (each
    /// line's parsed fields) is read and checked but not made into values.
    static let recordFields = LenientJSON.Keep.members([
        ("source", .all), ("title", .all), ("yield", .all), ("error", .all),
        ("ingredients", .elements(.members([("text", .all)]))),
    ])

    /// Calls `body` with each recipe of the file at `path` as it is read (JSON Lines: one
    /// record at a time) and returns notes about records skipped. Throws, once the whole file
    /// is read, when it looks binary or has a line over `LineLimit.bytes`; the caller then
    /// drops the recipes it was given.
    static func forEachRecipe(path: String, _ body: (RecipeText) -> Void) throws -> [String] {
        var st = stat()
        let regular = stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        if regular, let head = try? readHead(path, count: 8192), looksBinary(head) {
            throw ListInputError.binary(path: path)
        }
        func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        var notes: [String] = []
        func record(_ line: String, _ n: Int) {
            guard !isBlank(line) else { return }
            let value: JSONValue
            do { value = try LenientJSON.parse(line, keeping: recordFields).value } catch {
                notes.append("list: \(path) line \(n + 1): not a JSON record (\(error)); skipped")
                return
            }
            if value["error"] != nil {
                notes.append("list: \(path) line \(n + 1): error record for \(value["source"]?.text ?? "?"); skipped")
                return
            }
            guard case let .array(ingredients)? = value["ingredients"] else {
                notes.append("list: \(path) line \(n + 1): record has no ingredients array; skipped")
                return
            }
            body(RecipeText(id: value["source"]?.text ?? "\(path)#\(n + 1)", title: value["title"]?.text,
                            lines: ingredients.compactMap { $0["text"]?.text },
                            servings: value["yield"]?.text.flatMap(YieldWords.servings(in:))))
        }
        // Lines are held only until the format is known (its first non-blank line), and for a
        // plain file, which is one recipe.
        var isJSON: Bool?
        var held: [String] = []
        var count = 0
        func take(_ line: String) {
            defer { count += 1 }
            switch isJSON {
            case true?: record(line, count)
            case false?: held.append(line)
            case nil:
                held.append(line)
                guard !isBlank(line) else { return }
                isJSON = line.drop(while: { $0 == " " || $0 == "\u{FEFF}" }).first == "{"
                if isJSON == true {
                    for (n, l) in held.enumerated() { record(l, n) }
                    held = []
                }
            }
        }
        var head: [UInt8] = []
        var tooLong: (line: Int, length: Int)?
        try LineReader(path: path).forEachLine(maxLength: LineLimit.bytes, { line in
            if !regular, head.count < 8192 { head.append(contentsOf: line.prefix(8192 - head.count)); head.append(0x0A) }
            take(String(decoding: line, as: UTF8.self))
        }, tooLong: { line, length in
            if !regular, head.count < 8192 { head.append(contentsOf: line.prefix(8192 - head.count)) }
            if tooLong == nil { tooLong = (count + 1, length) }
            take("")
        })
        if !regular, looksBinary(head) { throw ListInputError.binary(path: path) }
        if let tooLong { throw ListInputError.lineTooLong(path: path, line: tooLong.line, length: tooLong.length) }
        if isJSON != true {
            let base = path.split(separator: "/").last.map(String.init) ?? path
            let stem = base.split(separator: ".").count > 1 ? base.split(separator: ".").dropLast().joined(separator: ".") : base
            let words = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
            let title = words.isEmpty ? base : words.prefix(1).uppercased() + words.dropFirst()
            body(RecipeText(id: path, title: title, lines: held, servings: nil))
        }
        return notes
    }

    /// The lines of a text file; a file that looks binary (an image, an archive) is an error
    /// rather than a recipe of garbage lines, told from its first 8 KB before the rest is
    /// read. A line over `LineLimit.bytes` is an error too (no recipe line is that long).
    static func textLines(path: String) throws -> [String] {
        // A regular file is judged by its head before it is read; a pipe (its head cannot be
        // read twice) by the first 8 KB of its lines.
        var st = stat()
        let regular = stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
        if regular, let head = try? readHead(path, count: 8192), looksBinary(head) {
            throw ListInputError.binary(path: path)
        }
        var lines: [String] = []
        var head: [UInt8] = []
        var tooLong: (line: Int, length: Int)?
        try LineReader(path: path).forEachLine(maxLength: LineLimit.bytes, { line in
            if !regular, head.count < 8192 { head.append(contentsOf: line.prefix(8192 - head.count)); head.append(0x0A) }
            lines.append(String(decoding: line, as: UTF8.self))
        }, tooLong: { line, length in
            if !regular, head.count < 8192 { head.append(contentsOf: line.prefix(8192 - head.count)) }
            if tooLong == nil { tooLong = (lines.count + 1, length) }
            lines.append("")
        })
        if !regular, looksBinary(head) { throw ListInputError.binary(path: path) }
        if let tooLong { throw ListInputError.lineTooLong(path: path, line: tooLong.line, length: tooLong.length) }
        return lines
    }

}

/// Why `ingest list` could not use a file.
enum ListInputError: Error, CustomStringConvertible {
    /// The file holds binary data, not text.
    case binary(path: String)

    /// A line longer than any recipe line or record (`LineLimit.bytes`).
    case lineTooLong(path: String, line: Int, length: Int)

    /// A recipe file (MealMaster, HTML, …) that gave no recipe, and why.
    case noRecipe(path: String, reason: String)

    var description: String {
        switch self {
        case .binary(let path):
            "list: \(path) looks binary (NUL and control bytes), not a text file of ingredient lines or JSON Lines"
        case let .noRecipe(path, reason):
            "list: \(path): \(reason)"
        case let .lineTooLong(path, line, length):
            "list: \(path) line \(line) has \(length) bytes, more than the \(LineLimit.bytes) a line may have; not a recipe file"
        }
    }
}
