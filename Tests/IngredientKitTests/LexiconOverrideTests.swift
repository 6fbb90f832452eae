import IngredientText
import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing

/// Extending and overriding the built-in word tables at run time.
@Suite("Lexicon overrides")
struct LexiconOverrideTests {
    static let punnetRow = "punnet\titem\t-\tpunnet|punnets|pnt\n"

    @Test func addsAnAlias() throws {
        #expect(Lexicon.builtIn.unit(alias: "pnt") == nil)
        let lexicon = try Lexicon.builtIn.adding(.units, text: Self.punnetRow)
        #expect(lexicon.unit(alias: "pnt")?.id == "punnet")
        #expect(lexicon.unit(alias: "punnets")?.id == "punnet")
        #expect(lexicon.unit(id: "punnet")?.dimension == .item)
        // The built-in lexicon is a value and stays as it was.
        #expect(Lexicon.builtIn.unit(alias: "pnt") == nil)
        // Existing rows are untouched.
        #expect(lexicon.unit(alias: "tbsp")?.id == "tablespoon")
        #expect(lexicon.allUnits.count == Lexicon.builtIn.allUnits.count)
    }

    @Test func parserUsesTheAddedAlias() throws {
        let lexicon = try Lexicon.builtIn.adding(.units, text: Self.punnetRow)
        let p = IngredientParser(lexicon: lexicon).parse("2 pnt strawberries")
        #expect(p.quantity == 2)
        #expect(p.unit == "punnet")
        #expect(p.amount?.isKnownUnit == true)
        #expect(p.name == "strawberries")
    }

    @Test func functionWordsAreATableUsersExtend() throws {
        // Built in: "for" (role `purpose`) opens a header without a colon.
        let builtIn = IngredientParser()
        #expect(builtIn.parse("For cake").kind == .header)
        #expect(builtIn.parse("Für cake").kind != .header)
        // Another language's "for", added by a user table; a user row replaces a word's roles.
        let lexicon = try Lexicon.builtIn.adding(.functionWords, text: "für\tpurpose\nfor\tfiller\n")
        let extended = IngredientParser(lexicon: lexicon)
        #expect(extended.parse("Für cake").kind == .header)
        #expect(extended.parse("Für den Kuchen").kind == .header)
        #expect(extended.parse("For cake").kind != .header)
        // Unknown roles and phrases are refused with the line that has them.
        #expect(throws: DictionaryError.self) { try Lexicon.builtIn.adding(.functionWords, text: "de\tnonsense\n") }
        #expect(throws: DictionaryError.self) { try Lexicon.builtIn.adding(.functionWords, text: "de la\tfiller\n") }
    }

    @Test func addsANewUnit() throws {
        let lexicon = try Lexicon.builtIn.adding(.units, text: "# my units\n\nblip\tvolume\t15\tblip|blips\n")
        #expect(lexicon.allUnits.count == Lexicon.builtIn.allUnits.count + 1)
        #expect(Lexicon.builtIn.unit(alias: "blip") == nil)
        let blip = try #require(lexicon.unit(alias: "blips"))
        #expect(blip.id == "blip")
        #expect(blip.dimension == .volume)
        #expect(blip.factor == 15)
        #expect(lexicon.allUnits.last?.id == "blip")
    }

    @Test func rowWithExistingIdReplacesIt() throws {
        let lexicon = try Lexicon.builtIn.adding(.units, text: "cup\tvolume\t250\tcup|cups\n")
        #expect(lexicon.unit(id: "cup")?.factor == 250)
        #expect(lexicon.unit(alias: "cups")?.factor == 250)
        // The replaced row's other aliases are gone with it.
        #expect(Lexicon.builtIn.unit(alias: "cupful")?.id == "cup")
        #expect(lexicon.unit(alias: "cupful") == nil)
        #expect(lexicon.allUnits.count == Lexicon.builtIn.allUnits.count)
        #expect(Lexicon.builtIn.unit(id: "cup")?.factor == 236.588)
    }

    @Test func numbersSizesPhrasesCanBeAdded() throws {
        let lexicon = try Lexicon.builtIn
            .adding(.numbers, text: "a gross\t144\n")
            .adding(.numbers, text: "dozen\t13\n")
        #expect(lexicon.number(word: "a gross") == 144)
        #expect(lexicon.number(word: "dozen") == 13)
        #expect(Lexicon.builtIn.number(word: "dozen") == 12)
    }

