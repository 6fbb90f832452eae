import Foundation
import Testing
@testable import IngredientParsing
import IngredientTagger

/// The AVX2 kernel that adds a line's context rows and local weights to its scores
/// (`VectorKernel.avx2`) gives the same scores bit for bit as the portable Swift
/// loop (`Kernel.scorePortably`), on random rows whose sums depend on the order of the
/// additions, and on the tagger's own features of our fixture lines. Skipped where the
/// processor has no AVX2 (then only the portable code ever runs).
@Suite("The scorer's AVX2 kernel against its portable twin", .enabled(if: VectorKernel.fastest == .avx2))
struct ScoreKernelTwinTests {
    typealias Kernel = VectorKernel

    /// Numbers from a fixed seed, of very different sizes (so that adding them in another
    /// order rounds differently), with signed zeros and the odd infinity.
    struct Numbers {
        var state: UInt64
        mutating func bits() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
        mutating func float() -> Float {
            let r = bits()
            let fraction = Float((r >> 40) % 100_000) / 100_000 - 0.5
            switch (r >> 33) % 32 {
            case 0: return (r >> 20) % 2 == 0 ? .infinity : -.infinity
            case 1: return -0.0
            case 2: return 0
            case 3...10: return fraction * 1e7
            case 11...20: return fraction
            default: return fraction * 1e-6
            }
        }
        mutating func int32() -> Int32 {
            let r = bits()
            // Mostly small weights; some beyond 2^24, which the conversion to Float rounds.
            return (r >> 30) % 8 == 0 ? Int32(truncatingIfNeeded: r >> 33) : Int32(Int64(r >> 44) % 4001 - 2000)
        }
        mutating func below(_ n: Int) -> Int { Int((bits() >> 33) % UInt64(n)) }
    }

    /// A line of `n` tokens as the scorer leaves it for its kernel: scores it starts with,
    /// rows of weights, each token's rows (up to eight) and local weights.
    struct Line {
        var padded: [SIMD8<Float>]
        var weights: [Float]
        var rows: [Int32] = []
        var ends: [Int32] = []
        var locals: [SIMD8<Int32>] = []
        var scale: Float

        init(tokens n: Int, seed: UInt64) {
            var r = Numbers(state: seed)
            let margin = TaggerModel.Scorer.margin
            padded = (0..<(n + 2 * margin)).map { _ in SIMD8<Float>((0..<8).map { _ in r.float() }) }
            let rowCount = 1 + r.below(12)
            weights = (0..<(rowCount * TaggerLayout.offsets * 8)).map { _ in r.float() }
            for _ in 0..<n {
                for _ in 0..<r.below(9) { rows.append(Int32(r.below(rowCount))) }
                ends.append(Int32(rows.count))
                locals.append(SIMD8<Int32>((0..<8).map { _ in r.int32() }))
            }
            scale = Float(1 + r.below(1000)) / 4096
        }

        /// The scores after `kernel` added the rows and local weights.
        func scored(by kernel: Kernel) -> [SIMD8<Float>] {
            var out = padded
            let rowLog = rows.isEmpty ? [Int32(0)] : rows
            out.withUnsafeMutableBufferPointer { p in
                weights.withUnsafeBytes { w in
                    rowLog.withUnsafeBufferPointer { r in
                        ends.withUnsafeBufferPointer { e in
                            locals.withUnsafeBufferPointer { l in
                                kernel.score(padded: p, weights: w.baseAddress, rows: r.baseAddress!, ends: e.baseAddress!,
                                             locals: l.baseAddress!, scale: scale)
                            }
                        }
                    }
                }
            }
            return out
        }
    }

    static func bits(_ v: [SIMD8<Float>]) -> [[UInt32]] { v.map { x in (0..<8).map { x[$0].bitPattern } } }

    @Test("Kernel.score: the same scores, bit for bit, on random lines", arguments: [1, 2, 3, 4, 5, 6, 7, 9, 10, 17, 40])
    func randomLines(_ n: Int) {
        var differing = 0
        for seed in 0..<UInt64(60) {
            let line = Line(tokens: n, seed: seed &* 0x9E37_79B9 &+ UInt64(n))
            let portable = line.scored(by: .portable), fast = line.scored(by: .avx2)
            #expect(Self.bits(portable) == Self.bits(fast), "seed \(seed)")
            if Self.bits(portable) != Self.bits(line.padded) { differing += 1 }
        }
        // The lines are scored at all (the comparison would pass on two kernels doing nothing).
        #expect(differing > 50)
    }

    /// The test can tell orders apart: adding one token's local weights before its rows instead
    /// of after them changes some scores (so a kernel that did would fail the test above).
    @Test("Kernel.score: another order of the additions gives other bits")
    func theOrderShows() {
        var changed = 0
        for seed in 0..<UInt64(20) {
            var line = Line(tokens: 6, seed: seed)
            let fast = line.scored(by: .avx2)
            // Token 2's local weights moved into its score first, then its rows added as usual.
            let margin = TaggerModel.Scorer.margin
            line.padded[2 + margin] += SIMD8<Float>(line.locals[2]) * line.scale
            line.locals[2] = SIMD8<Int32>()
            if Self.bits(line.scored(by: .portable)) != Self.bits(fast) { changed += 1 }
        }
        #expect(changed > 10)
    }

    @Test("The scorer gives the same emission by either kernel on our fixture lines")
    func fixtureLines() throws {
        let model = parser.model
        let extractor = FeatureExtractor(lexicon: .builtIn, vocabulary: model.vocabularyRows)
        let fixture = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        var checked = 0
        for record in fixture.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any],
                  var line = object["input"] as? String else { continue }
            let (portable, fast) = line.withUTF8 { bytes -> ([SIMD8<Float>], [SIMD8<Float>]) in
                let tokens = Tokenizer.tokenize(bytes)
                func scores(_ kernel: Kernel) -> [SIMD8<Float>] {
                    var padded = [SIMD8<Float>](repeating: SIMD8<Float>(), count: tokens.count + 2 * TaggerModel.Scorer.margin)
                    padded.withUnsafeMutableBufferPointer { p in
                        var scorer = TaggerModel.Scorer(model: model, padded: p, kernel: kernel)
                        extractor.extract(tokens, bytes, into: &scorer)
                    }
                    return padded
                }
                return (scores(.portable), scores(.avx2))
            }
            if portable.count == 2 * TaggerModel.Scorer.margin { continue }
            #expect(Self.bits(portable) == Self.bits(fast), "\(line)")
            checked += 1
        }
        #expect(checked > 300)
    }
}
