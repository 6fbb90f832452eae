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
        abstract: "Group ingredient lines or names that denote the same thing to buy (JSON Lines).",
        discussion: """
            Reads each FILE, or standard input when none is given, and writes first one item record per \
            input line, in input order:
              {"type":"item","input":…,"key":…,"group":…,"name":…}
            `key` is the canonical key of the line's parsed name (see the README's key spec; a line \
            with no amount is a bare name and is keyed whole, so "Sugar, brown" is brown sugar), `group` a \
            number from 1 given to keys in the order they first appear (lines with the same group are \
            merged automatically), `name` the key's display name in --locale. Lines without a name \
            (headers, blank lines) have null key, group and name. Then come suggestion records, \
            {"type":"suggestion","groups":[g1,g2],"keys":[k1,k2],"confidence":c,"reasons":[…]}, for \
            groups that may be the same thing; none are written yet.
            """
    )

    @Option(help: "The English of display names: en-US or en-GB.")
    var locale: LocaleOption = .enUS

    @Flag(help: "Keep diacritics in keys (jalapeño and jalapeno then differ).")
    var keepDiacritics = false

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Files of ingredient lines or names, one per line.")
    var files: [String] = []

    func run() throws {
        let lexicon = try dictionaryOptions.lexicon()
        let parser = IngredientParser(lexicon: lexicon)
        let keyer = CanonicalKeyer(lexicon: lexicon, options: .init(foldsDiacritics: !keepDiacritics))
        var groups: [String: Int] = [:]
        var names: [String: String] = [:]
        var out = OutputBuffer()
        var failed = false
        for path in files.isEmpty ? [nil] : files.map(Optional.some) {
            do {
                try LineReader(path: path).forEachLine { bytes in
                    let parsed = parser.parse(utf8: bytes)
                    out.bytes.append(contentsOf: #"{"type":"item","input":"#.utf8)
                    JSONLine.appendString(parsed.input, to: &out.bytes)
                    if let key = Self.key(of: parsed, keyer) {
                        let group: Int
                        if let g = groups[key] { group = g } else {
                            group = groups.count + 1
                            groups[key] = group
                        }
                        let name: String
                        if let n = names[key] { name = n } else {
                            name = keyer.displayName(forKey: key, locale: locale.locale)
                            names[key] = name
                        }
                        out.bytes.append(contentsOf: #","key":"#.utf8)
                        JSONLine.appendString(key, to: &out.bytes)
                        out.bytes.append(contentsOf: #","group":"#.utf8)
                        out.bytes.append(contentsOf: String(group).utf8)
                        out.bytes.append(contentsOf: #","name":"#.utf8)
                        JSONLine.appendString(name, to: &out.bytes)
                        out.bytes.append(contentsOf: "}\n".utf8)
                    } else {
                        out.bytes.append(contentsOf: #","key":null,"group":null,"name":null}"#.utf8)
                        out.bytes.append(0x0A)
                    }
                    out.flushIfFull()
                }
            } catch {
                out.flush()
                printError("\(error)")
                failed = true
            }
        }
        // Suggestions ("type":"suggestion") come from a later scorer; none are written yet.
        out.flush()
        if failed { throw ExitCode(1) }
    }

    /// The key of a line: a line with no amount is a bare name ("Sugar, brown") and is keyed
    /// whole, so the keyer's own word-order rules apply; other lines by their parsed name.
    static func key(of parsed: ParsedIngredient, _ keyer: CanonicalKeyer) -> String? {
        if parsed.kind == .ingredient, parsed.amount == nil {
            let whole = keyer.key(forName: parsed.input)
            if !whole.isEmpty { return whole }
        }
        return keyer.key(for: parsed)
    }
}