    @Test func malformedRowReportsItsLine() {
        let text = "# comment\n\npunnet\titem\n"
        #expect(throws: DictionaryError.malformedRow(table: "units.tsv", line: 3, expected: 4, found: 2)) {
            try Lexicon.builtIn.adding(.units, text: text)
        }
        #expect(throws: DictionaryError.malformedRow(table: "numbers.tsv", line: 2, expected: 2, found: 3)) {
            try Lexicon.builtIn.adding(.numbers, text: "two\t2\nthree\t3\textra\n")
        }
        #expect(throws: DictionaryError.malformedRow(table: "sizes.tsv", line: 1, expected: 1, found: 2)) {
            try Lexicon.builtIn.adding(.sizes, text: "huge\tbig\n")
        }
    }

    @Test func invalidValues() {
        #expect(throws: DictionaryError.invalidValue(table: "units.tsv", line: 1, column: "dimension", value: "weight")) {
            try Lexicon.builtIn.adding(.units, text: "punnet\tweight\t-\tpunnet\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "units.tsv", line: 2, column: "factor", value: "-5")) {
            try Lexicon.builtIn.adding(.units, text: "\nblip\tvolume\t-5\tblip\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "units.tsv", line: 1, column: "factor", value: "lots")) {
            try Lexicon.builtIn.adding(.units, text: "blip\tvolume\tlots\tblip\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "numbers.tsv", line: 1, column: "value", value: "many")) {
            try Lexicon.builtIn.adding(.numbers, text: "gross\tmany\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "preparation.tsv", line: 1, column: "kind", value: "noun")) {
            try Lexicon.builtIn.adding(.preparation, text: "spiralized\tnoun\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "phrases.tsv", line: 1, column: "role", value: "note")) {
            try Lexicon.builtIn.adding(.phrases, text: "for luck\tnote\tno\n")
        }
        #expect(throws: DictionaryError.invalidValue(table: "phrases.tsv", line: 1, column: "optional (yes or no)", value: "maybe")) {
            try Lexicon.builtIn.adding(.phrases, text: "for luck\tpurpose\tmaybe\n")
        }
    }

    @Test func errorDescriptions() {
        #expect(DictionaryError.malformedRow(table: "units.tsv", line: 3, expected: 4, found: 2).description
            == "units.tsv line 3: expected 4 TAB-separated columns, found 2")
        #expect(DictionaryError.invalidValue(table: "units.tsv", line: 1, column: "dimension", value: "weight").description
            == "units.tsv line 1: 'weight' is not a valid dimension")
        #expect(DictionaryError.unknownTable(name: "x.tsv", known: ["units.tsv", "numbers.tsv"]).description
            == "dictionary file x.tsv does not name a table; name it after one of: units.tsv, numbers.tsv")
    }

    @Test func addingFileNamedAfterTheTable() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("my-units.tsv")
        try Self.punnetRow.write(to: file, atomically: true, encoding: .utf8)
        let lexicon = try Lexicon.builtIn.adding(fileAt: file.path)
        #expect(lexicon.unit(alias: "pnt")?.id == "punnet")
    }

    @Test func unknownFileNameThrows() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("stuff.tsv")
        try Self.punnetRow.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: DictionaryError.unknownTable(name: file.path, known: DictionaryTable.allCases.map(\.fileName))) {
            try Lexicon.builtIn.adding(fileAt: file.path)
        }
    }

    @Test func missingFileIsUnreadable() {
        let path = "/nonexistent-\(UUID().uuidString)/units.tsv"
        do {
            _ = try Lexicon.builtIn.adding(fileAt: path)
            Issue.record("expected an error")
        } catch let DictionaryError.unreadable(p, reason) {
            #expect(p == path)
            #expect(!reason.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Regression: tables with CRLF line ends are read like LF ones (in Swift "\r\n" is one
    /// Character, so the reader splits on bytes).
    @Test func crlfLineEnds() throws {
        let one = try Lexicon.builtIn.adding(.units, text: "punnet\titem\t-\tpunnet|pnt\r\n")
        #expect(one.unit(alias: "pnt")?.id == "punnet")
        let two = try Lexicon.builtIn.adding(.units, text: "punnet\titem\t-\tpunnet|pnt\r\nblip\tvolume\t15\tblip\r\n")
        #expect(two.unit(alias: "blip")?.id == "blip")
    }
}
