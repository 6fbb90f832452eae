/// Why `RecipeStore` will not use a database.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is an SQLite database with tables `ingest import` did not create: it is
    /// left exactly as it was.
    case foreignDatabase(tables: [String])

    /// The message for a user: why the file was refused and what to give instead.
    public var description: String {
        switch self {
        case let .foreignDatabase(tables):
            "it is an SQLite database that ingest import did not create (tables: \(tables.prefix(8).joined(separator: ", "))); "
                + "it was left unchanged: give a new file, or one written by ingest import --db"
        }
    }
}
