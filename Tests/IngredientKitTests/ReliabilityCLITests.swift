import Foundation
import Testing
@testable import IngredientText

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

    @Test func randomBytesAreNoDedupeFixture() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes: [UInt8] = []
        for _ in 0..<65_536 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            bytes.append(UInt8(truncatingIfNeeded: x))
        }
        let noise = dir.appendingPathComponent("noise.tsv")
        try Data(bytes).write(to: noise)
        // Printable garbage with tabs: text, but not fixture rows.
        var rows = ""
        for k in 0..<200 { rows += "w\(k)\tx\(k)\ty\(k)\tz\n" }
        let garbage = dir.appendingPathComponent("garbage.tsv")
        try Data(rows.utf8).write(to: garbage)
        for file in [noise, garbage] {
            let r = try Ingest.run(["eval", "dedupe", file.path])
            #expect(r.status == 1, "\(file.lastPathComponent)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains(file.path))
        }
    }

    @Test func listEscapesControlCharacters() throws {
        let r = try Ingest.run(["list", "/dev/stdin"],
                               stdin: Data("2 cups \u{1B}[2Jflour\u{9B}31m\n\u{1B}[2J see note \u{9B}31m\n1 egg\n".utf8))
        #expect(r.status == 0)
        #expect(!r.stdoutText.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
        // A note that keeps the control character shows it escaped.
        #expect(r.stdoutText.contains("\\x9B31m"))
    }

    @Test func listRefusesABinaryFileFromItsFirstBytes() throws {
        // A 1 GB sparse file of NUL bytes: refused from its head, never read whole.
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.bin").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let start = ContinuousClock.now
        let r = try Ingest.run(["list", path])
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(r.status == 1)
        #expect(r.stderr.contains("looks binary"))
    }
}


@Suite("parse: absurd quantities")
struct AbsurdQuantityTests {
    @Test func absurdQuantitiesHaveLowConfidence() {
        let huge = parser.parse("1" + String(repeating: "0", count: 400) + " g salt")
        #expect(huge.quantity == 1e14) // the digits past 15 are not read
        #expect(huge.confidence <= 0.05)
        #expect(parser.parse("2000000000 g salt").confidence <= 0.05)
        #expect(parser.parse("1-5000000000 g salt").confidence <= 0.05)
        // Ordinary amounts keep their confidence.
        #expect(parser.parse("2 g salt").confidence > 0.5)
        #expect(parser.parse("1000 g flour").confidence > 0.5)
    }
}
