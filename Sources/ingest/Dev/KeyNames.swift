import ArgumentParser
import IngredientKit

/// `ingest dev key-names` (formerly `ingest key-names`).
struct KeyNames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key-names",
        abstract: "Print name<TAB>key<TAB>display name for each line (a bare name) of FILE or standard input."
    )

    @Option(help: "The English of display names: en-US or en-GB.")
    var locale: LocaleOption = .enUS

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Argument(help: "Files of names, one per line.")
    var files: [String] = []

    func run() throws {
        let keyer = CanonicalKeyer(lexicon: try dictionaryOptions.lexicon())
        var out = OutputBuffer()
        do {
            for path in files.isEmpty ? [nil] : files.map(Optional.some) {
                try LineReader(path: path).forEachLine { bytes in
                    let key = keyer.key(forNameUTF8: bytes)
                    out.bytes.append(contentsOf: bytes)
                    try out.write("\t\(key)\t\(keyer.displayName(forKey: key, locale: locale.locale))\n")
                }
            }
            try out.flush()
        } catch let failure as OutputFailure {
            throw runtimeFailure(failure.description)
        }
    }
}
