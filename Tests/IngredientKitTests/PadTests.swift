import Testing
@testable import IngredientParsing
import IngredientTagger
import IngredientText

/// `TaggerModel.addPads`, which visits only the offsets that reach a token, adds what the
/// straightforward loop over all five offsets adds, in the same order (bit for bit), for lines
/// of every length it is used on (the scorer's under four tokens, the model's four-token sums).
@Suite("Pads beyond the line's ends")
struct PadTests {
    /// The pads as first written: every offset tested in turn.
    static func reference(begin: Int32, end: Int32, weights: [Float], tokens n: Int) -> [SIMD8<Float>] {
        let m = TaggerLayout.padMargin
        var padded = [SIMD8<Float>](repeating: SIMD8<Float>(repeating: 0.25), count: n + 2 * m)
        func spread(_ row: Int32, from j: Int) {
            for o in -2...2 where j - o >= 0 && j - o < n {
                let at = (Int(row) * TaggerLayout.offsets + o + 2) * 8
                padded[j - o + m] += SIMD8<Float>(weights[at..<(at + 8)])
            }
        }
        spread(begin, from: -1)
        spread(begin, from: -2)
        spread(end, from: n)
        spread(end, from: n + 1)
        return padded
    }

    @Test("addPads: the same sums as testing every offset", arguments: 0...6)
    func sameSums(_ n: Int) {
        var state: UInt64 = 0x5EED &+ UInt64(n)
        // Values of very different sizes, so that another order of additions shows in the bits.
        let weights: [Float] = (0..<(3 * TaggerLayout.offsets * 8)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let f = Float((state >> 40) % 100_000) / 100_000 - 0.5
            return (state >> 33) % 3 == 0 ? f * 1e7 : (state >> 33) % 3 == 1 ? f : f * 1e-6
        }
        for (begin, end) in [(Int32(0), Int32(1)), (2, 0), (1, 1)] {
            var padded = [SIMD8<Float>](repeating: SIMD8<Float>(repeating: 0.25), count: n + 2 * TaggerLayout.padMargin)
            padded.withUnsafeMutableBufferPointer { p in
                TaggerModel.addPads(begin: begin, end: end, contextVectors: PlainValues(weights), to: p)
            }
            let expected = Self.reference(begin: begin, end: end, weights: weights, tokens: n)
            #expect(padded.map { v in (0..<8).map { v[$0].bitPattern } } == expected.map { v in (0..<8).map { v[$0].bitPattern } },
                    "rows \(begin), \(end)")
        }
    }
}
