import CKernels
import IngredientTagger
/// First-order sequence decoding over the tagger's eight labels, eight lanes at a time.
package enum Viterbi {
    package typealias Row = SIMD8<Float>

    /// Lane-wise maximum, written out so that it compiles to one vector instruction.
    @inline(__always)
    static func lanewiseMax(_ a: Row, _ b: Row) -> Row {
        Row(a[0] > b[0] ? a[0] : b[0], a[1] > b[1] ? a[1] : b[1], a[2] > b[2] ? a[2] : b[2], a[3] > b[3] ? a[3] : b[3],
            a[4] > b[4] ? a[4] : b[4], a[5] > b[5] ? a[5] : b[5], a[6] > b[6] ? a[6] : b[6], a[7] > b[7] ? a[7] : b[7])
    }

    /// `max over p of (v[p] + rows[p])`, lane-wise: one step of the forward or backward pass,
    /// unrolled over the eight labels so that every broadcast uses a constant lane.
    @inline(__always)
    static func maxPlus(_ v: Row, _ rows: UnsafeBufferPointer<Row>) -> Row {
        let a = lanewiseMax(Row(repeating: v[0]) + rows[0], Row(repeating: v[1]) + rows[1])
        let b = lanewiseMax(Row(repeating: v[2]) + rows[2], Row(repeating: v[3]) + rows[3])
        let c = lanewiseMax(Row(repeating: v[4]) + rows[4], Row(repeating: v[5]) + rows[5])
        let d = lanewiseMax(Row(repeating: v[6]) + rows[6], Row(repeating: v[7]) + rows[7])
        return lanewiseMax(lanewiseMax(a, b), lanewiseMax(c, d))
    }

    /// The largest lane, by halving.
    @inline(__always)
    static func horizontalMax(_ v: Row) -> Float {
        let a = v.lowHalf, b = v.highHalf
        let m = SIMD4<Float>(a[0] > b[0] ? a[0] : b[0], a[1] > b[1] ? a[1] : b[1], a[2] > b[2] ? a[2] : b[2], a[3] > b[3] ? a[3] : b[3])
        let x = m[0] > m[2] ? m[0] : m[2], y = m[1] > m[3] ? m[1] : m[3]
        return x > y ? x : y
    }

    /// The first lane of `v` that equals `value` (0 when none does).
    @inline(__always)
    static func firstLane(of value: Float, in v: Row) -> Int {
        for l in 0..<8 where v[l] == value { return l }
        return 0
    }

    /// Row `l`: -infinity in lane `l`, zero elsewhere; adding it leaves out label `l`.
    static let hidden: [Row] = (0..<Label.count).map { l in
        var r = Row()
        r[l] = -.infinity
        return r
    }

    /// The forward scores (`alpha[t][l]`: the best path up to token `t` ending in label `l`,
    /// its emission included) and the backward scores (`beta[t][l]`: the best rest of the path
    /// after token `t` given label `l` there, the end included) of `emission`, written to the
    /// first `emission.count` vectors of `alpha` and `beta` (at least one token).
    @inline(__always)
    static func scorePasses(emission: UnsafeBufferPointer<Row>, transitions: UnsafeBufferPointer<Row>,
                            incoming: UnsafeBufferPointer<Row>, end: Row,
                            alpha: UnsafeMutableBufferPointer<Row>, beta: UnsafeMutableBufferPointer<Row>) {
        let n = emission.count
        // Forward: alpha[t][l] = max_p alpha[t-1][p] + T[p][l], plus emission.
        alpha[0] = transitions[Label.count] + emission[0]
        var t = 1
        while t < n {
            alpha[t] = maxPlus(alpha[t - 1], transitions) + emission[t]
            t += 1
        }
        // Backward: beta[t][l] = max_x T[l][x] + emission[t+1][x] + beta[t+1][x].
        beta[n - 1] = end
        t = n - 2
        while t >= 0 {
            beta[t] = maxPlus(emission[t + 1] + beta[t + 1], incoming)
            t -= 1
        }
    }

    /// The best label sequence for `emission` (one vector of label scores per token), and the
    /// smallest and the sum of the tokens' margins: for each token, the margin between the
    /// best path and the best path that gives the token another label (a max-marginal: small
    /// where the tagger hesitated).
    ///
    /// `transitions[p]` holds the scores of moving from label `p` to each label (row 8 is
    /// the start); `incoming[x]` holds, for each label `l`, the score of moving from `l` to
    /// `x` (the transpose, used backward). `end` scores ending on each label. `scratch`, when
    /// it has room for `2 * emission.count` rows, holds the forward and backward scores
    /// (else temporary room does).
    /// Kept out of line: inlined into the parser it compiles to more instructions.
    @inline(never)
    package static func decode(
        emission: UnsafeBufferPointer<Row>,
        transitions: UnsafeBufferPointer<Row>, incoming: UnsafeBufferPointer<Row>, end: Row,
        labels out: inout [Int], kernel: VectorKernel = .fastest, scratch: UnsafeMutableBufferPointer<Row>? = nil
    ) -> Margins {
        let n = emission.count
        // The back-track writes every label. A line has most often a few tokens more or fewer
        // than the one before: single steps cost less than the general calls of `resize`.
        while out.count > n { out.removeLast() }
        while out.count < n { out.append(0) }
        return out.withUnsafeMutableBufferPointer { path in
            decode(emission: emission, transitions: transitions, incoming: incoming, end: end, path: path.baseAddress!,
                   kernel: kernel, scratch: scratch)
        }
    }

    /// `decode` writing the labels to `path`, room for `emission.count` of them (the parser
    /// lends the first labels of its workspace's array, which only grows, so that no line
    /// resizes it).
    @inline(never)
    package static func decode(
        emission: UnsafeBufferPointer<Row>,
        transitions: UnsafeBufferPointer<Row>, incoming: UnsafeBufferPointer<Row>, end: Row,
        path: UnsafeMutablePointer<Int>, kernel: VectorKernel = .fastest, scratch: UnsafeMutableBufferPointer<Row>? = nil
    ) -> Margins {
        let n = emission.count
        guard n > 0 else { return Margins() }
        if let scratch, scratch.count >= 2 * n {
            return decode(emission: emission, transitions: transitions, incoming: incoming, end: end, path: path, kernel: kernel,
                          scores: scratch)
        }
        return withUnsafeTemporaryAllocation(of: Row.self, capacity: 2 * n) { scores in
            decode(emission: emission, transitions: transitions, incoming: incoming, end: end, path: path, kernel: kernel,
                   scores: scores)
        }
    }

    /// `decode` with `path` room for `emission.count` labels (at least one) and `scores` room
    /// for `2 * emission.count` rows.
    @inline(__always)
    private static func decode(
        emission: UnsafeBufferPointer<Row>, transitions: UnsafeBufferPointer<Row>, incoming: UnsafeBufferPointer<Row>, end: Row,
        path: UnsafeMutablePointer<Int>, kernel: VectorKernel, scores: UnsafeMutableBufferPointer<Row>
    ) -> Margins {
        let n = emission.count
        if kernel == .avx2 {
            return decodeAVX2(emission: emission, transitions: transitions, incoming: incoming, end: end, scratch: scores, path: path)
        }
        let alpha = UnsafeMutableBufferPointer(rebasing: scores[0..<n])
        let beta = UnsafeMutableBufferPointer(rebasing: scores[n...])
        scorePasses(emission: emission, transitions: transitions, incoming: incoming, end: end, alpha: alpha, beta: beta)
        let final = alpha[n - 1] + end
        let bestScore = horizontalMax(final)
        path[n - 1] = firstLane(of: bestScore, in: final)
        // Back-track by recomputing the best predecessor along the path only: lane p of
        // `alpha[t - 1] + incoming[to]` scores coming from p; the first best lane wins.
        var t = n - 1
        while t > 0 {
            let from = alpha[t - 1] + incoming[path[t]]
            path[t - 1] = firstLane(of: horizontalMax(from), in: from)
            t -= 1
        }
        // The margin of token k: the best path against the best one through another label.
        var margins = Margins()
        for k in 0..<n {
            margins.labelSet |= 1 &<< path[k]
            let m = bestScore - horizontalMax(alpha[k] + beta[k] + hidden[path[k]])
            margins.minimum = min(margins.minimum, m)
            margins.sum += m
        }
        return margins
    }

    /// `decode` by the AVX2 kernel: `scratch` has room for `2 * emission.count` rows and `path`
    /// for `emission.count` labels.
    private static func decodeAVX2(emission: UnsafeBufferPointer<Row>, transitions: UnsafeBufferPointer<Row>,
                                   incoming: UnsafeBufferPointer<Row>, end: Row,
                                   scratch: UnsafeMutableBufferPointer<Row>, path: UnsafeMutablePointer<Int>) -> Margins {
        precondition(transitions.count > Label.count && incoming.count >= Label.count && scratch.count >= 2 * emission.count)
        func floats(_ p: UnsafeBufferPointer<Row>) -> UnsafePointer<Float> {
            UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: Float.self)
        }
        var endRow = end
        let m = withUnsafePointer(to: &endRow) { e in
            ikk_viterbi_decode_avx2(floats(emission), emission.count, floats(transitions), floats(incoming),
                                    UnsafeRawPointer(e).assumingMemoryBound(to: Float.self),
                                    UnsafeMutableRawPointer(scratch.baseAddress!).assumingMemoryBound(to: Float.self), path)
        }
        return Margins(minimum: m.minimum, sum: m.sum, labelSet: m.labelSet)
    }

    /// The best label sequence for `emission` among those that give label `required` to at
    /// least one token that `allowed` accepts, written to `out`; returns how much lower its
    /// score is than the best sequence's (0 when the best one already qualifies), or nil when
    /// no token is allowed. Exact: the best score through label `required` at token `k` is
    /// the forward score there plus the backward score, and the path is traced both ways from
    /// the best such `k` (the first one on a tie). For the rare line the tagger leaves without
    /// what it needs (an amount and no name), so it is not tuned like `decode`.
    package static func decode(
        emission: UnsafeBufferPointer<Row>,
        transitions: UnsafeBufferPointer<Row>, incoming: UnsafeBufferPointer<Row>, end: Row,
        requiring required: Int, at allowed: (Int) -> Bool, labels out: inout [Int]
    ) -> Float? {
        let n = emission.count
        guard n > 0, (0..<n).contains(where: allowed) else { return nil }
        var alpha = [Row](repeating: Row(), count: n), beta = [Row](repeating: Row(), count: n)
        alpha.withUnsafeMutableBufferPointer { a in
            beta.withUnsafeMutableBufferPointer { b in
                scorePasses(emission: emission, transitions: transitions, incoming: incoming, end: end, alpha: a, beta: b)
            }
        }
        let bestScore = horizontalMax(alpha[n - 1] + end)
        var through = -Float.infinity, at = -1
        for k in 0..<n where allowed(k) {
            let s = alpha[k][required] + beta[k][required]
            if s > through { through = s; at = k }
        }
        guard at >= 0, through > -.infinity else { return nil }
        out = Array(repeating: 0, count: n)
        out[at] = required
        // Back from `at`: the best predecessor of each label on the path, as `decode` traces it.
        var k = at
        while k > 0 {
            let from = alpha[k - 1] + incoming[out[k]]
            out[k - 1] = firstLane(of: horizontalMax(from), in: from)
            k -= 1
        }
        // On from `at`: the best next label given the one before, with all that follows it.
        k = at + 1
        while k < n {
            let next = transitions[out[k - 1]] + emission[k] + beta[k]
            out[k] = firstLane(of: horizontalMax(next), in: next)
            k += 1
        }
        return max(0, bestScore - through)
    }

    /// The smallest and the sum of a line's per-token margins (see `decode`), and the labels
    /// of its best path.
    package struct Margins {
        var minimum = Float.infinity
        var sum: Float = 0
        /// The labels the best path gives, as a bit set (bit `1 << label`).
        var labelSet = 0
    }
}
