/// A file that could not be opened or read, with the system's reason ("Is a directory",
/// "No such file or directory").
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// The system's reason (strerror).
    public let reason: String

    /// The message for a user: "cannot read PATH: REASON".
    public var description: String { "cannot read \(path): \(reason)" }
}
