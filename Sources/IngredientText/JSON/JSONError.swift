/// Why `LenientJSON` could not read a text, even after its repairs.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and where: "unexpected character '<' at line 1, byte 0".
    public let detail: String

    /// An error that says `detail`.
    public init(detail: String) { self.detail = detail }

    /// The message for a user: "not valid JSON and not repairable: …".
    public var description: String { "not valid JSON and not repairable: \(detail)" }
}
