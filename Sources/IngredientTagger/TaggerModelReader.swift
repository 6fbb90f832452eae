#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientText


/// Reads the text of a tagger model file (format: see `TaggerModel`) into the raw tables
/// `TaggerModel` is built from. Common rows (`context`, `local`) are read straight from their
/// bytes; any other row, or one that is not plain, goes through the general reader, which
/// reports what is wrong with it.
package struct TaggerModelReader {
    package var scale = 1.0
    package var transitions = [Float](repeating: 0, count: (TaggerLayout.labelCount + 1) * TaggerLayout.labelCount)
    package var end = [Float](repeating: 0, count: TaggerLayout.labelCount)
    /// Context feature key → row of `contextWeights` (`TaggerLayout.rowWidth` floats a row).
    package var contextRows = HashTable<Int32>()
    package var contextWeights: [Float] = []
    package var localEntries: [(key: UInt64, weights: SIMD8<Float>)] = []
    /// Word pairs: both templates of a pair in one slot (see `TaggerModel.wordPairs`), found
    /// through `pairIndex` (pair key → index in the three arrays), in the order first read.
    package var pairIndex = HashTable<Int32>()
    package var pairKeys: [UInt64] = [], pairNext: [SIMD8<Float>] = [], pairPrevious: [SIMD8<Float>] = []
    package var calibration: [Double] = []
    /// Rows of lexical templates (their count sizes the vocabulary); of `word` rows, where
    /// their value is in the text, to precombine.
    package var lexicalRowCount = 0
    package var wordRows: [(start: Int, count: Int, row: Int32)] = []
    package var shapePairRows: [(previous: UInt8, coarse: UInt8)] = []
    /// The values of `lexicon` rows and of `lexiconShape` rows (a lexicon class, `|`, a shape),
    /// as bytes (`SmallBytes.storage`), for `LexiconFeatureTable`; values no token's class can
    /// have (more than eight bytes, a byte 0) are left out.
    package var lexiconClasses: [UInt64] = []
    package var lexiconShapeValues: [(lexicon: UInt64, shape: SmallBytes)] = []
    /// Per known word, by its folded hash: the row that sums its lexical rows.
    package var vocabulary = HashTable<Int32>()
    /// The template named by the last row, which the next row most often repeats.
    private var lastName: Range<Int> = 0..<0
    private var lastTemplate: Template?

    /// One context row of zeros, appended for each new row.
    private static let zeroRow = [Float](repeating: 0, count: TaggerLayout.rowWidth)

    /// Reads a whole model file's bytes.
    package mutating func read(_ buffer: UnsafeBufferPointer<UInt8>, clusters: WordClusters) throws {
        guard let base = buffer.baseAddress else { return }
        var lineNumber = 0
        var fields: [Range<Int>] = []
        fields.reserveCapacity(16)
        var i = 0
        while i < buffer.count {
            let j = Self.lineEnd(buffer, from: i)
            lineNumber += 1
            let lineStart = i
            i = j + 1
            if j == lineStart || base[lineStart] == 0x23 { continue }
            if fastRow(buffer, lineStart, j) { continue }
            try readLine(buffer, lineStart, j, lineNumber: lineNumber, fields: &fields)
        }
        finish(buffer, clusters: clusters)
    }

    /// Where the line that starts at `i` ends: its newline, or the end of `buffer`.
    @inline(__always)
    private static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        let base = buffer.baseAddress!
        return memchr(base + i, 0x0A, buffer.count - i).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
    }

    /// Reads one row of any kind (the bytes `lineStart..<j` of `buffer`), reporting what is
    /// wrong with it.
    private mutating func readLine(_ buffer: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ j: Int, lineNumber: Int, fields: inout [Range<Int>]) throws {
        let table = "model/tagger.tsv"
        let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<j])
        Self.split(line, into: &fields)
        func weights(from k: Int) throws -> SIMD8<Float> {
            guard fields.count - k == TaggerLayout.labelCount else {
                throw DictionaryError.malformedRow(table: table, line: lineNumber, expected: k + TaggerLayout.labelCount, found: fields.count)
            }
            var w = SIMD8<Float>()
            for l in 0..<TaggerLayout.labelCount {
                guard let v = Self.integer(UnsafeBufferPointer(rebasing: line[fields[k + l]])) else {
                    throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "weight", value: Self.string(line, fields[k + l]))
                }
                w[l] = Float(Double(v) / scale)
            }
            return w
        }
        /// A field's range in `buffer` (the fields are ranges in `line`).
        func inBuffer(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + lineStart)..<(r.upperBound + lineStart) }
        let first = UnsafeBufferPointer(rebasing: line[fields[0]])
        let kind = Self.matches(first, "context") ? "context" : Self.matches(first, "local") ? "local" : Self.string(line, fields[0])
        switch kind {
        case "scale":
            scale = Double(Self.string(line, fields[1])) ?? 1
        case "calibration":
            calibration = fields.dropFirst().map { Double(Self.string(line, $0)) ?? 0 }
        case "transition":
            let from = Self.string(line, fields[1])
            let row = from == "START" ? TaggerLayout.labelCount : TaggerLayout.labelCodes.firstIndex(of: from)
            guard let row else {
                throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "label", value: from)
            }
            let w = try weights(from: 2)
            for l in 0..<TaggerLayout.labelCount { transitions[row * TaggerLayout.labelCount + l] = w[l] }
        case "end":
            let w = try weights(from: 1)
            end = (0..<TaggerLayout.labelCount).map { w[$0] }
        case "context":
            guard fields.count == 4 + TaggerLayout.labelCount, let template = Template(nameBytes: UnsafeBufferPointer(rebasing: line[fields[1]])),
                  let offset = Self.integer(UnsafeBufferPointer(rebasing: line[fields[3]])), abs(offset) <= 2 else {
                throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "context feature", value: Self.string(line, fields[0..<min(4, fields.count)].first!))
            }
            addContextRow(buffer, template, inBuffer(fields[2]), offset: offset, try weights(from: 4))
        case "local":
            guard fields.count == 3 + TaggerLayout.labelCount, let template = Template(nameBytes: UnsafeBufferPointer(rebasing: line[fields[1]])) else {
                throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "local feature", value: Self.string(line, fields[0]))
            }
            if template == .bigramNext || template == .bigramPrevious {
                guard line[fields[2]].contains(0x20) else {
                    throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "word pair", value: Self.string(line, fields[2]))
                }
            }
            addLocalRow(buffer, template, inBuffer(fields[2]), try weights(from: 3))
        default:
            throw DictionaryError.invalidValue(table: table, line: lineNumber, column: "row kind", value: kind)
        }
    }

    /// Adds the pads and precombines the vocabulary once every row is read.
    private mutating func finish(_ buffer: UnsafeBufferPointer<UInt8>, clusters: WordClusters) {
        // Pads for positions before the first and after the last token.
        for value in ["B", "E"] {
            let key = ByteHash.exact(Array(value.utf8), into: Template.pad.seed)
            if contextRows[key] == nil {
                contextRows.set(key, Int32(contextWeights.count / TaggerLayout.rowWidth))
                contextWeights.append(contentsOf: Self.zeroRow)
            }
        }
        // Precombine, per known word, every property its lowercase form decides (word, affixes,
        // clusters).
        vocabulary = HashTable<Int32>(minimumCapacity: lexicalRowCount)
        contextWeights.reserveCapacity(contextWeights.count + wordRows.count * TaggerLayout.rowWidth)
        let contextRows = self.contextRows
        for entry in wordRows {
            let stem = UnsafeBufferPointer(rebasing: buffer[entry.start..<(entry.start + entry.count)])
            let combined = Int32(contextWeights.count / TaggerLayout.rowWidth)
            contextWeights.append(contentsOf: Self.zeroRow)
            contextWeights.withUnsafeMutableBufferPointer { cw in
                let to = Int(combined) * TaggerLayout.rowWidth
                func add(_ key: UInt64) {
                    guard let r = contextRows[key] else { return }
                    let from = Int(r) * TaggerLayout.rowWidth
                    for x in 0..<TaggerLayout.rowWidth { cw[to + x] += cw[from + x] }
                }
                add(FeatureKeys.key(.word, hash: ByteHash.fold(stem)))
                if let (s3, s2, p3) = FeatureKeys.affixes(stem) {
                    if let s3 { add(FeatureKeys.key(.suffix3, bytes: s3)) }
                    add(FeatureKeys.key(.suffix2, bytes: s2))
                    if let p3 { add(FeatureKeys.key(.prefix3, bytes: p3)) }
                }
                if let c = clusters.fineCluster(hash: ByteHash.fold(stem)) {
                    let keys = clusters.keys[c]
                    add(keys[0])
                    add(keys[1])
                    add(keys[2])
                }
            }
            vocabulary.set(ByteHash.fold(stem), combined)
        }
    }

    /// Adds a `context` row (template, value at `value` in `buffer`, offset, weights).
    private mutating func addContextRow(_ buffer: UnsafeBufferPointer<UInt8>, _ template: Template, _ value: Range<Int>, offset: Int, _ w: SIMD8<Float>) {
        let key = FeatureKeys.fileKey(template, UnsafeBufferPointer(rebasing: buffer[value]))
        var row: Int32 = 0
        if let r = contextRows[key] { row = r } else {
            row = Int32(contextWeights.count / TaggerLayout.rowWidth)
            contextWeights.append(contentsOf: Self.zeroRow)
            contextRows.set(key, row)
            if template.isLexical {
                lexicalRowCount += 1
                if template == .word { wordRows.append((value.lowerBound, value.count, row)) }
            }
        }
        if template == .lexicon, let c = Self.classBytes(UnsafeBufferPointer(rebasing: buffer[value])) { lexiconClasses.append(c) }
        let at = Int(row) * TaggerLayout.rowWidth + (offset + 2) * TaggerLayout.labelCount
        contextWeights.withUnsafeMutableBufferPointer { cw in
            for l in 0..<TaggerLayout.labelCount { cw[at + l] = w[l] }
        }
    }

    /// Adds a `local` row (template, value at `value` in `buffer`, weights).
    private mutating func addLocalRow(_ buffer: UnsafeBufferPointer<UInt8>, _ template: Template, _ value: Range<Int>, _ w: SIMD8<Float>) {
        let valueBytes = UnsafeBufferPointer(rebasing: buffer[value])
        if template == .bigramNext || template == .bigramPrevious {
            // Both templates of one word pair share a slot (see `wordPairs`), whose key is
            // `FeatureKeys.wordPairKey` of the two words ("a b": folded hashes of each).
            guard let space = valueBytes.firstIndex(of: 0x20) else { return }
            let key = FeatureKeys.wordPairKey(ByteHash.fold(UnsafeBufferPointer(rebasing: valueBytes[..<space])),
                                              ByteHash.fold(UnsafeBufferPointer(rebasing: valueBytes[(space + 1)...])))
            let k: Int
            if let i = pairIndex[key] { k = Int(i) } else {
                k = pairKeys.count
                pairIndex.set(key, Int32(k))
                pairKeys.append(key)
                pairNext.append(SIMD8<Float>())
                pairPrevious.append(SIMD8<Float>())
            }
            if template == .bigramNext { pairNext[k] = w } else { pairPrevious[k] = w }
        } else {
            localEntries.append((FeatureKeys.fileKey(template, valueBytes), w))
            // "class|shape": a lexicon class has no `|` (a shape may: a punctuation mark's).
            if template == .lexiconShape, let bar = valueBytes.firstIndex(of: 0x7C),
               let c = Self.classBytes(UnsafeBufferPointer(rebasing: valueBytes[..<bar])), valueBytes.count - bar - 1 <= 8 {
                var shape = SmallBytes()
                for b in valueBytes[(bar + 1)...] { shape.append(b) }
                lexiconShapeValues.append((c, shape))
            }
            // "a|b", two coarse bytes (other values can match no token pair).
            if template == .previousShape, valueBytes.count == 3, valueBytes[1] == 0x7C {
                shapePairRows.append((valueBytes[0], valueBytes[2]))
            }
        }
    }

    /// The template named by the bytes at `name`.
    private mutating func template(_ buffer: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Template? {
        let base = buffer.baseAddress!
        if name.count == lastName.count, let t = lastTemplate,
           memcmp(base + name.lowerBound, base + lastName.lowerBound, name.count) == 0 {
            return t
        }
        lastName = name
        lastTemplate = Template(nameBytes: UnsafeBufferPointer(rebasing: buffer[name]))
        return lastTemplate
    }

    /// A `context` or `local` row read straight from its bytes, or false when the row is
    /// anything but plain (then the general reader below reads it, errors included).
    private mutating func fastRow(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let base = buffer.baseAddress!
        let isContext: Bool
        var i: Int
        if end - start > 8, Self.matches(UnsafeBufferPointer(rebasing: buffer[start..<(start + 8)]), "context\t") {
            isContext = true
            i = start + 8
        } else if end - start > 6, Self.matches(UnsafeBufferPointer(rebasing: buffer[start..<(start + 6)]), "local\t") {
            isContext = false
            i = start + 6
        } else {
            return false
        }
        guard base[end - 1] != 0x0D else { return false }
        let nameStart = i
        while i < end, base[i] != 0x09 { i += 1 }
        guard i < end, let template = template(buffer, nameStart..<i) else { return false }
        i += 1
        let valueStart = i
        while i < end, base[i] != 0x09 { i += 1 }
        guard i < end else { return false }
        let value = valueStart..<i
        i += 1
        var offset = 0
        if isContext {
            guard let o = Self.integer(base, &i, end), abs(o) <= 2, i < end else { return false }
            offset = o
            i += 1
        }
        var w = SIMD8<Float>()
        for l in 0..<TaggerLayout.labelCount {
            guard let v = Self.integer(base, &i, end) else { return false }
            w[l] = Float(Double(v) / scale)
            if l < TaggerLayout.labelCount - 1 {
                guard i < end else { return false }
                i += 1
            }
        }
        guard i == end else { return false }
        if isContext {
            addContextRow(buffer, template, value, offset: offset, w)
        } else {
            if template == .bigramNext || template == .bigramPrevious {
                guard buffer[value].contains(0x20) else { return false }
            }
            addLocalRow(buffer, template, value, w)
        }
        return true
    }

    /// The bytes of a lexicon class as `SmallBytes.storage`, or nil when no token's class can
    /// be them (none, more than eight, a byte 0).
    static func classBytes(_ b: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard b.count >= 1, b.count <= 8, !b.contains(0) else { return nil }
        var s = SmallBytes()
        for x in b { s.append(x) }
        return s.storage
    }

    // MARK: - Reading helpers

    package static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0
    }

    package static func split(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [Range<Int>]) {
        fields.removeAll(keepingCapacity: true)
        var s = 0
        for (k, b) in line.enumerated() where b == 0x09 {
            fields.append(s..<k)
            s = k + 1
        }
        var e = line.count
        if e > s, line[e - 1] == 0x0D { e -= 1 }
        fields.append(s..<e)
    }

    package static func string(_ line: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: line[r]), as: UTF8.self)
    }

    /// The integer (`-`, then digits; 18 bytes at most) from `i` to the next TAB or `end`,
    /// leaving `i` on that TAB (or `end`); nil for anything else.
    @inline(__always)
    package static func integer(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Int? {
        var k = i
        let negative = k < end && p[k] == 0x2D
        if negative { k += 1 }
        let digits = k
        var v = 0
        while k < end {
            let d = p[k] &- 0x30
            if d >= 10 { break }
            v = v &* 10 &+ Int(d)
            k += 1
        }
        guard k > digits, k - i <= 18, k == end || p[k] == 0x09 else { return nil }
        i = k
        return negative ? -v : v
    }

    /// The integer that is the whole of `b` (a field without tabs), or nil.
    package static func integer(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = b.baseAddress else { return nil }
        var i = 0
        guard let v = integer(base, &i, b.count), i == b.count else { return nil }
        return v
    }
}
