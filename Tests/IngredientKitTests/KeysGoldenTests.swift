import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing

/// One row of `Corpora/keys/golden.tsv`.
struct KeysGoldenRow: CustomTestStringConvertible, Sendable {
    var line: Int
    var name: String
    var key: String
    var enUS: String?
    var enGB: String?
    var testDescription: String { "line \(line): \(name.debugDescription)" }
}

/// The golden file: every rule of the key spec on names written for this project.
enum KeysGolden {
    static let path = Repo.path("Corpora/keys/golden.tsv")

    static let text: String = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""

    static let rows: [KeysGoldenRow] = {
        var rows: [KeysGoldenRow] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.hasPrefix("#") || (!line.contains("\t") && line.allSatisfy({ $0 == " " })) { continue }
            let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            rows.append(KeysGoldenRow(
                line: i + 1, name: c[0], key: c.count > 1 ? c[1] : "",
                enUS: c.count > 3 ? c[2] : nil, enGB: c.count > 3 ? c[3] : nil))
        }
        return rows
    }()

    /// The spec version the file states in its header.
    static let version: Int? = {
        for line in text.split(separator: "\n") where line.hasPrefix("# key spec version:") {
            return Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }()
}

@Suite("Canonical keys: golden file")
struct KeysGoldenTests {
    static let keyer = CanonicalKeyer()

    @Test func fileIsThereAndLarge() {
        #expect(KeysGolden.rows.count >= 300)
    }

    @Test func versionIsPinned() {
        #expect(KeysGolden.version == KeySpec.version, "golden.tsv states spec version \(String(describing: KeysGolden.version)); KeySpec.version is \(KeySpec.version): update both together")
    }

    @Test(arguments: KeysGolden.rows)
    func goldenKey(_ row: KeysGoldenRow) {
        #expect(Self.keyer.key(forName: row.name) == row.key)
    }

    @Test(arguments: KeysGolden.rows.filter { $0.enUS != nil })
    func goldenDisplayNames(_ row: KeysGoldenRow) {
        let key = Self.keyer.key(forName: row.name)
        #expect(Self.keyer.displayName(forKey: key, locale: .enUS) == row.enUS)
        #expect(Self.keyer.displayName(forKey: key, locale: .enGB) == row.enGB)
    }

    /// A key is its own key: keys can be stored and keyed again without drifting.
    @Test func keysAreFixedPoints() {
        for row in KeysGolden.rows {
            let key = Self.keyer.key(forName: row.name)
            #expect(Self.keyer.key(forName: key) == key, "\(row.name) → \(key)")
        }
    }

    /// The same name through the bytes API gives the same key.
    @Test func bytesAPIAgrees() {
        for row in KeysGolden.rows {
            let viaBytes = Array(row.name.utf8).withUnsafeBufferPointer { Self.keyer.key(forNameUTF8: $0) }
            #expect(viaBytes == Self.keyer.key(forName: row.name), "\(row.name)")
        }
    }

    /// Names from the parse fixture (lines we wrote) keep keys stable under a second pass too.
    @Test func parseFixtureNamesAreFixedPoints() throws {
        let text = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let name = object?["name"] as? String else { continue }
            let key = Self.keyer.key(forName: name)
            #expect(Self.keyer.key(forName: key) == key, "\(name) → \(key)")
            checked += 1
        }
        #expect(checked > 200)
    }

    @Test func issueExamples() {
        let k = Self.keyer
        // "2 Onions, diced" and "1 onion" on one line; "red onion" apart.
        #expect(k.key(for: parser.parse("2 Onions, diced")) == k.key(for: parser.parse("1 onion")))
        #expect(k.key(forName: "red onion") != k.key(forName: "onion"))
        // "3 spring onions" matches "spring onion".
        #expect(k.key(for: parser.parse("3 spring onions")) == k.key(forName: "spring onion"))
        // brown sugar / Brown Sugar / sugar, brown are one item, and not sugar.
        let brown = ["brown sugar", "Brown Sugar", "sugar, brown"].map(k.key(forName:))
        #expect(Set(brown) == ["brown sugar"])
        #expect(k.key(forName: "sugar") != "brown sugar")
        // "5 bananas" does not create a new food.
        #expect(k.key(for: parser.parse("5 bananas")) == k.key(forName: "banana"))
        // No "lemongras" or "sea bas".
        #expect(k.key(forName: "lemongrass") == "lemongrass")
        #expect(k.key(forName: "sea bass") == "sea bass")
        // Identity words.
        #expect(k.key(forName: "ground beef") != k.key(forName: "beef"))
        #expect(k.key(forName: "smoked paprika") != k.key(forName: "paprika"))
        #expect(k.key(forName: "dried basil") != k.key(forName: "fresh basil"))
        // Synonyms from the issue.
        let groups: [[String]] = [
            ["scallion", "spring onion", "green onion"], ["courgette", "zucchini"], ["aubergine", "eggplant"],
            ["rocket", "arugula"], ["coriander leaves", "cilantro"], ["double cream", "heavy cream"],
            ["plain flour", "all-purpose flour"], ["icing sugar", "powdered sugar", "confectioners' sugar"],
            ["bicarbonate of soda", "baking soda"], ["minced beef", "ground beef"],
            ["garlic clove", "clove garlic", "garlic"],
        ]
        for group in groups {
            #expect(Set(group.map(k.key(forName:))).count == 1, "\(group)")
        }
    }
}

@Suite("Canonical keys: parsed lines")
struct KeysParsedLineTests {
    @Test func parsedLinesCarryTheKey() {
        let p = parser.parse("2 cups finely chopped red onions, divided")
        #expect(p.name == "red onions")
        #expect(p.key == "red onion")
        #expect(parser.parse("For the sauce:").key == nil)
        #expect(parser.parse("").key == nil)
        #expect(parser.parse("3 large eggs").key == "egg")
    }

    @Test func jsonHasKeyRightAfterName() throws {
        let json = JSONLine.string(for: parser.parse("1 (14 oz) can diced tomatoes, drained"))
        let name = try #require(json.range(of: #""name":"#))
        let key = try #require(json.range(of: #""key":"#))
        let preparation = try #require(json.range(of: #""preparation":"#))
        #expect(name.lowerBound < key.lowerBound && key.lowerBound < preparation.lowerBound)
        #expect(json.contains(#""name":"diced tomatoes","key":"diced tomato","preparation""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object.count == 15)
        let header = JSONLine.string(for: parser.parse("For the sauce:"))
        #expect(header.contains(#""name":null,"key":null,"preparation""#))
    }

    @Test func userLexiconReachesParsedKeys() throws {
        let lexicon = try Lexicon.builtIn.adding(.keyOverrides, text: "mystery mix\tsecret blend\n")
        let p = IngredientParser(lexicon: lexicon).parse("2 tbsp mystery mix")
        #expect(p.name == "mystery mix")
        #expect(p.key == "secret blend")
    }
}
