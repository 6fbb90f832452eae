import IngredientText

/// The rows of an import word table under `Dictionaries/import/` (`headings.tsv`,
/// `yields.tsv`, `app-state.tsv`, `artifacts.tsv`, `continuations.tsv`, `credits.tsv`): `kind<TAB>phrase`, read as every word
/// table is (`TableBytes.forEachRow`: `#` comments and blank lines skipped, a carriage return
/// before the line feed allowed).
enum ImportWordTable {
    /// The (kind, phrase) rows of the embedded table `file` (such as `import/yields.tsv`).
    /// A row of another shape is a defect of the built-in table, which the tests read whole,
    /// so it stops the program instead of being skipped in silence.
    static func rows(_ file: String) -> [(kind: String, phrase: String)] {
        guard let text = EmbeddedDictionaries.files[file] else { return [] }
        var rows: [(kind: String, phrase: String)] = []
        var cells: [String] = []
        TableBytes.forEachRow(in: text) { number, line in
            TableBytes.cells(of: line, trimmingSpaces: false, into: &cells)
            precondition(cells.count == 2 && !cells[0].isEmpty && !cells[1].isEmpty,
                         "\(file), line \(number): expected kind<TAB>phrase")
            rows.append((cells[0], cells[1]))
        }
        return rows
    }
}
