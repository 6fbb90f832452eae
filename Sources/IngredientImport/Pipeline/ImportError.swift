import IngredientText

/// Why a file or a recipe could not be imported. Each message says what was found and,
/// where there is one, what to do about it.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(reason: String)
    /// The path is not a regular file or directory (a socket, a device, a broken link).
    case notAFile(kind: String)
    /// The file has no bytes (or only whitespace).
    case empty
    /// The file holds binary data that is no archive or recipe format this tool knows.
    case binary(detail: String)
    /// A format this tool recognizes but does not read.
    case unsupported(format: String, hint: String)
    /// The file is larger than a whole-document format is read into memory.
    case tooLarge(bytes: Int, limit: Int)
    /// Data whose size is not known up front (compressed data, standard input) grew past
    /// `limit` bytes while being read; reading stopped there.
    case exceedsLimit(what: String, limit: Int)
    /// JSON that could not be read, even leniently.
    case invalidJSON(detail: String)
    /// A ZIP, gzip or tar archive that could not be read.
    case invalidArchive(detail: String)
    /// An archive with no member that holds recipes.
    case emptyArchive
    /// A CSV file without a column of ingredients.
    case noIngredientColumn(columns: [String])
    /// The document was read but holds no recipe the reader could find.
    case noRecipe(format: RecipeFormat, detail: String)

    /// The message for a user: what was found and, where there is one, what to do about it.
    public var description: String {
        switch self {
        case let .unreadable(reason):
            "cannot read the file: \(reason)"
        case let .notAFile(kind):
            "not a regular file (\(kind)); pass files or directories"
        case .empty:
            "the file is empty"
        case let .binary(detail):
            "binary data (\(detail)), not a recipe file or an archive this tool reads; pass --format to force a format"
        case let .unsupported(format, hint):
            "\(format) is not supported: \(hint)"
        case let .tooLarge(bytes, limit):
            "the file has \(bytes) bytes, more than the \(limit) read whole for this format; split it, or use a streaming format (JSON Lines, CSV, MealMaster)"
        case let .exceedsLimit(what, limit):
            "\(what) holds more than the \(limit) bytes read whole for this format (reading stopped there); split it, or use a streaming format (JSON Lines, CSV, MealMaster)"
        case let .invalidJSON(detail):
            "not valid JSON and not repairable: \(detail)"
        case let .invalidArchive(detail):
            "unreadable archive: \(detail)"
        case .emptyArchive:
            "the archive holds no recipe files (only images, hidden files or folders)"
        case let .noIngredientColumn(columns):
            "no ingredients column among the CSV columns (\(columns.prefix(20).joined(separator: ", "))); the header must name one 'ingredients' (or 'ingredient', 'recipeIngredient')"
        case let .noRecipe(format, detail):
            "no recipe found (read as \(format.rawValue)): \(detail)"
        }
    }
}

extension ImportError {
    /// The import error for a text `LenientJSON` could not read: `invalidJSON`.
    package init(_ error: JSONError) {
        self = .invalidJSON(detail: error.detail)
    }
}
