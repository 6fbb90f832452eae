import Foundation
import Testing

/// Runs the `ingest` binary built beside the tests (found by `Ingest.executable`).
enum KeysCLI {
    /// The binary `CLITests` finds (`Ingest.executable`).
    static var executable: URL? { Ingest.executable }

    /// Runs `ingest` with `arguments` in the repository root (through `Ingest.run`); standard
    /// output as lines.
    static func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, lines: [String], stderr: String) {
        let r = try Ingest.run(arguments, stdin: Data(stdin.utf8))
        var lines = r.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return (r.status, lines, r.stderr)
    }

    static func object(_ line: String) throws -> [String: Any] { try Ingest.json(line) }
}

@Suite("ingest dedupe", .enabled(if: KeysCLI.executable != nil, "the ingest binary was not built"))
struct KeysDedupeCLITests {
    static let input = """
        2 Onions, diced
        1 onion
        1 red onion

        For the sauce:
        3 spring onions
        4 scallions, thinly sliced
        1 tbsp brown sugar
        sugar, brown
        2 tbsp sugar
        5 bananas
        1 banana
        1 courgette
        2 zucchini
        200 ml double cream
        1 cup heavy cream
        1 lb ground beef
        500 g beef mince
        1 lb beef stew meat

        """

    @Test func oneItemPerLineInOrder() throws {
        let r = try KeysCLI.run(["dedupe"], stdin: Self.input)
        #expect(r.status == 0)
        let inputs = Self.input.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // Item records come first, one per input line; suggestion records follow.
        let items = Array(r.lines.prefix(inputs.count))
        #expect(r.lines.count >= inputs.count)
        #expect(r.lines.dropFirst(inputs.count).allSatisfy { $0.hasPrefix(#"{"type":"suggestion""#) })
        for (line, input) in zip(items, inputs) {
            let o = try KeysCLI.object(line)
            #expect(o["type"] as? String == "item")
            #expect(o["input"] as? String == input)
            #expect(Set(o.keys) == ["type", "input", "key", "group", "name"])
        }
        // Field order is the documented one.
        #expect(r.lines[0].hasPrefix(#"{"type":"item","input":"2 Onions, diced","key":"onion","group":1,"name":"onion"}"#))
    }

    @Test func loneWordsThatCouldHeadASectionAreNames() throws {
        let r = try KeysCLI.run(["dedupe"], stdin: "Salad\nsalad\nFor the salad:\nPastry\n")
        let items = try r.lines.map(KeysCLI.object).filter { $0["type"] as? String == "item" }
        #expect(items.count == 4)
        #expect(items[0]["key"] as? String == "salad" && items[1]["group"] as? Int == items[0]["group"] as? Int)
        #expect(items[2]["key"] is NSNull)
        #expect(items[3]["key"] as? String == "pastry")
    }

    @Test func groupsAreSharedAndNumberedInFirstSeenOrder() throws {
        let r = try KeysCLI.run(["dedupe"], stdin: Self.input)
        let items = try r.lines.map(KeysCLI.object).filter { $0["type"] as? String == "item" }
        func group(_ i: Int) -> Int? { items[i]["group"] as? Int }
        #expect(group(0) == 1)
        #expect(group(1) == 1) // onion
        #expect(group(2) == 2) // red onion apart
        #expect(group(3) == nil && items[3]["key"] is NSNull) // empty line
        #expect(group(4) == nil && items[4]["name"] is NSNull) // header
        #expect(group(5) == 3 && group(6) == 3) // spring onions / scallions
        #expect(group(7) == 4 && group(8) == 4) // brown sugar / sugar, brown
        #expect(group(9) == 5) // sugar apart
        #expect(group(10) == group(11)) // bananas
        #expect(group(12) == group(13)) // courgette / zucchini
        #expect(group(14) == group(15)) // double / heavy cream
        #expect(group(16) == group(17)) // ground beef / beef mince
        #expect(group(18) != group(16)) // stewing beef apart
        let groups = items.compactMap { $0["group"] as? Int }
        // First-seen order: every new group is one more than the largest so far.
        var largest = 0
        for g in groups {
            #expect(g <= largest + 1)
            largest = max(largest, g)
        }
    }

    @Test func localeNames() throws {
        let us = try KeysCLI.run(["dedupe"], stdin: "1 courgette\n1 cup icing sugar\n").lines.map(KeysCLI.object).filter { $0["type"] as? String == "item" }
        let gb = try KeysCLI.run(["dedupe", "--locale", "en-GB"], stdin: "1 courgette\n1 cup icing sugar\n").lines.map(KeysCLI.object).filter { $0["type"] as? String == "item" }
        #expect(us.map { $0["name"] as? String } == ["zucchini", "powdered sugar"])
        #expect(gb.map { $0["name"] as? String } == ["courgette", "icing sugar"])
        #expect(us.map { $0["key"] as? String } == gb.map { $0["key"] as? String })
    }

    @Test func userDictionary() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("my-key-overrides.tsv").path
        try "beef stew meat\tground beef\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try KeysCLI.run(["dedupe", "--dictionary", path], stdin: "1 lb ground beef\n1 lb beef stew meat\n")
        let items = try r.lines.map(KeysCLI.object)
        #expect(items[0]["group"] as? Int == items[1]["group"] as? Int)
        let bad = try KeysCLI.run(["dedupe", "--dictionary", dir.appendingPathComponent("oops.tsv").path], stdin: "salt\n")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("synonyms.tsv"))
    }

    @Test func filesAndBadBytes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt"), b = dir.appendingPathComponent("b.txt")
        try Data("1 onion\r\n".utf8).write(to: a)
        try Data([0x6F, 0x6E, 0x69, 0x6F, 0x6E, 0x73, 0xFF, 0x0A, 0x0A]).write(to: b)
        let r = try KeysCLI.run(["dedupe", a.path, b.path])
        #expect(r.status == 0)
        let items = try r.lines.map(KeysCLI.object).filter { $0["type"] as? String == "item" }
        #expect(items.count == 3)
        #expect(items[0]["key"] as? String == "onion")
        #expect(items[1]["key"] as? String == "onion")
        #expect(items[1]["group"] as? Int == 1)
        #expect(items[2]["key"] is NSNull)
        let missing = try KeysCLI.run(["dedupe", dir.appendingPathComponent("nope.txt").path])
        #expect(missing.status != 0)
    }

    @Test func parseOutputHasTheKey() throws {
        let r = try KeysCLI.run(["parse"], stdin: "2 Onions, diced\nFor the sauce:\n")
        #expect(r.lines[0].contains(#""name":"Onions","key":"onion","preparation":"diced""#))
        #expect(r.lines[1].contains(#""name":null,"key":null,"#))
    }
}
