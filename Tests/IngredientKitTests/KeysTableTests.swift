import Foundation
import Testing
@testable import IngredientLexicon

/// The built-in key tables: format, hygiene and documentation.
@Suite("Canonical keys: built-in tables")
struct KeysTableTests {
    static let keyTables: [DictionaryTable] = [.plurals, .invariants, .keyWords, .synonyms, .keyOverrides]

    func rows(_ table: DictionaryTable) throws -> [(line: Int, columns: [String])] {
        let text = try #require(IngredientLexicon.EmbeddedDictionaries.files[table.fileName], "\(table.fileName) is not embedded")
        return try table.rows(in: text)
    }

    @Test func everyKeyTableIsEmbeddedAndParses() throws {
        for table in Self.keyTables {
            _ = try rows(table)
        }
        #expect(try rows(.synonyms).count >= 400)
        #expect(try rows(.keyWords).count >= 200)
        #expect(try rows(.plurals).count >= 50)
        #expect(try rows(.invariants).count >= 20)
    }

    @Test func everyKeyIsCanonical() throws {
        let problems = Lexicon.builtIn.keyTables.nonCanonicalKeys(
            try rows(.synonyms).map { Lexicon.TableRow(key: $0.columns[0], line: $0.line, columns: $0.columns, user: false) })
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func firstColumnsAreUnique() throws {
        for table in Self.keyTables {
            var seen: [String: Int] = [:]
            for row in try rows(table) {
                let key = row.columns[0].lowercased()
                #expect(seen[key] == nil, "\(table.fileName): '\(key)' on lines \(seen[key] ?? 0) and \(row.line)")
                seen[key] = row.line
            }
        }
    }

    /// No name is a variant of two rows, and no variant is another row's key: otherwise the
    /// later row would silently win.
    @Test func variantsBelongToOneRow() throws {
        let keyer = CanonicalKeyer()
        var owner: [String: String] = [:]
        let synonyms = try rows(.synonyms)
        for row in synonyms { owner[row.columns[0]] = row.columns[0] }
        for row in synonyms where row.columns[3] != "-" {
            for raw in row.columns[3].split(separator: "|") {
                let variant = raw.hasPrefix("=") ? String(raw.dropFirst()) : String(raw)
                let key = keyer.key(forName: variant)
                #expect(key == row.columns[0], "synonyms.tsv line \(row.line): variant '\(variant)' keys as '\(key)', not '\(row.columns[0])'")
            }
        }
    }

    /// A display name keys to its own row, except the ambiguous ones, which are on purpose
    /// not variants.
    @Test func displayNamesKeyToTheirRow() throws {
        let keyer = CanonicalKeyer()
        let ambiguous: Set<String> = ["coriander", "pepper", "mince", "chicory"]
        for row in try rows(.synonyms) {
            let c = row.columns
            let us = c[1] == "-" ? c[0] : c[1]
            let gb = c[2] == "-" ? us : c[2]
            for name in [us, gb] where !ambiguous.contains(name) {
                #expect(keyer.key(forName: name) == c[0], "synonyms.tsv line \(row.line): '\(name)' keys as '\(keyer.key(forName: name))'")
            }
        }
        #expect(keyer.key(forName: "coriander") == "coriander")
        #expect(keyer.key(forName: "pepper") == "pepper")
    }

    @Test func rolesAreValid() throws {
        for row in try rows(.keyWords) {
            #expect(["drop", "keep", "part"].contains(row.columns[1]), "key-words.tsv line \(row.line)")
        }
    }

    /// Identity words of the issue are never dropped; preparation words are.
    @Test func identityAndPreparationWords() {
        let k = CanonicalKeyer()
        for word in ["red", "brown", "ground", "smoked", "dried", "fresh", "frozen", "whole", "extra", "organic", "cooked", "roasted"] {
            #expect(k.key(forName: "\(word) quince") == "\(word) quince", "\(word)")
        }
        for word in ["chopped", "diced", "minced", "sliced", "freshly", "finely", "softened", "melted", "drained", "rinsed", "packed"] {
            #expect(k.key(forName: "\(word) quince") == "quince", "\(word)")
        }
    }

    @Test func plurals() throws {
        // Every row of plurals.tsv is what the keys use.
        let k = CanonicalKeyer()
        for row in try rows(.plurals) {
            let plural = row.columns[0], singular = row.columns[1]
            // A plural and its singular share a key (a key may then be rewritten by a synonym).
            #expect(k.key(forName: plural) == k.key(forName: singular), "plurals.tsv line \(row.line): \(plural)")
        }
        for row in try rows(.invariants) where !row.columns[0].contains(" ") {
            let word = row.columns[0]
            #expect(k.key(forName: "\(word) qqq") == "\(word) qqq", "invariants.tsv line \(row.line): \(word)")
        }
        #expect(Singularizer.ruleSingular("berries") == "berry")
        #expect(Singularizer.ruleSingular("pies") == "pie")
        #expect(Singularizer.ruleSingular("tomatoes") == "tomato")
        #expect(Singularizer.ruleSingular("peaches") == "peach")
        #expect(Singularizer.ruleSingular("bass") == "bass")
        #expect(Singularizer.ruleSingular("hummus") == "hummus")
        #expect(Singularizer.ruleSingular("gas") == "gas")
        #expect(Singularizer.ruleSingular("1990s") == "1990s")
        #expect(Singularizer.ruleSingular("") == "")
    }

    @Test func tablesAreDocumented() throws {
        let readme = try String(contentsOfFile: Repo.path("Dictionaries/README.md"), encoding: .utf8)
        for table in Self.keyTables {
            #expect(readme.contains("`\(table.fileName)`"), "Dictionaries/README.md does not document \(table.fileName)")
        }
    }

    @Test func userFileNamesNameTheirTable() {
        #expect(DictionaryTable.named("my-synonyms.tsv") == .synonyms)
        #expect(DictionaryTable.named("/tmp/x/kitchen_synonyms.tsv") == .synonyms)
        #expect(DictionaryTable.named("my-key-words.tsv") == .keyWords)
        #expect(DictionaryTable.named("key-words.tsv") == .keyWords)
        #expect(DictionaryTable.named("my-key-overrides.tsv") == .keyOverrides)
        #expect(DictionaryTable.named("my-plurals.tsv") == .plurals)
        #expect(DictionaryTable.named("my-invariants.tsv") == .invariants)
        #expect(DictionaryTable.named("units.tsv") == .units)
        #expect(DictionaryTable.named("words.tsv") == nil)
    }
}
