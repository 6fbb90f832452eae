#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientParsing
import IngredientTagger

extension TaggerTrainer {
    /// The feature rows of the training sentences, resolved once (shared by both objectives).
    struct Rows {
        /// Example → token → context rows, its word's row first.
        var context: [[[Int]]]
        /// Example → token → how many of its context rows are word rows (left out when the word is dropped).
        var wordCount: [[Int]]
        /// Example → token → local rows.
        var local: [[[Int]]]
        /// The context rows of the padding before the first and after the last token.
        var begin: Int, end: Int
        /// How many context and local rows there are.
        var contextRowCount: Int, localRowCount: Int
    }

    /// Weights in the layout `write` takes: context rows of `TaggerLayout.rowWidth`, local rows of
    /// `Label.count`, transitions (`Label.count + 1` rows, the start last) and end scores.
    struct Weights {
        var context: [Double], local: [Double], transitions: [Double], end: [Double]
    }

    /// Trains a linear-chain CRF over the same features and score as the perceptron: the
    /// score of a path is the sum of its emission, transition and end weights, and training
    /// maximizes the log probability of the gold path (softmax over all paths, by
    /// forward-backward) with stochastic gradient steps, one sentence at a time.
    ///
    /// The step size is `learningRate · learningRateDecay^(pass)` (continuous over sentences).
    /// L2 is applied lazily (a weight block catches up on its decay when a sentence uses it) and
    /// L1 by the cumulative penalty of Tsuruoka, Tsujii and Ananiadou (2009), so unused weights
    /// cost nothing per step and L1 leaves exact zeros (in the last weights; averaged weights keep
    /// a small value wherever a weight was ever nonzero, which `pruneBelow` leaves out).
    /// Transitions and end scores are not penalized.
    /// `margin` adds to every wrong label's emission while training (softmax-margin); word
    /// dropout and runs work as for the perceptron (the model is the mean of the runs' weights).
    /// With `average` the weights returned are the average over all steps (averaged SGD),
    /// as the perceptron's are. Single-threaded and deterministic.
    func trainCRF(_ examples: [Example], rows: Rows, log: (String) -> Void) -> Weights {
        let L = Label.count, W = TaggerLayout.rowWidth
        let nC = rows.contextRowCount * W, nL = rows.localRowCount * L
        let N = Double(max(1, examples.count))
        let eta0 = options.learningRate, decay = options.learningRateDecay
        let l1 = options.l1, l2 = options.l2
        let margin = options.margin
        let average = options.average
        let dropBelow = UInt64(options.wordDropout * Double(1 << 32))
        let runs = max(1, options.runs)
        var sum = Weights(context: [Double](repeating: 0, count: nC), local: [Double](repeating: 0, count: nL),
                          transitions: [Double](repeating: 0, count: (L + 1) * L), end: [Double](repeating: 0, count: L))

        // Working buffers, reused by every sentence.
        var em = [Double](), grad = [Double]()
        var chain = ChainGradient()

        for run in 0..<runs {
            let runSeed = options.seed &+ UInt64(run) &* 0x9E37_79B9
            var rng = SplitMix(seed: runSeed)
            var dropRNG = SplitMix(seed: runSeed ^ 0xD80F_0D80)
            var order = Array(examples.indices)
            // Weights, and (in buffers of the same layout) for L1 the penalty each weight has
            // received so far (Tsuruoka's q) and for averaging the sum of every change times the
            // step it was made at (as for the perceptron, the average is w - u / c).
            let cw = Self.zeros(nC), lw = Self.zeros(nL)
            let cq = Self.zeros(l1 > 0 ? nC : 0), lq = Self.zeros(l1 > 0 ? nL : 0)
            let cu = Self.zeros(average ? nC : 0), lu = Self.zeros(average ? nL : 0)
            // L2: the step up to which each block of `L` weights has decayed, and the log of
            // the product of all decay factors before each step.
            let cLast = Self.zeros(l2 > 0 ? nC / L : 0, of: Int32.self), lLast = Self.zeros(l2 > 0 ? nL / L : 0, of: Int32.self)
            defer {
                for p in [cw, lw, cq, lq, cu, lu] { p.deallocate() }
                cLast.deallocate(); lLast.deallocate()
            }
            var logDecay: [Double] = [0]
            var tw = [Double](repeating: 0, count: (L + 1) * L), ew = [Double](repeating: 0, count: L)
            var tu = [Double](repeating: 0, count: (L + 1) * L), eu = [Double](repeating: 0, count: L)
            var c = 1.0
            var tGrad = [Double](repeating: 0, count: (L + 1) * L), eGrad = [Double](repeating: 0, count: L)
            var u = 0.0 // the total L1 penalty a weight could have received so far
            var step = 0
            var dropped: [Bool] = []
            // The weight blocks the sentence uses: the first weight of each context block (a row
            // at an offset) and of each local row, with the token it scores.
            var cBase: [Int] = [], cToken: [Int] = [], lBase: [Int] = [], lToken: [Int] = []

            for epoch in 1...max(1, options.epochs) {
                for k in stride(from: order.count - 1, to: 0, by: -1) {
                    let j = Int(rng.next() % UInt64(k + 1))
                    order.swapAt(k, j)
                }
                var loss = 0.0, errors = 0, tokensSeen = 0
                for e in order {
                    let ex = examples[e]
                    let n = ex.gold.count
                    guard n > 0 else { continue }
                    let ctx = rows.context[e], loc = rows.local[e], wordRows = rows.wordCount[e]
                    dropped.removeAll(keepingCapacity: true)
                    for _ in 0..<n { dropped.append(dropBelow > 0 && (dropRNG.next() & 0xFFFF_FFFF) < dropBelow) }
                    let eta = eta0 * pow(decay, Double(step) / N)
                    cBase.removeAll(keepingCapacity: true); cToken.removeAll(keepingCapacity: true)
                    lBase.removeAll(keepingCapacity: true); lToken.removeAll(keepingCapacity: true)
                    for t in 0..<n {
                        for o in -2...2 {
                            let j = t + o, offset = (o + 2) * L
                            if j < 0 {
                                cBase.append(rows.begin * W + offset); cToken.append(t)
                            } else if j >= n {
                                cBase.append(rows.end * W + offset); cToken.append(t)
                            } else {
                                let rs = ctx[j]
                                for i in (dropped[j] ? wordRows[j] : 0)..<rs.count { cBase.append(rs[i] * W + offset); cToken.append(t) }
                            }
                        }
                        for r in loc[t] { lBase.append(r * L); lToken.append(t) }
                    }
                    // L2: bring the blocks this sentence reads up to date.
                    if l2 > 0 {
                        let now = logDecay[step]
                        func catchUp(_ w: UnsafeMutablePointer<Double>, _ sums: UnsafeMutablePointer<Double>,
                                     _ last: UnsafeMutablePointer<Int32>, _ base: Int) {
                            let was = Int(last[base / L])
                            guard was != step else { return }
                            let f = exp(now - logDecay[was])
                            for l in 0..<L {
                                let d = w[base + l] * (f - 1)
                                w[base + l] += d
                                if average { sums[base + l] += c * d }
                            }
                            last[base / L] = Int32(step)
                        }
                        for base in cBase { catchUp(cw, cu, cLast, base) }
                        for base in lBase { catchUp(lw, lu, lLast, base) }
                    }
                    // Emission scores.
                    em.refill(count: n * L, to: 0)
                    for k in cBase.indices {
                        let base = cBase[k], at = cToken[k] * L
                        for l in 0..<L { em[at + l] += cw[base + l] }
                    }
                    for k in lBase.indices {
                        let base = lBase[k], at = lToken[k] * L
                        for l in 0..<L { em[at + l] += lw[base + l] }
                    }
                    if margin != 0 {
                        for t in 0..<n { for l in 0..<L where l != ex.gold[t] { em[t * L + l] += margin } }
                    }
                    let (sentenceLoss, sentenceErrors) = chain.gradient(emission: em, gold: ex.gold, transitions: tw, end: ew,
                                                                        emissionGradient: &grad, transitionGradient: &tGrad, endGradient: &eGrad)
                    loss += sentenceLoss
                    errors += sentenceErrors
                    tokensSeen += n
                    // Gradient steps: each weight block `bases[k]` moves along token `tokens[k]`'s gradient.
                    func gradientStep(_ w: UnsafeMutablePointer<Double>, _ sums: UnsafeMutablePointer<Double>,
                                      _ bases: [Int], _ tokens: [Int]) {
                        for k in bases.indices {
                            let base = bases[k], at = tokens[k] * L
                            for l in 0..<L {
                                let d = eta * grad[at + l]
                                w[base + l] += d
                                if average { sums[base + l] += c * d }
                            }
                        }
                    }
                    gradientStep(cw, cu, cBase, cToken)
                    gradientStep(lw, lu, lBase, lToken)
                    for i in tw.indices { tw[i] += eta * tGrad[i]; tu[i] += c * eta * tGrad[i] }
                    for l in 0..<L { ew[l] += eta * eGrad[l]; eu[l] += c * eta * eGrad[l] }
                    // L1: the cumulative penalty on the weights just updated.
                    if l1 > 0 {
                        u += eta * l1 / N
                        func penalizeBlocks(_ w: UnsafeMutablePointer<Double>, _ q: UnsafeMutablePointer<Double>,
                                            _ sums: UnsafeMutablePointer<Double>, _ bases: [Int]) {
                            for base in bases {
                                for l in 0..<L {
                                    let d = Self.penalize(&w[base + l], &q[base + l], u)
                                    if average { sums[base + l] += c * d }
                                }
                            }
                        }
                        penalizeBlocks(cw, cq, cu, cBase)
                        penalizeBlocks(lw, lq, lu, lBase)
                    }
                    if l2 > 0 { logDecay.append(logDecay[step] + ln(max(1e-12, 1 - eta * l2 / N))) }
                    step += 1
                    c += 1
                }
                log("epoch \(epoch): token error rate \(Double(errors) / Double(max(1, tokensSeen))), loss per sentence \(loss / N)")
            }
            // Pending penalties for every weight, then add this run's weights to the sum.
            if l2 > 0 {
                let now = logDecay[step]
                for i in 0..<nC {
                    let d = cw[i] * (exp(now - logDecay[Int(cLast[i / L])]) - 1)
                    cw[i] += d
                    if average { cu[i] += c * d }
                }
                for i in 0..<nL {
                    let d = lw[i] * (exp(now - logDecay[Int(lLast[i / L])]) - 1)
                    lw[i] += d
                    if average { lu[i] += c * d }
                }
            }
            if l1 > 0 {
                for i in 0..<nC { let d = Self.penalize(&cw[i], &cq[i], u); if average { cu[i] += c * d } }
                for i in 0..<nL { let d = Self.penalize(&lw[i], &lq[i], u); if average { lu[i] += c * d } }
            }
            if average {
                for i in 0..<nC { cw[i] -= cu[i] / c }
                for i in 0..<nL { lw[i] -= lu[i] / c }
                for i in tw.indices { tw[i] -= tu[i] / c }
                for i in ew.indices { ew[i] -= eu[i] / c }
            }
            var nonzero = 0
            for i in 0..<nC where cw[i] != 0 { nonzero += 1 }
            for i in 0..<nL where lw[i] != 0 { nonzero += 1 }
            log("run \(run + 1): \(nonzero) of \(nC + nL) emission weights nonzero")
            for i in 0..<nC { sum.context[i] += cw[i] }
            for i in 0..<nL { sum.local[i] += lw[i] }
            for i in tw.indices { sum.transitions[i] += tw[i] }
            for i in ew.indices { sum.end[i] += ew[i] }
        }
        let k = Double(runs)
        return Weights(context: sum.context.map { $0 / k }, local: sum.local.map { $0 / k },
                       transitions: sum.transitions.map { $0 / k }, end: sum.end.map { $0 / k })
    }

