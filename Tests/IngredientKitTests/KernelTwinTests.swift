import Foundation
import Testing
@testable import IngredientParsing

/// Each AVX2 kernel (`CKernels`) gives the same results bit for bit as the portable Swift code
/// it stands in for, on random scores with ties, infinities and signed zeros, and on real lines.
/// Skipped where the processor has no AVX2 (then only the portable code ever runs).
@Suite("AVX2 kernels against their portable twins", .enabled(if: VectorKernel.fastest == .avx2))
struct KernelTwinTests {
    typealias Row = Viterbi.Row

    /// Rows from a fixed seed, with values from a small set (so that lanes tie often), some
    /// -infinity (forbidden moves, as `Viterbi.hidden` adds) and signed zeros.
    struct Scores {
        var state: UInt64
        mutating func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            switch (state >> 33) % 16 {
            case 0: return -.infinity
            case 1: return -0.0
            case 2: return 0
            case 3...9: return Float(Int64(bitPattern: state >> 20) % 7 - 3) / 2
            default: return Float(Int64(bitPattern: state >> 20) % 41 - 20) / 8 + Float((state >> 40) % 1000) / 4096
            }
        }
        mutating func row() -> Row { Row((0..<8).map { _ in next() }) }
    }

    func decode(_ emission: [Row], _ transitions: [Row], _ incoming: [Row], _ end: Row, _ kernel: VectorKernel,
                labels: inout [Int]) -> Viterbi.Margins {
        emission.withUnsafeBufferPointer { e in
            transitions.withUnsafeBufferPointer { tr in
                incoming.withUnsafeBufferPointer { inc in
                    Viterbi.decode(emission: e, transitions: tr, incoming: inc, end: end, labels: &labels, kernel: kernel)
                }
            }
        }
    }

    @Test("Viterbi.decode: the same path, margins and label set", arguments: [1, 2, 3, 5, 9, 17, 40])
    func viterbi(_ n: Int) {
        for seed in 0..<UInt64(50) {
            var scores = Scores(state: seed &* 0x9E37_79B9 &+ UInt64(n))
            let emission = (0..<n).map { _ in scores.row() }
            let transitions = (0...8).map { _ in scores.row() }
            let incoming = (0..<8).map { x in Row((0..<8).map { l in transitions[l][x] }) }
            let end = scores.row()
            // Start from label arrays of other lengths: both must size them to the line.
            var portable = [Int](repeating: 7, count: Int(seed % 4)), fast = [Int](repeating: 3, count: Int(seed % 6))
            let a = decode(emission, transitions, incoming, end, .portable, labels: &portable)
            let b = decode(emission, transitions, incoming, end, .avx2, labels: &fast)
            #expect(portable == fast, "seed \(seed)")
            #expect(a.minimum.bitPattern == b.minimum.bitPattern && a.sum.bitPattern == b.sum.bitPattern
                    && a.labelSet == b.labelSet, "seed \(seed): \(a) against \(b)")
        }
    }

    @Test("Viterbi.decode on the tagger's own scores of our fixture lines")
    func viterbiOnLines() throws {
        let model = parser.model
        let fixture = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        var checked = 0
        for record in fixture.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any],
                  let line = object["input"] as? String else { continue }
            let emission = WordClusterTests.emission(line, model: model)
            if emission.isEmpty { continue }
            var portable: [Int] = [], fast: [Int] = []
            let a = decode(emission, model.transitionRows, model.incomingRows, model.endRow, .portable, labels: &portable)
            let b = decode(emission, model.transitionRows, model.incomingRows, model.endRow, .avx2, labels: &fast)
            #expect(portable == fast, "\(line)")
            #expect(a.minimum.bitPattern == b.minimum.bitPattern && a.sum.bitPattern == b.sum.bitPattern, "\(line)")
            checked += 1
        }
        #expect(checked > 300)
    }
}
