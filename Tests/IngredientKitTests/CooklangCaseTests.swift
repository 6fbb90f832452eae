import Foundation
import Testing
@testable import IngredientImport

/// The Cooklang cases of `Corpora/cooklang/cases.txt` (our own, in the style of the
/// specification's canonical tests): what a mark states is what the record says, exactly
/// for quantity, unit and name.
@Suite("Cooklang cases")
struct CooklangCaseTests {
    struct Expected: Equatable, CustomStringConvertible {
        var name: String?
        var quantity: Double?
        var quantityMax: Double?
        var unit: String?
        var description: String { "\(name ?? "-") | \(quantity.map { "\($0)" } ?? "-")…\(quantityMax.map { "\($0)" } ?? "-") | \(unit ?? "-")" }
    }

    struct Case {
        var name: String
        var source: [String] = []
        var ingredients: [Expected] = []
    }

    /// The cases of the fixture file.
    static func cases() throws -> [Case] {
        let text = try String(contentsOfFile: Repo.path("Corpora/cooklang/cases.txt"), encoding: .utf8)
        var cases: [Case] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("== ") {
                cases.append(Case(name: String(line.dropFirst(3))))
            } else if line.hasPrefix("source: ") {
                cases[cases.count - 1].source.append(String(line.dropFirst(8)))
            } else if line.hasPrefix("ingredient: ") {
                let f = line.dropFirst(12).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                try #require(f.count == 3, "bad ingredient line: \(line)")
                var e = Expected(name: f[0], unit: f[2] == "-" ? nil : f[2])
                if f[1] != "-" {
                    let ends = f[1].split(separator: "-").compactMap { Double($0) }
                    try #require(!ends.isEmpty, "bad quantity: \(line)")
                    e.quantity = ends.first
                    e.quantityMax = ends.last
                }
                cases[cases.count - 1].ingredients.append(e)
            }
        }
        return cases
    }

    @Test func everyCaseGivesExactlyTheStatedFields() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 15)
        for c in cases {
            let records = CooklangReader.records(c.source.joined(separator: "\n"), fileName: c.name + ".cook")
            let record = try #require(records.first, "\(c.name): no record").parsed(with: parser)
            let got = record.ingredients.map { line in
                Expected(name: line.parsed?.name, quantity: line.parsed?.quantity, quantityMax: line.parsed?.quantityMax, unit: line.parsed?.unit)
            }
            #expect(got == c.ingredients, "\(c.name): \(got) ≠ \(c.ingredients)")
        }
    }

    @Test func fullyStatedLinesAreCertainAndUnknownUnitsStayAsWritten() throws {
        let record = CooklangReader.records("Slice @chilli{3%items}, warm @milk{1 / 2 %cup}.", fileName: "x.cook")[0].parsed(with: parser)
        let chilli = try #require(record.ingredients.first?.parsed)
        #expect(chilli.amount?.isKnownUnit == false)
        #expect(chilli.confidence == 1)
        let milk = try #require(record.ingredients.last?.parsed)
        #expect(milk.amount?.isKnownUnit == true)
        #expect(milk.key == "milk")
    }

    @Test func quantityValues() {
        #expect(CooklangAmount.value("1 / 2")! == (0.5, 0.5))
        #expect(CooklangAmount.value("2½")! == (2.5, 2.5))
        #expect(CooklangAmount.value("1–3")! == (1, 3))
        #expect(CooklangAmount.value("01/2") == nil)
        #expect(CooklangAmount.value("3-1") == nil)
        #expect(CooklangAmount.value("few") == nil)
        #expect(CooklangAmount.value("1,") == nil)
    }
}
