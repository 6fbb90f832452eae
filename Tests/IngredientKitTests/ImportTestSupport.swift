import Foundation
@testable import IngredientImport

/// Helpers for the import tests: the fixtures in `Corpora/import/` (written for these
/// tests) and runs of `RecipeImporter` collected into arrays.
enum ImportFixtures {
    static let directory = Repo.path("Corpora/import")

    static func path(_ name: String) -> String { directory + "/" + name }

    /// Every record of importing `paths`, in order, and the summary.
    static func run(_ paths: [String], jobs: Int = 1, format: RecipeFormat? = nil) -> (records: [ImportRecord], summary: RecipeImporter.Summary) {
        var records: [ImportRecord] = []
        let summary = RecipeImporter(parser: parser, format: format, jobs: jobs).run(paths) { records.append($0) }
        return (records, summary)
    }

    /// The recipes of one fixture (error records left out).
    static func recipes(_ name: String, format: RecipeFormat? = nil) -> [RecipeRecord] {
        run([path(name)], format: format).records.compactMap {
            if case let .recipe(r) = $0 { return r }
            return nil
        }
    }

    /// The JSON Lines of records, as `ingest import` writes them.
    static func jsonLines(_ records: [ImportRecord]) -> [String] {
        records.map { RecipeJSON.string(for: $0) }
    }

    /// A temporary directory holding copies of the named fixtures.
    static func copy(_ names: [String], into dir: URL) throws {
        for name in names {
            try FileManager.default.copyItem(atPath: path(name), toPath: dir.appendingPathComponent(name).path)
        }
    }
}

extension RecipeRecord {
    /// The ingredient lines' texts.
    var texts: [String] { ingredients.map(\.text) }
    /// The ingredient lines' groups.
    var groups: [String?] { ingredients.map(\.group) }
}
