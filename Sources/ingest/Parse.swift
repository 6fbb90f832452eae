import ArgumentParser
import IngredientKit

struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here, not derived from the type's name: deriving it costs a run-time
        // demangling of the type at every start.
        commandName: "parse",
        abstract: "Parse ingredient lines into JSON Lines (one object per input line) or a table.",
        discussion: "Reads each FILE, or standard input when none is given. Every input line gives exactly one output object, in input order; see docs/json.md for the fields. A line over 1 MiB is not parsed: its object is {\"input\":<its first bytes>,\"error\":…}."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, table }

    @Option(help: "Output format: json (JSON Lines) or table.")
    var format: Format = .json

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Files of ingredient lines, one per line.")
    var files: [String] = []

    func run() throws {
        let parser = IngredientParser(lexicon: try dictionaryOptions.lexicon()).makeSession()
        var out = OutputBuffer()
        var table = TableWriter()
        var failed = false
        for path in files.isEmpty ? [nil] : files.map(Optional.some) {
            do {
                try LineReader(path: path).forEachLine(maxLength: LineLimit.bytes, { bytes in
                    switch format {
                    case .json: parser.appendJSON(utf8: bytes, to: &out.bytes)
                    case .table: table.add(parser.parse(utf8: bytes))
                    }
                    try out.flushIfFull()
                }, tooLong: { head, length in
                    switch format {
                    case .json: LineLimit.appendErrorRecord(head: head, length: length, to: &out.bytes)
                    case .table: table.addTooLong(head: head, length: length)
                    }
                    try out.flushIfFull()
                })
            } catch let failure as OutputFailure {
                throw runtimeFailure(failure.description)
            } catch {
                do { try out.flush() } catch { throw runtimeFailure(error.description) }
                printError("\(error)")
                failed = true
            }
        }
        do {
            if format == .table { try out.write(ControlEscaping.escaped(table.render())) }
            try out.flush()
        } catch { throw runtimeFailure(error.description) }
        if failed { throw ExitCode(1) }
    }
}

/// A readable fixed-width table of parsed lines.
struct TableWriter {
    var rows: [[String]] = []

    static let header = ["qty", "unit", "size", "name", "preparation", "comment", "opt", "conf"]

    mutating func add(_ p: ParsedIngredient) {
        switch p.kind {
        case .empty:
            rows.append(Array(repeating: "", count: Self.header.count))
        case .header:
            rows.append(["", "", "", "[\(p.section ?? "")]", "", "", "", ""])
        case .ingredient:
            var qty = Self.number(p.quantity)
            if let max = p.quantityMax, max != p.quantity { qty += "-" + Self.number(max) }
            var comment = [p.comment, p.purpose].compactMap { $0 }.joined(separator: "; ")
            if !p.alternates.isEmpty {
                let alts = p.alternates.map { a in [Self.number(a.quantity), a.unit ?? ""].filter { !$0.isEmpty }.joined(separator: " ") }
                comment = (["(= " + alts.joined(separator: ", ") + ")"] + (comment.isEmpty ? [] : [comment])).joined(separator: " ")
            }
            rows.append([qty, p.unit ?? "", p.size ?? "", p.name ?? "", p.preparation ?? "", comment,
                         p.isOptional ? "yes" : "", String(format: p.confidence)])
        }
    }

    /// A row for a line too long to parse: its length, and the start of the line as the name.
    mutating func addTooLong(head: UnsafeBufferPointer<UInt8>, length: Int) {
        let start = String(decoding: head.prefix(30), as: UTF8.self)
        rows.append(["", "", "", "[line of \(length) bytes not parsed] " + start, "", "", "", ""])
    }

    static func number(_ v: Double?) -> String {
        guard let v else { return "" }
        var out: [UInt8] = []
        JSONBytes.appendNumber(v, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func render() -> String {
        let all = [Self.header] + rows
        var widths = Array(repeating: 0, count: Self.header.count)
        for r in all { for (k, c) in r.enumerated() { widths[k] = min(max(widths[k], c.count), 40) } }
        var text = ""
        for (n, r) in all.enumerated() {
            let cells = r.enumerated().map { k, c in
                let cut = c.count > 40 ? String(c.prefix(39)) + "…" : c
                return cut + String(repeating: " ", count: max(0, widths[k] - cut.count))
            }
            text += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
            if n == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return text
    }
}

extension String {
    init(format confidence: Double) {
        let v = Int((confidence * 100).rounded())
        self = "0.\(v < 10 ? "0" : "")\(v)"
        if v >= 100 { self = "1.00" }
    }

    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
