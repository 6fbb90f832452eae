/// Why `LenientJSON` could not read a text, even after its repairs.
package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and where: "unexpected character '<' at line 1, byte 0".
    package let detail: String

    /// An error that says `detail`.
    package init(detail: String) { self.detail = detail }

    /// The message for a user: "not valid JSON and not repairable: …".
    package var description: String { "not valid JSON and not repairable: \(detail)" }
}
