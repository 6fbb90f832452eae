import Foundation
import Testing

/// Headless Chromium (Debian's `chromium`), when installed, for checking the HTML report.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM Chromium builds from `file`, as `--dump-dom` prints it.
    static func dumpDOM(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", file.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite("ingest dedupe suggestions and ingest eval dedupe", .enabled(if: KeysCLI.executable != nil, "the ingest binary was not built"))
struct SuggestionCLITests {
    static let input = """
        1 tbsp tamari
        2 tbsp tamari sauce
        1 red onion
        1 onion
        100 g cashews
        50 g cashew nuts
        salt

        """

    @Test func suggestionRecordsFollowItems() throws {
        let r = try KeysCLI.run(["dedupe", "--min-confidence", "0.3"], stdin: Self.input)
        #expect(r.status == 0)
        let objects = try r.lines.map(KeysCLI.object)
        let items = objects.prefix { $0["type"] as? String == "item" }
        #expect(items.count == 7)
        let suggestions = objects.dropFirst(items.count)
        #expect(!suggestions.isEmpty)
        var last = 2.0
        for s in suggestions {
            #expect(Set(s.keys) == ["type", "groups", "keys", "confidence", "reasons"])
            #expect(s["type"] as? String == "suggestion")
            let groups = try #require(s["groups"] as? [Int]), keys = try #require(s["keys"] as? [String])
            let confidence = try #require(s["confidence"] as? Double)
            #expect(groups.count == 2 && groups[0] < groups[1])
            // Each group's key is the key its items carry.
            for (g, k) in zip(groups, keys) {
                #expect(items.contains { $0["group"] as? Int == g && $0["key"] as? String == k })
            }
            #expect(confidence >= 0.3 && confidence <= last)
            last = confidence
            #expect(!(s["reasons"] as? [String] ?? []).isEmpty)
        }
        // tamari / tamari sauce is suggested; red onion / onion is not, at this threshold.
        let pairs = suggestions.compactMap { ($0["keys"] as? [String]).map(Set.init) }
        #expect(pairs.contains(["tamari", "tamari sauce"]))
        #expect(!pairs.contains(["red onion", "onion"]))
        // The same input gives the same bytes.
        #expect(try KeysCLI.run(["dedupe", "--min-confidence", "0.3"], stdin: Self.input).lines == r.lines)
        // Above 1 no suggestion is written; a negative threshold is refused.
        #expect(try KeysCLI.run(["dedupe", "--min-confidence", "1.1"], stdin: Self.input).lines.count == 7)
        #expect(try KeysCLI.run(["dedupe", "--min-confidence", "-1"], stdin: Self.input).status != 0)
    }

    @Test func evalDedupeJSONAndReport() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.html")
        let r = try KeysCLI.run(["eval", "dedupe", "--json", "--report", report.path, "Corpora/dedupe/groups.tsv", "Corpora/dedupe/pairs.tsv"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try KeysCLI.object(r.lines.joined())
        for field in ["files", "names", "keys", "threshold", "automatic", "suggested", "parentChild", "bcubed", "sweep", "calibration", "worstFalse", "missed"] {
            #expect(o[field] != nil, "missing \(field)")
        }
        let automatic = try #require(o["automatic"] as? [String: Any])
        #expect((automatic["precision"] as? Double ?? 0) >= 0.99)
        let sweep = try #require(o["sweep"] as? [[String: Any]])
        #expect(sweep.count >= 9)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("<polyline") && html.contains("Threshold sweep"))
        #expect(!html.contains("http://") || html.contains("http://www.w3.org/2000/svg"), "self-contained")
        // Text output has the headline rows.
        let text = try KeysCLI.run(["eval", "dedupe", "Corpora/dedupe/pairs.tsv"])
        #expect(text.status == 0)
        #expect(text.lines.contains { $0.hasPrefix("automatic merges") })
        // A missing file is an error with a message; a bad row is reported, not dropped silently.
        let missing = try KeysCLI.run(["eval", "dedupe", dir.appendingPathComponent("nope.tsv").path])
        #expect(missing.status != 0 && !missing.stderr.isEmpty)
        let bad = dir.appendingPathComponent("bad.tsv")
        try "a\tb\tmaybe\nonion\tonions\tsame\n".write(to: bad, atomically: true, encoding: .utf8)
        let partly = try KeysCLI.run(["eval", "dedupe", bad.path])
        #expect(partly.status == 0)
        #expect(partly.stderr.contains("bad.tsv:1"))
        // A file with no usable row at all (binary, the wrong format) is an error, not an empty report.
        let binary = dir.appendingPathComponent("binary.tsv")
        try Data([0x00, 0x01, 0xFF, 0x09, 0x00, 0x0A, 0x89, 0x50, 0x4E, 0x47]).write(to: binary)
        let none = try KeysCLI.run(["eval", "dedupe", binary.path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("looks binary"))
        let prose = dir.appendingPathComponent("notes.txt")
        try "Just some notes\nwithout any tabs\n".write(to: prose, atomically: true, encoding: .utf8)
        let empty = try KeysCLI.run(["eval", "dedupe", prose.path])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no labeled rows"))
    }

    @Test(.enabled(if: Chromium.path != nil, "chromium is not installed (apt-get install -y chromium)"))
    func reportRendersInHeadlessChromium() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.html")
        let r = try KeysCLI.run(["eval", "dedupe", "--report", report.path, "Corpora/dedupe/groups.tsv", "Corpora/dedupe/pairs.tsv"])
        #expect(r.status == 0)
        let dom = try Chromium.dumpDOM(report)
        #expect(dom.contains("<svg"))
        #expect(dom.contains("<polyline"))
        #expect(dom.contains("Threshold sweep"))
        #expect(dom.contains("Worst false links"))
        #expect(dom.contains("</table>"))
    }
}