    /// `count` zeros (room for at least one), to be deallocated by the caller.
    static func zeros<T: Numeric>(_ count: Int, of: T.Type = Double.self) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, count))
        p.initialize(repeating: 0, count: max(1, count))
        return p
    }

    /// Forward-backward for one sentence under a linear-chain CRF, with its buffers kept
    /// between sentences.
    struct ChainGradient {
        private var ee: [Double] = [], alpha: [Double] = [], beta: [Double] = [], norm: [Double] = []
        private var psi: [Double] = [], psiEnd: [Double] = []

        /// The negative log probability of the `gold` path, where a path's score is the sum of
        /// `emission[t · L + label]` (L = `Label.count`), `transitions[from · L + to]` (from = L at
        /// the start) and `end[last label]`; and its gradient with respect to the scores as
        /// observed minus expected counts (the direction that raises the gold path's probability),
        /// written into `emissionGradient` (resized to `emission.count`), `transitionGradient` and
        /// `endGradient`. Also returns how many tokens' most probable label is not gold.
        /// Scaled forward-backward: each position's forward vector is normalized to sum to 1.
        mutating func gradient(emission em: [Double], gold: [Int], transitions tw: [Double], end ew: [Double],
                               emissionGradient grad: inout [Double], transitionGradient tGrad: inout [Double],
                               endGradient eGrad: inout [Double]) -> (loss: Double, errors: Int) {
            let L = Label.count, n = gold.count
            guard n > 0 else { return (0, 0) }
            ee.refill(count: n * L, to: 0); alpha.refill(count: n * L, to: 0); beta.refill(count: n * L, to: 0)
            norm.refill(count: n, to: 0); grad.refill(count: n * L, to: 0)
            tGrad.refill(count: (L + 1) * L, to: 0); eGrad.refill(count: L, to: 0)
            psi = tw.map { exp($0) }
            psiEnd = ew.map { exp($0) }
            // Forward, scaled: alpha[t] sums to 1, norm[t] is the factor taken out.
            var logZ = 0.0
            for t in 0..<n {
                var mx = -Double.infinity
                for l in 0..<L { mx = max(mx, em[t * L + l]) }
                logZ += mx
                for l in 0..<L { ee[t * L + l] = exp(em[t * L + l] - mx) }
            }
            var z = 0.0
            for l in 0..<L { alpha[l] = psi[L * L + l] * ee[l]; z += alpha[l] }
            norm[0] = z
            for l in 0..<L { alpha[l] /= z }
            for t in 1..<max(1, n) {
                z = 0
                for l in 0..<L {
                    var s = 0.0
                    for p in 0..<L { s += alpha[(t - 1) * L + p] * psi[p * L + l] }
                    alpha[t * L + l] = s * ee[t * L + l]
                    z += alpha[t * L + l]
                }
                norm[t] = z
                for l in 0..<L { alpha[t * L + l] /= z }
            }
            var zEnd = 0.0
            for l in 0..<L { zEnd += alpha[(n - 1) * L + l] * psiEnd[l] }
            for t in 0..<n { logZ += log(norm[t]) }
            logZ += log(zEnd)
            // Backward, with the same factors: alpha[t] · beta[t] is token t's marginal.
            for l in 0..<L { beta[(n - 1) * L + l] = psiEnd[l] / zEnd }
            var t = n - 2
            while t >= 0 {
                for p in 0..<L {
                    var s = 0.0
                    for l in 0..<L { s += psi[p * L + l] * ee[(t + 1) * L + l] * beta[(t + 1) * L + l] }
                    beta[t * L + p] = s / norm[t + 1]
                }
                t -= 1
            }
            // Loss, and observed minus expected counts.
            var goldScore = tw[L * L + gold[0]] + ew[gold[n - 1]]
            var errors = 0
            for t in 0..<n {
                goldScore += em[t * L + gold[t]]
                if t > 0 { goldScore += tw[gold[t - 1] * L + gold[t]] }
                var best = 0, bestP = -1.0
                for l in 0..<L {
                    let p = alpha[t * L + l] * beta[t * L + l]
                    grad[t * L + l] = (l == gold[t] ? 1 : 0) - p
                    if p > bestP { best = l; bestP = p }
                }
                if best != gold[t] { errors += 1 }
            }
            for l in 0..<L {
                tGrad[L * L + l] = grad[l] // the start row: observed minus the first token's marginal
                eGrad[l] = grad[(n - 1) * L + l]
            }
            for t in 1..<max(1, n) {
                tGrad[gold[t - 1] * L + gold[t]] += 1
                for p in 0..<L {
                    let ap = alpha[(t - 1) * L + p] / norm[t]
                    for l in 0..<L { tGrad[p * L + l] -= ap * psi[p * L + l] * ee[t * L + l] * beta[t * L + l] }
                }
            }
            return (logZ - goldScore, errors)
        }
    }

    /// Tsuruoka's cumulative L1 step for one weight: pull it toward zero by what it has not yet
    /// received of the total penalty `u` (`q` is what it has received, negative for a pull down),
    /// never across zero.
    /// Returns the change.
    @inline(__always)
    static func penalize(_ w: inout Double, _ q: inout Double, _ u: Double) -> Double {
        let z = w
        if w > 0 { w = max(0, w - (u + q)) } else if w < 0 { w = min(0, w + (u - q)) }
        q += w - z
        return w - z
    }
}

/// The natural logarithm (the trainer's `log` parameter hides the C function's name).
@inline(__always)
private func ln(_ x: Double) -> Double { log(x) }

extension Array {
    /// Makes the array `n` copies of `value`, keeping its storage (a workspace buffer).
    fileprivate mutating func refill(count n: Int, to value: Element) {
        removeAll(keepingCapacity: true)
        append(contentsOf: repeatElement(value, count: n))
    }
}
