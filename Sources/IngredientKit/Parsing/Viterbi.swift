/// First-order sequence decoding over the tagger's labels.
enum Viterbi {
    /// The best label sequence for `emission` (row-major, `count` tokens × `Label.count`),
    /// with, per token, the margin between the best path and the best path that gives the
    /// token another label (a max-marginal: small where the tagger hesitated).
    static func decode(
        emission: UnsafeBufferPointer<Float>, count n: Int,
        transitions: UnsafeBufferPointer<Float>, end: UnsafeBufferPointer<Float>,
        labels out: inout [Int], margins: inout [Float]
    ) {
        let L = Label.count
        out.removeAll(keepingCapacity: true)
        margins.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        let start = L * L // row of START transitions
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * n * L) { scores in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n * L) { back in
        let alpha = UnsafeMutableBufferPointer(rebasing: scores[0..<(n * L)])
        let beta = UnsafeMutableBufferPointer(rebasing: scores[(n * L)...])
        for l in 0..<L { alpha[l] = transitions[start + l] + emission[l] }
        if n > 1 {
            for t in 1..<n {
                for l in 0..<L {
                    var best = -Float.infinity, arg = 0
                    for p in 0..<L {
                        let v = alpha[(t - 1) * L + p] + transitions[p * L + l]
                        if v > best { best = v; arg = p }
                    }
                    alpha[t * L + l] = best + emission[t * L + l]
                    back[t * L + l] = Int32(arg)
                }
            }
        }
        // Backward max scores (excluding the token's own emission).
        for l in 0..<L { beta[(n - 1) * L + l] = end[l] }
        if n > 1 {
            for t in stride(from: n - 2, through: 0, by: -1) {
                for l in 0..<L {
                    var best = -Float.infinity
                    for x in 0..<L {
                        let v = transitions[l * L + x] + emission[(t + 1) * L + x] + beta[(t + 1) * L + x]
                        if v > best { best = v }
                    }
                    beta[t * L + l] = best
                }
            }
        }
        var last = 0, bestEnd = -Float.infinity
        for l in 0..<L {
            let v = alpha[(n - 1) * L + l] + end[l]
            if v > bestEnd { bestEnd = v; last = l }
        }
        out = [Int](repeating: 0, count: n)
        out[n - 1] = last
        if n > 1 {
            for t in stride(from: n - 1, to: 0, by: -1) { out[t - 1] = Int(back[t * L + out[t]]) }
        }
        margins = [Float](repeating: 0, count: n)
        for t in 0..<n {
            var second = -Float.infinity
            for l in 0..<L where l != out[t] {
                let v = alpha[t * L + l] + beta[t * L + l]
                if v > second { second = v }
            }
            margins[t] = bestEnd - second
        }
        }
        }
    }
}
