import IngredientParsing
import IngredientTagger

/// Transfers the labels of a gold sentence's tokens (the labeler's tokenization) onto our
/// tokens, by aligning the two token sequences with a small edit-distance alignment.
enum GoldAlignment {
    /// Our tokens' labels, or nil when the gold sentence has no usable labels.
    static func labels(for tokens: [Token], line: UnsafeBufferPointer<UInt8>, gold: GoldSentence) -> [Int]? {
        guard let goldTokens = gold.tokens, let goldLabels = gold.labels, goldTokens.count == goldLabels.count,
              !goldTokens.isEmpty else { return nil }
        let codes = goldLabels.map { Label(code: $0)?.rawValue }
        guard !codes.contains(where: { $0 == nil }) else { return nil }
        let n = tokens.count, m = goldTokens.count
        let ours = tokens.map { String(decoding: UnsafeBufferPointer(rebasing: line[$0.stemRange]), as: UTF8.self).lowercased() }
        let theirs = goldTokens.map { $0.lowercased() }
        let theirValues = theirs.map(goldNumber)

        func similarity(_ i: Int, _ j: Int) -> Int {
            let t = tokens[i]
            if t.kind == .quantity {
                // A number word read as a number ("one") is the labelers' word.
                if ours[i] == theirs[j] { return 3 }
                guard let v = theirValues[j] else { return -2 }
                return abs(v - t.value) < 1e-6 ? 3 : 1
            }
            if ours[i] == theirs[j] { return 3 }
            if t.kind == .punctuation { return theirs[j].count == 1 && !theirs[j].first!.isLetter && !theirs[j].first!.isNumber ? 1 : -2 }
            let common = zip(ours[i], theirs[j]).prefix { $0 == $1 }.count
            if common >= 3 || (common >= 2 && min(ours[i].count, theirs[j].count) <= 3) { return 2 }
            return -2
        }
        // Needleman–Wunsch with gap penalty 1.
        var score = [Int](repeating: 0, count: (n + 1) * (m + 1))
        var move = [UInt8](repeating: 0, count: (n + 1) * (m + 1)) // 0 diag, 1 up (skip ours), 2 left (skip theirs)
        for i in 1...max(1, n) where i <= n { score[i * (m + 1)] = -i; move[i * (m + 1)] = 1 }
        for j in 1...max(1, m) where j <= m { score[j] = -j; move[j] = 2 }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    let d = score[(i - 1) * (m + 1) + j - 1] + similarity(i - 1, j - 1)
                    let u = score[(i - 1) * (m + 1) + j] - 1
                    let l = score[i * (m + 1) + j - 1] - 1
                    if d >= u && d >= l { score[i * (m + 1) + j] = d; move[i * (m + 1) + j] = 0 }
                    else if u >= l { score[i * (m + 1) + j] = u; move[i * (m + 1) + j] = 1 }
                    else { score[i * (m + 1) + j] = l; move[i * (m + 1) + j] = 2 }
                }
            }
        }
        var result = [Int?](repeating: nil, count: n)
        var i = n, j = m
        while i > 0 || j > 0 {
            let mv = move[i * (m + 1) + j]
            if i > 0, j > 0, mv == 0 {
                if similarity(i - 1, j - 1) > -2 { result[i - 1] = codes[j - 1] }
                i -= 1; j -= 1
            } else if i > 0, mv == 1 || j == 0 {
                i -= 1
            } else {
                j -= 1
            }
        }
        // Tokens left unaligned: punctuation is PUNC, words take a neighbour's label.
        var filled = [Int](repeating: Label.name.rawValue, count: n)
        var previous: Int?
        for k in 0..<n {
            if let r = result[k] { filled[k] = r; previous = r; continue }
            if tokens[k].kind == .punctuation { filled[k] = Label.punctuation.rawValue; continue }
            if let p = previous { filled[k] = p }
            else if let next = result[(k + 1)...].compactMap({ $0 }).first { filled[k] = next }
        }
        // The labelers write "&" as punctuation, also between two words of a name ("Lea &
        // Perrins"), where "and" is name; the parser reads a spaced "&" as "and", so it learns
        // it as "and" is labeled there: the label of the words on both sides, when they agree.
        // (The scored name leaves punctuation out either way.)
        for k in 1..<max(1, n - 1) where tokens[k].kind == .word && ours[k] == "&" && filled[k] == Label.punctuation.rawValue {
            if filled[k - 1] == filled[k + 1], filled[k - 1] != Label.punctuation.rawValue { filled[k] = filled[k - 1] }
        }
        return filled
    }

    /// The value of a gold token written as a number: "2", "1.5", "#1$2" (½), "1#1$2", "2-3", "8x".
    static func goldNumber(_ s: String) -> Double? {
        var text = s
        if text.hasSuffix("x"), text.count > 1 { text.removeLast() }
        if let dash = text.firstIndex(of: "-"), dash != text.startIndex { text = String(text[..<dash]) }
        if let hash = text.firstIndex(of: "#") {
            let whole = Double(text[..<hash]) ?? 0
            let rest = text[text.index(after: hash)...].split(separator: "$")
            guard rest.count == 2, let a = Double(rest[0]), let b = Double(rest[1]), b > 0 else { return nil }
            return whole + a / b
        }
        return Double(text)
    }
}
