import Foundation
import IngredientText
import Testing
@testable import IngredientLexicon

/// `Dictionaries/lexicon.snapshot`, the built-in lexicon made ready ahead of time, must be made
/// from the tables compiled in and give the very lexicon their text builds; a stale one must
/// be passed over and a damaged one refused, never misread.
struct LexiconSnapshotTests {
    static let digests = LexiconSnapshot.builtInDigests

    /// The bytes of a lexicon's every table (what two lexicons are compared by).
    static func tables(_ lexicon: Lexicon) -> [UInt8] { LexiconSnapshot.bytes(of: lexicon, digests: digests) }

    @Test func theCompiledSnapshotIsFreshAndGivesTheTextsLexicon() throws {
        let bytes = try #require(LexiconSnapshot.builtInBytes,
                                 "Dictionaries/lexicon.snapshot is missing: run tools/compile-snapshots")
        let read = try LexiconSnapshot.read(bytes, expecting: Self.digests)
        let lexicon = try #require(read, "Dictionaries/lexicon.snapshot was made from other tables: run tools/compile-snapshots")
        let fromText = Lexicon.builtFromText()
        #expect(Self.tables(lexicon) == Self.tables(fromText))
        // `builtIn` is the snapshot's (it has no rows until a table is added).
        #expect(Lexicon.builtIn.storedRows == nil)
        // The same keys, display names and units (the derived tables too).
        let a = CanonicalKeyer(lexicon: lexicon), b = CanonicalKeyer(lexicon: fromText)
        for name in ["Red Onions", "cilantro leaves", "Jalapeños", "egg plants", "courgettes", "rolled oats",
                     "hot red pepper flakes", "crème fraîche", "yoghurt", "tomatoes, chopped"] {
            #expect(a.key(forName: name) == b.key(forName: name), "\(name)")
            let key = b.key(forName: name)
            #expect(a.displayName(forKey: key, locale: .enGB) == b.displayName(forKey: key, locale: .enGB), "\(name)")
        }
        for alias in ["tbsp", "T", "fl oz", "cups", "g"] {
            #expect(lexicon.unit(alias: alias) == fromText.unit(alias: alias), "\(alias)")
        }
        #expect(lexicon.number(word: "dozen") == 12)
    }

    /// The build compiles the committed file in as it is (`CSnapshots`), and not as a text table.
    @Test func theCompiledSnapshotHoldsTheFilesBytes() throws {
        let file = try #require(FileManager.default.contents(atPath: Repo.path("Dictionaries/\(LexiconSnapshot.fileName)")))
        let compiled = try #require(LexiconSnapshot.builtInBytes)
        #expect(Array(compiled) == Array(file))
        #expect(EmbeddedDictionaries.files[LexiconSnapshot.fileName] == nil)
    }

    @Test func addingTablesToTheSnapshotsLexiconIsAddingThemToTheTexts() throws {
        let units = "punnet\titem\t-\tpunnet|punnets\n"
        let synonyms = "scallion\tscallion\tspring onion\tspring onion|green onion\n"
        let fromSnapshot = try Lexicon.builtIn.adding(.units, text: units).adding(.synonyms, text: synonyms)
        let fromText = try Lexicon.builtFromText().adding(.units, text: units).adding(.synonyms, text: synonyms)
        #expect(Self.tables(fromSnapshot) == Self.tables(fromText))
        #expect(fromSnapshot.unit(alias: "punnets")?.id == "punnet")
        #expect(Self.tables(fromSnapshot) != Self.tables(Lexicon.builtIn))
    }

    @Test func aSnapshotOfOtherTablesIsPassedOver() throws {
        var other = Self.digests
        other[0].digest &+= 1
        let stale = LexiconSnapshot.bytes(of: Lexicon.builtIn, digests: other)
        #expect(try stale.withUnsafeBytes { try LexiconSnapshot.read($0, expecting: Self.digests) } == nil)
        #expect(try stale.withUnsafeBytes { try LexiconSnapshot.read($0, expecting: other) } != nil)
        let fewer = LexiconSnapshot.bytes(of: Lexicon.builtIn, digests: Array(Self.digests.dropLast()))
        #expect(try fewer.withUnsafeBytes { try LexiconSnapshot.read($0, expecting: Self.digests) } == nil)
    }

    @Test func aDamagedSnapshotIsRefusedNotMisread() throws {
        let bytes = Self.tables(Lexicon.builtIn)
        SnapshotDamage.expectRefused(bytes, cutEvery: bytes.count / 50 + 1) { b in
            _ = try b.withUnsafeBytes { try LexiconSnapshot.read($0, expecting: Self.digests) }
        }
        // A table's text is no snapshot.
        #expect(throws: DictionaryError.self) {
            _ = try Array("units\tvolume\n".utf8).withUnsafeBytes { try LexiconSnapshot.read($0, expecting: Self.digests) }
        }
    }
}
