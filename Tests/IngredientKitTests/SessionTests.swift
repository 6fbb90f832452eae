import Foundation
import Testing
@testable import IngredientParsing

/// A session's two outputs — `parse` (Strings) and `appendJSON` (bytes straight from the
/// line) — must be the same contract, and reusing a session's memory must not leak state
/// from one line into the next.
@Suite("Parser sessions")
struct SessionTests {
    /// Lines of every kind: the fixture, plus awkward ones.
    static var lines: [[UInt8]] {
        var result: [[UInt8]] = []
        if let text = try? String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8) {
            for row in text.split(separator: "\n") {
                if let object = try? JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any],
                   let input = object["input"] as? String {
                    result.append(Array(input.utf8))
                }
            }
        }
        result += [
            [], Array("   ".utf8), [0x31, 0x20, 0xFF, 0xFE, 0x20, 0x63, 0x75, 0x70], // invalid UTF-8
            Array("2 \"quoted\" cups\tof \\ flour".utf8), Array("For the sauce:".utf8),
            [0x00, 0x01, 0x1F, 0x7F], Array("½ ⅓ ¾ x2 — 1⁄2 • crème fraîche".utf8),
            // Amounts of every kind: ranges with the unit on both ends, composites, containers,
            // words the tagger reads as units that the table does not know ("SCANT", "inch-thick").
            Array("200g-250g plain flour".utf8), Array("¾ cup to 1 cup milk".utf8), Array("1 lb 2 oz beef".utf8),
            Array("1 cup plus 2 tablespoons sugar".utf8), Array("2 x 400g tins chopped tomatoes".utf8),
            Array("400g tin chickpeas".utf8), Array("3 Handvoll Spinat".utf8), Array("2 GOBLETS ÉPICES wine".utf8),
            Array("1 (14 oz) can tomatoes".utf8), Array("2 heaped dessertspoons cocoa".utf8),
            Array("SCANT 3 cups stock".utf8), Array("2 ½-inch-thick steaks".utf8), Array("1 and 1/2 cups rice".utf8),
            // Decomposed text, read composed with the input as given (`LineComposition`): an
            // accent to join, one with nothing to join, and one beside bytes to escape.
            Array("1 cup cre\u{300}me frai\u{302}che".utf8), Array("\u{301} 2 eggs".utf8),
            Array("3 \"jalapen\u{303}os\"\tseeded".utf8), Array("For the sauce\u{301}:".utf8),
        ]
        return result
    }

    @Test func appendJSONMatchesTheStringPath() {
        let session = parser.makeSession()
        let lines = Self.lines
        #expect(lines.count > 300)
        for bytes in lines {
            var fast: [UInt8] = []
            bytes.withUnsafeBufferPointer { session.appendJSON(utf8: $0, to: &fast) }
            var slow: [UInt8] = []
            JSONLine.append(bytes.withUnsafeBufferPointer { parser.parse(utf8: $0) }, to: &slow)
            #expect(fast == slow, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func reusedSessionGivesTheSameResultsAsFreshParses() {
        let session = parser.makeSession()
        let lines = Self.lines
        // Twice through, in opposite orders, so every line follows a different one.
        for bytes in lines + lines.reversed() {
            let reused = bytes.withUnsafeBufferPointer { session.parse(utf8: $0) }
            let fresh = bytes.withUnsafeBufferPointer { parser.makeSession().parse(utf8: $0) }
            #expect(reused == fresh)
        }
    }

    /// `parser.parse` borrows working memory the parser keeps between calls: from several
    /// threads at once, each in another order, it must give what a fresh session gives.
    @Test func sharedWorkspacesFromManyThreadsGiveFreshResults() {
        let lines = Self.lines
        let fresh = lines.map { bytes in bytes.withUnsafeBufferPointer { parser.makeSession().parse(utf8: $0) } }
        let shared = IngredientParser(lexicon: parser.lexicon)
        let threads = 4
        final class Mismatches: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
            func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        }
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for round in 0..<2 {
                for k in lines.indices {
                    let i = (k * (t + 1) + round * 7) % lines.count // every thread its own order
                    let parsed = lines[i].withUnsafeBufferPointer { shared.parse(utf8: $0) }
                    let asString = shared.parse(String(decoding: lines[i], as: UTF8.self))
                    if parsed != fresh[i] || (lines[i].allSatisfy({ $0 < 0x80 }) && asString != fresh[i]) {
                        mismatches.add(String(decoding: lines[i], as: UTF8.self))
                    }
                }
            }
        }
        #expect(mismatches.lines.isEmpty, "\(mismatches.lines.prefix(5))")
        // No more idle working memory is kept than the pool's bound.
        #expect(shared.workspaces.idleCount <= WorkspacePool.maximumIdle)
    }
}

/// The session's cache of name keys must only ever return the key of the exact same name.
@Suite("Name key cache")
struct NameKeyCacheTests {
    @Test func returnsAKeyOnlyForTheSameBytes() {
        var cache = NameKeyCache()
        var computed = 0
        // Past the warm-up, more distinct names than slots share them, so slots get reused.
        let names = (0..<(NameKeyCache.slotCount + 16_000)).map { "name \($0)" } + ["salt", "Salt", "salt "]
        for round in 0..<2 {
            for name in names {
                var bytes = Array(name.utf8)
                let key = bytes.withUnsafeMutableBufferPointer { b in
                    cache.key(for: UnsafeBufferPointer(b)) { computed += 1; return "key of " + name }
                }
                #expect(key == "key of " + name, "round \(round)")
            }
        }
        // Every name was computed at least once. (Cycling through more names than slots, a
        // least-recently-used cache may miss every time: each name is gone before it comes back.)
        #expect(computed >= names.count)
        #expect(computed <= 2 * names.count)
        // The names just used are still there: asking again computes nothing.
        let before = computed
        for name in names.suffix(3) {
            var bytes = Array(name.utf8)
            let key = bytes.withUnsafeMutableBufferPointer { b in
                cache.key(for: UnsafeBufferPointer(b)) { computed += 1; return "key of " + name }
            }
            #expect(key == "key of " + name)
        }
        #expect(computed == before)
    }

    @Test func longNamesAreComputedEveryTime() {
        var cache = NameKeyCache()
        var computed = 0
        var long = Array(String(repeating: "x", count: NameKeyCache.maximumNameBytes + 1).utf8)
        for _ in 0..<100 {
            _ = long.withUnsafeMutableBufferPointer { b in cache.key(for: UnsafeBufferPointer(b)) { computed += 1; return "k" } }
        }
        #expect(computed == 100)
    }
}
