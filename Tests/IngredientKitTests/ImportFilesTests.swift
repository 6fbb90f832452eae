import Foundation
import Testing
@testable import IngredientImport

/// Directory listings for imports: every name, whole, sorted by its bytes.
struct ImportFilesTests {
    @Test func aDirectoryListsEveryNameWholeInByteOrder() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Names of every length up to the longest a file system takes (255 bytes), so that
        // some entries end near the end of the system's buffer; the name is read up to its
        // NUL, never as the whole fixed-size field.
        var names = (1...255).map { String(repeating: "r", count: $0) }
        names += ["Crème brûlée.txt", "B.txt", "a.txt", "Z"]
        for name in names {
            FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data())
        }
        let listed = try ImportFiles.list(dir.path)
        #expect(listed == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(throws: ImportError.self) { try ImportFiles.list(dir.appendingPathComponent("missing").path) }
    }
}
