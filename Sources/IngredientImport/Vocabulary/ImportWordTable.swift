/// The rows of an import word table under `Dictionaries/import/` (`headings.tsv`,
/// `yields.tsv`): `kind<TAB>phrase`, `#` comments, other lines skipped.
enum ImportWordTable {
    /// The (kind, phrase) rows of the embedded table `file` (such as `import/yields.tsv`).
    static func rows(_ file: String) -> [(kind: String, phrase: String)] {
        guard let text = EmbeddedDictionaries.files[file] else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t")
            guard !line.hasPrefix("#"), columns.count == 2 else { return nil }
            return (String(columns[0]), String(columns[1]))
        }
    }
}
