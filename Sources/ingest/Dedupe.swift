import ArgumentParser
import IngredientKit

/// The English of display names, as a command-line option.
enum LocaleOption: String, ExpressibleByArgument, CaseIterable {
    case enUS = "en-US"
    case enGB = "en-GB"

    var locale: DisplayLocale { self == .enUS ? .enUS : .enGB }
}

struct Dedupe: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here, not derived from the type's name: deriving it costs a run-time
        // demangling of the type at every start.
        commandName: "dedupe",
        abstract: "Group ingredient lines or names that denote the same thing to buy (JSON Lines).",
        discussion: """
            Reads each FILE, or standard input when none is given, and writes first one item record per \
            input line, in input order:
              {"type":"item","input":…,"key":…,"group":…,"name":…}
            `key` is the canonical key of the line's parsed name (see docs/keys.md, the key spec; a line \
            with no amount is a bare name and is keyed whole, so "Sugar, brown" is brown sugar), `group` a \
            number from 1 given to keys in the order they first appear (lines with the same group are \
            merged automatically), `name` the key's display name in --locale. Lines without a name \
            (headers, blank lines) have null key, group and name; a line over 1 MiB gives \
            {"type":"error","input":…,"error":…} instead. Then come suggestion records, \
            {"type":"suggestion","groups":[g1,g2],"keys":[k1,k2],"confidence":c,"reasons":[…]}, for \
            pairs of groups that may be the same thing to buy (g1 < g2; k1, k2 their keys), with a \
            calibrated confidence of at least --min-confidence and human-readable reasons, highest \
            confidence first (ties by g1, then g2).
            """
    )

    @Option(help: "The English of display names: en-US or en-GB.")
    var locale: LocaleOption = .enUS

    @Flag(help: "Keep diacritics in keys (jalapeño and jalapeno then differ).")
    var keepDiacritics = false

    @Option(name: .customLong("min-confidence"), help: "Write suggestions of at least this confidence (0…1; 1.1 writes none).")
    var minConfidence = MergeSuggester.defaultMinimumConfidence

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Files of ingredient lines or names, one per line.")
    var files: [String] = []

    func run() throws {
        guard minConfidence >= 0, minConfidence.isFinite else { throw ValidationError("--min-confidence must be a number from 0 to 1 (above 1 writes no suggestions)") }
        let lexicon = try dictionaryOptions.lexicon()
        let parser = IngredientParser(lexicon: lexicon).makeSession()
        let keyer = CanonicalKeyer(lexicon: lexicon, options: .init(foldsDiacritics: !keepDiacritics))
        var groups: [String: Int] = [:]
        var groupKeys: [String] = []
        var names: [String: String] = [:]
        var out = OutputBuffer()
        var failed = false
        for path in files.isEmpty ? [nil] : files.map(Optional.some) {
            do {
                try LineReader(path: path).forEachLine(maxLength: LineLimit.bytes, { bytes in
                    let parsed = parser.parse(utf8: bytes)
                    out.bytes.append(contentsOf: #"{"type":"item","input":"#.utf8)
                    JSONBytes.appendString(parsed.input, to: &out.bytes)
                    if let key = Self.key(of: parsed, keyer) {
                        let group: Int
                        if let g = groups[key] { group = g } else {
                            group = groups.count + 1
                            groups[key] = group
                            groupKeys.append(key)
                        }
                        let name: String
                        if let n = names[key] { name = n } else {
                            name = keyer.displayName(forKey: key, locale: locale.locale)
                            names[key] = name
                        }
                        out.bytes.append(contentsOf: #","key":"#.utf8)
                        JSONBytes.appendString(key, to: &out.bytes)
                        out.bytes.append(contentsOf: #","group":"#.utf8)
                        out.bytes.append(contentsOf: String(group).utf8)
                        out.bytes.append(contentsOf: #","name":"#.utf8)
                        JSONBytes.appendString(name, to: &out.bytes)
                        out.bytes.append(contentsOf: "}\n".utf8)
                    } else {
                        out.bytes.append(contentsOf: #","key":null,"group":null,"name":null}"#.utf8)
                        out.bytes.append(0x0A)
                    }
                    try out.flushIfFull()
                }, tooLong: { head, length in
                    out.bytes.append(contentsOf: #"{"type":"error","input":"#.utf8)
                    JSONBytes.appendString(LineLimit.quoted(head), to: &out.bytes)
                    out.bytes.append(contentsOf: #","error":"#.utf8)
                    JSONBytes.appendString(LineLimit.message(length: length), to: &out.bytes)
                    out.bytes.append(contentsOf: "}\n".utf8)
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
        // Group g is groupKeys[g - 1], so suggestion indexes are groups minus one.
        if minConfidence <= 1 {
            for s in MergeSuggester(minimumConfidence: minConfidence).suggestions(forKeys: groupKeys) {
                Self.appendSuggestion(s, to: &out.bytes)
                do { try out.flushIfFull() } catch { throw runtimeFailure(error.description) }
            }
        }
        do { try out.flush() } catch { throw runtimeFailure(error.description) }
        if failed { throw ExitCode(1) }
    }

    /// Writes one suggestion record.
    static func appendSuggestion(_ s: MergeSuggestion, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"type":"suggestion","groups":["#.utf8)
        bytes.append(contentsOf: "\(s.first + 1),\(s.second + 1)],\"keys\":[".utf8)
        JSONBytes.appendString(s.keys[0], to: &bytes)
        bytes.append(0x2C)
        JSONBytes.appendString(s.keys[1], to: &bytes)
        bytes.append(contentsOf: #"],"confidence":"#.utf8)
        bytes.append(contentsOf: DedupeReport.num(s.confidence).utf8)
        bytes.append(contentsOf: #","reasons":["#.utf8)
        for (n, reason) in s.reasons.enumerated() {
            if n > 0 { bytes.append(0x2C) }
            JSONBytes.appendString(reason, to: &bytes)
        }
        bytes.append(contentsOf: "]}\n".utf8)
    }

    /// The key of a line (`CanonicalKeyer.key(for:)`: a line with no amount is a bare name
    /// keyed whole, so "Sugar, brown" is brown sugar). A word that could head a section
    /// ("Salad", "Pastry") is a name here too unless it ends in a colon ("For the salad:"),
    /// since lists of names are what dedupe reads.
    static func key(of parsed: ParsedIngredient, _ keyer: CanonicalKeyer) -> String? {
        if parsed.kind == .header, !parsed.input.contains(":") {
            let whole = keyer.key(forName: parsed.input)
            return whole.isEmpty ? nil : whole
        }
        return keyer.key(for: parsed)
    }
}
