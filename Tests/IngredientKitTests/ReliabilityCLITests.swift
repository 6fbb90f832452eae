import Foundation
import Testing
@testable import IngredientKit

/// Runs `ingest` with standard output on `/dev/full`, where every write fails (ENOSPC).
func runIngestIntoFullDevice(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let executable = try #require(Ingest.executable, "ingest binary not found")
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let errURL = dir.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let error = try FileHandle(forWritingTo: errURL)
    defer { try? full.close(); try? error.close() }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Repo.root
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = full
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

@Suite("ingest reliability", .enabled(if: Ingest.executable != nil, "the ingest binary was not built"))
struct ReliabilityCLITests {
    static let lines = "Corpora/sample/weeknight-dinners.txt"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")),
          arguments: [["parse", lines], ["parse", "--format", "table", lines], ["dedupe", lines], ["list", lines],
                      ["list", "--json", lines], ["eval", "dedupe", "Corpora/dedupe/groups.tsv"]])
    func unwritableOutputFails(_ arguments: [String]) throws {
        let r = try runIngestIntoFullDevice(arguments)
        #expect(r.status == 1, "\(arguments)")
        #expect(r.stderr.contains("cannot write to standard output"), "\(arguments): \(r.stderr)")
    }

    @Test func runtimeErrorsPrintNoUsage() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("missing/x.sqlite").path
        let r = try Ingest.run(["import", "--db", db, Self.lines])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot open the database"))
        #expect(!r.stderr.contains("Usage:"))
        let dictionary = try Ingest.run(["parse", "--dictionary", dir.appendingPathComponent("units.tsv").path, Self.lines])
        #expect(dictionary.status == 1)
        #expect(dictionary.stderr.contains("cannot read dictionary file"))
        #expect(!dictionary.stderr.contains("Usage:"))
    }

    @Test func goldThatIsADirectoryIsNotBlamedOnADictionary() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Ingest.run(["eval", "parse", dir.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot read \(dir.path)"))
        #expect(!r.stderr.contains("dictionary"))
        #expect(!r.stderr.contains("Usage:"))
    }

    @Test func overlongLineGivesAnErrorRecord() throws {
        var input = Data("1 cup flour\n".utf8)
        input.append(Data(repeating: 0x61, count: LineLimit.bytes + 10))
        input.append(Data("\n2 eggs\n".utf8))
        let r = try Ingest.run(["parse"], stdin: input)
        #expect(r.status == 0)
        let objects = try r.lines.map(Ingest.json)
        #expect(objects.count == 3)
        guard objects.count == 3 else { return }
        #expect(objects[0]["name"] as? String == "flour")
        #expect(objects[1]["error"] as? String == LineLimit.message(length: LineLimit.bytes + 10))
        #expect((objects[1]["input"] as? String)?.hasPrefix("aaaa") == true)
        #expect(objects[2]["input"] as? String == "2 eggs")
        let d = try Ingest.run(["dedupe"], stdin: input)
        let records = try d.lines.map(Ingest.json)
        #expect(records.map { $0["type"] as? String } == ["item", "error", "item"])
    }
}
