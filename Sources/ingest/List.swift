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
            its file name: beef-tacos.txt is "Beef tacos"). Lines of the same canonical key merge into one item; compatible amounts \
            add up, others are listed side by side; lines without a quantity are kept and flagged. \
            --servings N scales each recipe whose yield gives a number of servings to N servings \
            (others stay as written, with a note). --pantry FILE subtracts what is on hand: one \
            ingredient line per line ("2 cups flour"; a bare "salt" means enough), `#` comments. \
            See the README, "Shopping lists", for the JSON shape.
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

    @Option(help: ArgumentHelp("The user's edits: a JSON document (README, \"User state\") with overrides, manual items, removed and checked items, accepted and rejected merges.", valueName: "file"))
    var edits: String?

    @Option(name: .customLong("min-confidence"), help: ArgumentHelp("Suggest merges from this confidence up (default 0.5; above 1: none).", valueName: "c"))
    var minConfidence = ListSuggestion.defaultThreshold

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Recipe files: `ingest import` JSON Lines, or ingredient lines (one recipe per file).")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one recipe file") }
        if let servings, !(servings > 0 && servings.isFinite) { throw ValidationError("--servings must be a positive number") }
        if !(minConfidence >= 0) { throw ValidationError("--min-confidence must be a number from 0 up") }
    }

    func run() throws {
        let lexicon = try dictionaryOptions.lexicon()
        let builder: ShoppingListBuilder
        do { builder = try ShoppingListBuilder(lexicon: lexicon) } catch { throw runtimeFailure(error.description) }
        var recipes: [ListRecipe] = []
        var unscaled = 0
        var failed = false
        for path in files {
            do {
                let read = try RecipeFiles.read(path: path, builder: builder)
                for var entry in read.recipes {
                    if let servings {
                        if let yield = entry.servings {
                            entry.recipe = entry.recipe.scaled(by: servings / yield)
                        } else {
                            unscaled += 1
                        }
                    }
                    recipes.append(entry.recipe)
                }
                for note in read.notes { printError(note) }
            } catch {
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
        var userEdits = ListEdits()
        if let edits {
            var text = ""
            do {
                for line in try RecipeFiles.textLines(path: edits) { text += line + "\n" }
                userEdits = try ListEdits(json: text)
            } catch {
                throw runtimeFailure("--edits \(edits): \(error)")
            }
        }
        let list = builder.list(for: recipes, pantry: onHand, edits: userEdits, locale: locale.locale,
                                suggestionThreshold: minConfidence > 1 ? nil : minConfidence)
        var out = OutputBuffer()
        do {
            if json { list.appendJSON(to: &out.bytes) } else { out.bytes.append(contentsOf: list.text().utf8) }
            try out.flush()
        } catch { throw runtimeFailure(error.description) }
        if failed { throw ExitCode(1) }
    }
}

/// Reads recipe files for `ingest list`.
enum RecipeFiles {
    struct Entry {
        var recipe: ListRecipe
        /// The number of servings its yield gives, if any.
        var servings: Double?
    }

    /// The recipes in the file at `path`, and notes about records skipped.
    static func read(path: String, builder: ShoppingListBuilder) throws -> (recipes: [Entry], notes: [String]) {
        let lines = try textLines(path: path)
        let firstText = lines.first { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        guard let first = firstText, first.drop(while: { $0 == " " || $0 == "\u{FEFF}" }).first == "{" else {
            let base = path.split(separator: "/").last.map(String.init) ?? path
            let stem = base.split(separator: ".").count > 1 ? base.split(separator: ".").dropLast().joined(separator: ".") : base
            let words = stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).joined(separator: " ")
            let title = words.isEmpty ? base : words.prefix(1).uppercased() + words.dropFirst()
            return ([Entry(recipe: builder.recipe(id: path, title: title, lines: lines), servings: nil)], [])
        }
        var entries: [Entry] = [], notes: [String] = []
        for (n, line) in lines.enumerated() where !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            let value: JSONValue
            do { value = try LenientJSON.parse(line).value } catch {
                notes.append("list: \(path) line \(n + 1): not a JSON record (\(error)); skipped")
                continue
            }
            if value["error"] != nil {
                notes.append("list: \(path) line \(n + 1): error record for \(value["source"]?.text ?? "?"); skipped")
                continue
            }
            guard case let .array(ingredients)? = value["ingredients"] else {
                notes.append("list: \(path) line \(n + 1): record has no ingredients array; skipped")
                continue
            }
            let texts = ingredients.compactMap { $0["text"]?.text }
            let id = value["source"]?.text ?? "\(path)#\(n + 1)"
            let recipe = builder.recipe(id: id, title: value["title"]?.text, lines: texts)
            entries.append(Entry(recipe: recipe, servings: value["yield"]?.text.flatMap(servings(inYield:))))
        }
        return (entries, notes)
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

    /// The number of servings a yield states ("4 servings", "Serves 6", "4"), or nil when it
    /// states something else ("1 loaf") or nothing.
    static func servings(inYield yield: String) -> Double? {
        let lower = yield.lowercased()
        let words = lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." })
        guard let number = words.lazy.compactMap({ Double($0) }).first, number > 0, number.isFinite else { return nil }
        let onlyNumber = words.count == 1
        let says = ["serv", "portion", "people", "person"].contains { lower.contains($0) }
        return onlyNumber || says ? number : nil
    }
}

/// Why `ingest list` could not use a file.
enum ListInputError: Error, CustomStringConvertible {
    /// The file holds binary data, not text.
    case binary(path: String)

    /// A line longer than any recipe line or record (`LineLimit.bytes`).
    case lineTooLong(path: String, line: Int, length: Int)

    var description: String {
        switch self {
        case .binary(let path):
            "list: \(path) looks binary (NUL and control bytes), not a text file of ingredient lines or JSON Lines"
        case let .lineTooLong(path, line, length):
            "list: \(path) line \(line) has \(length) bytes, more than the \(LineLimit.bytes) a line may have; not a recipe file"
        }
    }
}
