import CZlib
import Foundation
import Testing
@testable import IngredientImport
import IngredientText

/// Hostile input to the import readers: each must take time linear in its size, keep memory
/// bounded, and say what it did.
@Suite("import: hostile input")
struct ReliabilityImportTests {
    func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    @Test func unclosedDivsAreReadInLinearTime() throws {
        // 40,000 unclosed <div> took 7.3 s in a release build when every level was kept
        // (text and ancestor walks over a 40,000-deep tree); a debug build now takes well
        // under a second.
        let html = String(repeating: "<div>", count: 40_000) + "<ul><li>2 cups flour</li><li>1 egg</li></ul>"
        var doc: HTMLDocument?
        let t = seconds { doc = HTMLDocument(html) }
        let d = try #require(doc)
        #expect(d.depthLimited)
        var deepest = 0
        for k in d.nodes.indices {
            var depth = 0, p = d.nodes[k].parent
            while p >= 0 { depth += 1; p = d.nodes[p].parent }
            deepest = max(deepest, depth)
        }
        #expect(deepest <= HTMLDocument.maxDepth)
        var result: Result<[RecipeRecord], ImportError>?
        let u = seconds { result = HTMLExtractor.records(html: html) }
        #expect(t + u < 10, "\(t) s to read, \(u) s to extract")
        switch try #require(result) {
        case let .success(records): #expect(records.first?.warnings.contains { $0.contains("nested more than") } == true)
        case let .failure(error): #expect(error.description.contains("nested more than"))
        }
        // Normal nesting is untouched.
        #expect(!HTMLDocument("<div><div><p>x</p></div></div>").depthLimited)
    }

    @Test func unclosedCommentsAndScriptsAreLinear() {
        // Each unclosed opener used to search the rest of the page for its end: O(n²).
        for unit in ["<!--x>", "<script>x", "<style>", "<![CDATA[x"] {
            let small = String(repeating: unit, count: 10_000), large = String(repeating: unit, count: 40_000)
            let a = seconds { _ = HTMLDocument(small) }, b = seconds { _ = HTMLDocument(large) }
            // Four times the input: about four times the time, not sixteen.
            #expect(b < max(0.05, a) * 9, "\(unit): \(a) s for 10,000, \(b) s for 40,000")
        }
    }

    @Test func mealMasterChunkerIsLinearAndBounded() {
        // Text with no recipe header, streamed as MealMaster: the chunker used to search all
        // pending bytes again on every read.
        let line = Array("This is not a recipe, only a line of prose of some length.\n".utf8)
        func run(_ megabytes: Int) -> (seconds: Double, largest: Int, total: Int, fed: Int) {
            var chunker = StreamChunker(format: .mealmaster, target: 1 << 16)
            var block: [UInt8] = []
            while block.count < 1 << 16 { block += line }
            var largest = 0, total = 0, fed = 0
            let t = seconds {
                for _ in 0..<(megabytes << 20) / block.count {
                    fed += block.count
                    for chunk in chunker.feed(block) { largest = max(largest, chunk.count); total += chunk.count }
                }
                if let rest = chunker.finish() { largest = max(largest, rest.count); total += rest.count }
            }
            return (t, largest, total, fed)
        }
        let small = run(2), large = run(8)
        #expect(large.seconds < max(0.05, small.seconds) * 9, "\(small.seconds) s for 2 MB, \(large.seconds) s for 8 MB")
        // No chunk holds much more than the forced cut size, whatever the input.
        #expect(large.largest <= StreamChunker(format: .mealmaster, target: 1 << 16).forcedCutSize + (1 << 16) + line.count)
        // Every byte fed comes out in some chunk.
        #expect(large.total == large.fed)
    }

    @Test func nonRecipeBytesAsMealMasterGiveOneErrorRecord() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("noise.txt").path
        var bytes: [UInt8] = []
        var x: UInt32 = 12345
        while bytes.count < 10 << 20 {
            x = x &* 1_103_515_245 &+ 12345
            let b = UInt8(truncatingIfNeeded: x >> 16)
            bytes.append(b % 17 == 0 ? 0x0A : 0x20 + b % 90)
        }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        var records: [ImportRecord] = []
        let t = seconds {
            records = ImportFixtures.run([path], jobs: 2, format: .mealmaster).records
        }
        #expect(records.count == 1)
        if case let .failure(source, error)? = records.first {
            #expect(source == path)
            #expect(error.description.contains("no recipe"))
        } else { Issue.record("expected one error record, got \(records.count) records") }
        #expect(t < 60, "\(t) s for 10 MB")
    }

    @Test func inflateLimitSaysWhatItKnows() throws {
        // 4 MB of zeros compress to a few KB; read with a 1 MB limit, the message must not
        // claim a size it never saw.
        let zeros = [UInt8](repeating: 0x41, count: 4 << 20)
        var compressed = [UInt8](repeating: 0, count: 64 << 10)
        var length = UInt(compressed.count)
        let status = compressed.withUnsafeMutableBufferPointer { out in
            zeros.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, UInt($0.count), 9) }
        }
        try #require(status == 0)
        let data = Array(compressed[0..<Int(length)])
        do {
            _ = try data.withUnsafeBufferPointer { try Inflate.inflate($0, wrapper: .gzip, limit: 1 << 20) }
            Issue.record("no error above the limit")
        } catch let error as ImportError {
            #expect(error == .exceedsLimit(what: "the compressed data, once decompressed,", limit: 1 << 20))
            #expect(error.description.contains("more than the 1048576 bytes"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// The work pool of `ingest import` must not keep taken work (and the chunks it captured)
/// alive: memory would grow with a streamed file's size.
@Suite("import: work pool memory")
struct WorkPoolMemoryTests {
    final class Chunk: @unchecked Sendable { let bytes = [UInt8](repeating: 1, count: 1024) }

    @Test func takenWorkIsReleased() {
        let pool = OrderedWorkPool<Int>(threads: 2, window: 4)
        var weakChunks: [() -> Chunk?] = []
        var delivered = 0
        for _ in 0..<50 {
            let chunk = Chunk()
            weak var weakChunk = chunk
            weakChunks.append { weakChunk }
            pool.submit({ chunk.bytes.count }, deliver: { delivered += $0 })
        }
        pool.finish(deliver: { delivered += $0 })
        #expect(delivered == 50 * 1024)
        withExtendedLifetime(pool) {
            #expect(weakChunks.allSatisfy { $0() == nil }, "\(weakChunks.filter { $0() != nil }.count) chunks still held")
        }
    }
}
