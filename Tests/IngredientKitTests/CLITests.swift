import Foundation
import Testing
@testable import IngredientParsing

/// The `ingest` command-line tool, run as a separate process.
///
/// SwiftPM builds `ingest` into the same directory as the test bundle
/// (`.build/<triple>/debug/`); the tests look there first, then in `.build/debug/`.
enum Ingest {
    static let executable: URL? = {
        var directories: [URL] = []
        for argument in [CommandLine.arguments.first, ProcessInfo.processInfo.arguments.first].compactMap({ $0 }) {
            directories.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        if let url = Bundle.main.executableURL { directories.append(url.deletingLastPathComponent()) }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        directories.append(Repo.root.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("ingest")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    struct Result {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var lines: [String] { stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs `ingest` with `arguments` in the repository root, feeding `stdin`.
    static func run(_ arguments: [String], stdin: Data = Data()) throws -> Result {
        let executable = try #require(executable, "ingest binary not found")
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inURL = dir.appendingPathComponent("stdin"), outURL = dir.appendingPathComponent("stdout"),
            errURL = dir.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer { try? input.close(); try? output.close(); try? error.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Repo.root
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, reason: process.terminationReason,
                      stdout: try Data(contentsOf: outURL),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    static func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

@Suite("ingest CLI", .enabled(if: Ingest.executable != nil, "the ingest binary was not built"))
struct CLITests {
    @Test func parseStandardInput() throws {
        var input = Data("2 cups flour\n\n".utf8)
        input.append(contentsOf: [0x31, 0x20, 0xFF, 0xFE, 0x20, 0x65, 0x67, 0x67, 0x0A]) // "1 \xFF\xFE egg"
        input.append(Data("For the sauce:\n1 tsp salt\n".utf8))
        let r = try Ingest.run(["parse"], stdin: input)
        #expect(r.status == 0)
        #expect(r.reason == .exit)
        #expect(r.stderr.isEmpty)
        let lines = r.lines
        #expect(lines.count == 5)
        guard lines.count == 5 else { return }
        let objects = try lines.map(Ingest.json)
        #expect(objects.map { $0["kind"] as? String } == ["ingredient", "empty", "ingredient", "header", "ingredient"])
        #expect(objects[0]["input"] as? String == "2 cups flour")
        #expect(objects[0]["unit"] as? String == "cup")
        #expect(objects[1]["input"] as? String == "")
        let repaired = try #require(objects[2]["input"] as? String)
        #expect(repaired == "1 \u{FFFD}\u{FFFD} egg")
        #expect(objects[2]["quantity"] as? Double == 1)
        #expect(objects[3]["section"] as? String == "For the sauce")
        #expect(objects[4]["input"] as? String == "1 tsp salt")
        #expect(objects[4]["unit"] as? String == "teaspoon")
        // The CLI writes exactly what JSONLine writes for the same line.
        #expect(lines[0] == JSONLine.string(for: parser.parse("2 cups flour")))
    }

    @Test func crlfAndMissingFinalNewline() throws {
        let r = try Ingest.run(["parse"], stdin: Data("1 cup sugar\r\n\r\n2 eggs".utf8))
        #expect(r.status == 0)
        let objects = try r.lines.map(Ingest.json)
        #expect(objects.count == 3)
        #expect(objects.first?["input"] as? String == "1 cup sugar")
        #expect(objects.dropFirst().first?["kind"] as? String == "empty")
        #expect(objects.last?["input"] as? String == "2 eggs")
    }

    @Test func emptyInputGivesNoOutput() throws {
        let r = try Ingest.run(["parse"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
    }

    @Test func missingFile() throws {
        let r = try Ingest.run(["parse", "/nonexistent"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/nonexistent"))
        #expect(r.stdout.isEmpty)
    }

    @Test func directoryIsAnError() throws {
        let r = try Ingest.run(["parse", "/tmp"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("/tmp"))
    }

    @Test func goodFileStillParsedBesideAMissingOne() throws {
        let r = try Ingest.run(["parse", "/nonexistent", "Corpora/sample/weeknight-dinners.txt"])
        #expect(r.status == 1)
        #expect(r.lines.count == 44)
        #expect(r.stderr.contains("/nonexistent"))
    }

    @Test func parseFileAsJSON() throws {
        let r = try Ingest.run(["parse", "Corpora/sample/weeknight-dinners.txt"])
        #expect(r.status == 0)
        let sample = try String(contentsOfFile: Repo.path("Corpora/sample/weeknight-dinners.txt"), encoding: .utf8)
        let inputs = sample.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(inputs.count == 44)
        let objects = try r.lines.map(Ingest.json)
        #expect(objects.map { $0["input"] as? String } == inputs)
        #expect(objects.first?["kind"] as? String == "header")
        #expect(objects.filter { $0["kind"] as? String == "empty" }.count >= 1)
    }

    @Test func tableFormat() throws {
        let r = try Ingest.run(["parse", "--format", "table", "Corpora/sample/weeknight-dinners.txt"])
        #expect(r.status == 0)
        let lines = r.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first)
        for column in ["qty", "unit", "size", "name", "preparation", "comment", "opt", "conf"] {
            #expect(header.contains(column), "\(column)")
        }
        #expect(lines.dropFirst().first?.allSatisfy { $0 == "-" || $0 == " " } == true)
        #expect(r.stdoutText.contains("[For the chicken]"))
        // Header, rule, 44 rows and the final newline.
        #expect(lines.count == 2 + 44 + 1)
    }

    @Test func unknownFormatIsRejected() throws {
        let r = try Ingest.run(["parse", "--format", "xml"], stdin: Data("1 cup flour\n".utf8))
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
    }

    @Test func dictionaryOption() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("my-units.tsv")
        try "punnet\titem\t-\tpunnet|punnets|pnt\n".write(to: good, atomically: true, encoding: .utf8)
        let r = try Ingest.run(["parse", "--dictionary", good.path], stdin: Data("2 pnt strawberries\n".utf8))
        #expect(r.status == 0)
        #expect(try Ingest.json(try #require(r.lines.first))["unit"] as? String == "punnet")

        let bad = dir.appendingPathComponent("stuff.tsv")
        try "x\n".write(to: bad, atomically: true, encoding: .utf8)
        let e = try Ingest.run(["parse", "--dictionary", bad.path], stdin: Data("1 cup flour\n".utf8))
        #expect(e.status != 0)
        #expect(e.stderr.contains("does not name a table"))
        #expect(e.stdout.isEmpty)
    }

    func writeGold(_ dir: URL, _ lines: [String]) throws -> String {
        let path = dir.appendingPathComponent("gold.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let gold = [
        #"{"source":"t","input":"2 cups flour","amounts":[{"quantity":2,"quantityMax":2,"unit":"cup"}],"name":"flour"}"#,
        #"{"source":"t","input":"1 tsp salt","amounts":[{"quantity":1,"quantityMax":1,"unit":"teaspoon"}],"name":"salt"}"#,
        #"{"source":"t","input":"3 large eggs","amounts":[{"quantity":3,"quantityMax":3,"unit":null}],"name":"eggs"}"#,
    ]

    @Test func evalParseText() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Ingest.run(["eval", "parse", try writeGold(dir, Self.gold)])
        #expect(r.status == 0)
        let overall = try #require(r.stdoutText.split(separator: "\n").first { $0.hasPrefix("overall") })
        #expect(overall.split(separator: " ").filter { $0 == "100.0%" }.count == 4, "\(overall)")
        #expect(overall.split(separator: " ").contains("3"))
        #expect(r.stdoutText.contains("\nt "))
    }

    @Test func evalParseJSON() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Ingest.run(["eval", "parse", try writeGold(dir, Self.gold), "--json"])
        #expect(r.status == 0)
        let o = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let overall = try #require(o["overall"] as? [String: Any])
        #expect(overall["allThree"] as? Double == 1)
        #expect(overall["lines"] as? Int == 3)
        #expect(overall["quantity"] as? Double == 1)
        let bySource = try #require(o["bySource"] as? [String: Any])
        #expect(bySource.keys.sorted() == ["t"])
        #expect((o["misses"] as? [Any])?.isEmpty == true)
    }

    @Test func evalParseMisses() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wrong = #"{"source":"u","input":"3 eggs","amounts":[{"quantity":4,"unit":null}],"name":"eggs"}"#
        let path = try writeGold(dir, Self.gold + [wrong])
        let text = try Ingest.run(["eval", "parse", path, "--misses", "5"])
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("misses (first 5):"))
        #expect(text.stdoutText.contains("  3 eggs\n    wrong: quantity;"))
        let json = try Ingest.run(["eval", "parse", path, "--misses", "5", "--json"])
        let o = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let misses = try #require(o["misses"] as? [[String: Any]])
        #expect(misses.count == 1)
        #expect(misses.first?["input"] as? String == "3 eggs")
        #expect(misses.first?["quantityRight"] as? Bool == false)
        #expect((o["overall"] as? [String: Any])?["allThree"] as? Double == 0.75)
    }

    @Test func evalMalformedGold() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Ingest.run(["eval", "parse", try writeGold(dir, [Self.gold[0], "not json"])])
        #expect(r.status != 0)
        #expect(r.stderr.contains("line 2"))
    }

    /// Regression: huge quantities ("20000000000000 g flour") once trapped in JSONBytes.number
    /// and killed `ingest parse`, losing the buffered lines before them.
    @Test func hugeQuantityDoesNotCrash() throws {
        let r = try Ingest.run(["parse"], stdin: Data("1 cup flour\n20000000000000 g flour\n".utf8))
        #expect(r.reason == .exit)
        #expect(r.status == 0)
        #expect(r.lines.count == 2)
        // Values just below the limit are written.
        let ok = try Ingest.run(["parse"], stdin: Data("18446744073 g flour\n".utf8))
        #expect(ok.status == 0)
        #expect(try Ingest.json(try #require(ok.lines.first))["quantity"] as? Double == 18_446_744_073)
    }
}
