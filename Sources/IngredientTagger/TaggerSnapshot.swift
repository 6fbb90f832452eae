import IngredientText

/// The tagger's tables made ready ahead of time: the built model (`TaggerModel`) and the word
/// clusters it was read with, as bytes that start-up copies into place instead of reading the
/// model file's 46,000 rows and hashing every feature again.
///
/// The EmbedTagger build tool (`Sources/embed-tagger`) reads `Dictionaries/model/tagger.tsv`
/// and `clusters.tsv` with this module's own reader, writes the snapshot, and compiles it into
/// the parser as seven-bit text (`SevenBitText`); the parser reads it back at first use, decoding
/// the text straight into the tables (`read(text:)`). The model file stays the source of truth: the snapshot is
/// made anew from it at every build and never committed.
///
/// Layout (little-endian, as the machine that built it): the magic `IKTS`, a version, then each
/// table in a fixed order (see `bytes(modelText:clusters:)`), each array as its element count
/// (8 bytes) and its elements' bytes. Read on a machine of the other byte order, or truncated,
/// or of another version, a snapshot is refused with an error rather than misread.
package enum TaggerSnapshot {
    /// `IKTS` as the first four bytes.
    static let magic: UInt32 = 0x5354_4B49
    /// The layout's version; a reader refuses any other.
    static let version: UInt32 = 1

    /// A snapshot of the model that the text of a model file gives with `clusters`, and of
    /// the clusters.
    package static func bytes(modelText: String, clusters: WordClusters) throws -> [UInt8] {
        var reader = TaggerModelReader()
        var utf8 = modelText
        try utf8.withUTF8 { try reader.read($0, clusters: clusters) }
        return try bytes(model: TaggerModel(reader: reader), reader: reader, clusters: clusters)
    }

    private static func bytes(model: TaggerModel, reader: TaggerModelReader, clusters: WordClusters) throws -> [UInt8] {
        var w = SnapshotWriter()
        w.scalar(magic)
        w.scalar(version)
        w.array(model.transitions)
        w.array(model.end)
        w.table(model.contextRows)
        w.array(model.shapeRows)
        w.table(model.vocabularyRows)
        try w.contextWeights(model.contextVectors, reader: reader)
        w.vectorTable(model.local)
        w.vectorTable(model.wordPairs)
        w.array(model.coarseClasses)
        w.scalar(Int64(model.coarseClassCount))
        w.array(model.segmentParenWeights)
        w.array(model.positionWeights)
        w.array(model.shapePairWeights)
        w.array(model.flagWeights)
        w.array(model.calibration)
        w.scalar(model.padBegin)
        w.scalar(model.padEnd)
        let parts = clusters.snapshotParts
        w.table(parts.fineOfWord)
        w.array(parts.keys)
        w.array(parts.ids)
        w.array(Array(parts.sizes.joined(separator: "\t").utf8))
        return w.bytes
    }

    /// The model and the word clusters of a snapshot's bytes.
    package static func read(_ bytes: UnsafeRawBufferPointer) throws -> (model: TaggerModel, clusters: WordClusters) {
        try read(text: SevenBitText.text(of: Array(bytes)))
    }

    /// The model and the word clusters of a snapshot in seven-bit text (`SevenBitText`),
    /// decoded straight into the tables (no copy of the whole snapshot's bytes on the way).
    package static func read(text: String) throws -> (model: TaggerModel, clusters: WordClusters) {
        var text = text
        return try text.withUTF8 { utf8 in
            var r = SnapshotReader(utf8, name: "model/tagger.tsv (snapshot)")
            return try read(&r)
        }
    }

    private static func read(_ r: inout SnapshotReader) throws -> (model: TaggerModel, clusters: WordClusters) {
        guard try r.scalar(UInt32.self) == magic else { throw r.failure("not a tagger snapshot (byte order or magic)") }
        guard try r.scalar(UInt32.self) == version else { throw r.failure("a snapshot of another version") }
        let transitions: [Float] = try r.array(), end: [Float] = try r.array()
        guard transitions.count == (TaggerLayout.labelCount + 1) * TaggerLayout.labelCount,
              end.count == TaggerLayout.labelCount else { throw r.failure("transitions") }
        let contextRows: HashTable<Int32> = try r.table()
        let shapeRows: [Int32] = try r.array()
        let vocabularyRows: HashTable<Int32> = try r.table()
        let contextVectors = try r.contextWeights()
        let rows = Int32(contextVectors.count / TaggerLayout.rowWidth)
        for table in [contextRows, vocabularyRows] where table.occupiedSlots.values.contains(where: { $0 < 0 || $0 >= rows }) {
            throw r.failure("a context row out of range")
        }
        let local = try r.vectorTable(), wordPairs = try r.vectorTable()
        let coarseClasses: [UInt16] = try r.array()
        let coarseClassCount = Int(try r.scalar(Int64.self))
        let segmentParen: [SIMD8<Int32>] = try r.array(), position: [SIMD8<Int32>] = try r.array()
        let shapePairs: [SIMD8<Int32>] = try r.array(), flags: [SIMD8<Int32>] = try r.array()
        guard coarseClasses.count == 256, coarseClasses.allSatisfy({ Int($0) < coarseClassCount }),
              shapeRows.allSatisfy({ $0 < rows }),
              segmentParen.count == 4 * 3 * coarseClassCount, position.count == 6 * 6 * coarseClassCount,
              shapePairs.count == coarseClassCount * coarseClassCount, flags.count == 32 else {
            throw r.failure("dense tables")
        }
        let calibration: [Double] = try r.array()
        let padBegin = try r.scalar(Int32.self), padEnd = try r.scalar(Int32.self)
        guard padBegin >= 0, padBegin < rows, padEnd >= 0, padEnd < rows else { throw r.failure("pads") }
        let fineOfWord: HashTable<UInt16> = try r.table()
        let keys: [UInt64] = try r.array(), ids: [Int32] = try r.array()
        let sizes = String(decoding: try r.array() as [UInt8], as: UTF8.self).split(separator: "\t").map(String.init)
        guard r.isAtEnd else { throw r.failure("bytes after the last table") }
        guard let clusters = WordClusters(fineOfWord: fineOfWord, keys: keys, ids: ids, sizes: sizes) else {
            throw r.failure("word clusters")
        }
        let model = TaggerModel(
            transitions: transitions, end: end, contextRows: contextRows, shapeRows: shapeRows,
            vocabularyRows: vocabularyRows, contextVectors: contextVectors, local: local, wordPairs: wordPairs,
            coarseClasses: coarseClasses, coarseClassCount: coarseClassCount, segmentParenWeights: segmentParen,
            positionWeights: position, shapePairWeights: shapePairs, flagWeights: flags,
            calibration: calibration, padBegin: padBegin, padEnd: padEnd)
        return (model, clusters)
    }

    /// The context weights made again from their compact parts (see `SnapshotWriter.contextWeights`).
    static func contextWeights(scale: Double, rows: Int, masks: [UInt8], integers: [Int32], floats: [Float],
                               starts: [Int32], sources: [Int32]) -> [Float]? {
        let width = TaggerLayout.rowWidth, lanes = TaggerLayout.labelCount
        let features = masks.count
        guard features <= rows, starts.count == rows - features + 1, starts.first == 0,
              starts.last.map(Int.init) == sources.count,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }),
              sources.allSatisfy({ $0 >= 0 && Int($0) < features }) else { return nil }
        var weights = [Float](repeating: 0, count: rows * width)
        var nextInteger = 0, nextFloat = 0
        let complete = weights.withUnsafeMutableBufferPointer { w -> Bool in
            integers.withUnsafeBufferPointer { integers in
                floats.withUnsafeBufferPointer { floats in
                    for row in 0..<features {
                        let mask = masks[row], at = row * width
                        if mask == 0x80 {
                            guard floats.count - nextFloat >= width else { return false }
                            for x in 0..<width { w[at + x] = floats[nextFloat + x] }
                            nextFloat += width
                            continue
                        }
                        guard mask < 1 << TaggerLayout.offsets,
                              integers.count - nextInteger >= mask.nonzeroBitCount * lanes else { return false }
                        for o in 0..<TaggerLayout.offsets where mask & (1 << o) != 0 {
                            for l in 0..<lanes { w[at + o * lanes + l] = Float(Double(integers[nextInteger + l]) / scale) }
                            nextInteger += lanes
                        }
                    }
                    return true
                }
            }
        }
        // The known words' rows: their sources summed in the order the model's reader summed
        // them, from zero, so to the same floats (eight lanes at a time: the same additions).
        weights.withUnsafeMutableBytes { w in
            sources.withUnsafeBufferPointer { sources in
                let size = MemoryLayout<SIMD8<Float>>.size
                for k in 0..<(rows - features) {
                    let to = (features + k) * width * 4
                    for v in 0..<TaggerLayout.offsets {
                        var sum = SIMD8<Float>()
                        for s in Int(starts[k])..<Int(starts[k + 1]) {
                            sum += w.loadUnaligned(fromByteOffset: Int(sources[s]) * width * 4 + v * size, as: SIMD8<Float>.self)
                        }
                        w.storeBytes(of: sum, toByteOffset: to + v * size, as: SIMD8<Float>.self)
                    }
                }
            }
        }
        guard complete, nextInteger == integers.count, nextFloat == floats.count else { return nil }
        return weights
    }
}

extension SnapshotWriter {
    /// The context weights, compactly: the rows read from the file as the file's integers
    /// (`scale` steps), only the offsets that have any weight (a mask byte a row); the known
    /// words' rows as the rows they sum, summed again by the reader in the same order, so
    /// to the same floats. A row whose floats are not the file's integers (none, as the
    /// reader makes them) is kept as floats. Checked here: what the reader will make is the
    /// model's table, bit for bit.
    mutating func contextWeights(_ weights: [Float], reader: TaggerModelReader) throws {
        let width = TaggerLayout.rowWidth, lanes = TaggerLayout.labelCount
        let rows = weights.count / width, features = reader.featureRowCount
        var masks: [UInt8] = [], integers: [Int32] = [], floats: [Float] = []
        for row in 0..<features {
            var mask: UInt8 = 0, rowIntegers: [Int32] = []
            var exact = true
            for o in 0..<TaggerLayout.offsets {
                let lane = weights[(row * width + o * lanes)..<(row * width + (o + 1) * lanes)]
                guard lane.contains(where: { $0 != 0 || $0.sign == .minus }) else { continue }
                mask |= 1 << o
                for f in lane {
                    let v = (Double(f) * reader.scale).rounded()
                    guard abs(v) < Double(Int32.max), Float(Double(Int32(v)) / reader.scale).bitPattern == f.bitPattern else {
                        exact = false
                        break
                    }
                    rowIntegers.append(Int32(v))
                }
            }
            if exact {
                masks.append(mask)
                integers += rowIntegers
            } else {
                masks.append(0x80)
                floats += weights[(row * width)..<((row + 1) * width)]
            }
        }
        scalar(reader.scale)
        scalar(Int64(rows))
        array(masks)
        array(integers)
        array(floats)
        array(reader.vocabularySourceStarts)
        array(reader.vocabularySources)
        let again = TaggerSnapshot.contextWeights(scale: reader.scale, rows: rows, masks: masks, integers: integers,
                                                  floats: floats, starts: reader.vocabularySourceStarts,
                                                  sources: reader.vocabularySources)
        guard let again, again.elementsEqual(weights, by: { $0.bitPattern == $1.bitPattern }) else {
            throw DictionaryError.invalidValue(table: "model/tagger.tsv (snapshot)", line: 0, column: "context weights",
                                               value: "not made again bit for bit")
        }
    }

    mutating func vectorTable(_ table: VectorTable) {
        array(table.probes)
        array(table.storedWeights)
        scalar(Int64(table.stride))
        scalar(Int64(table.capacity))
        scalar(Int64(table.count))
        scalar(table.scale)
    }
}

extension SnapshotReader {
    /// The context weights `SnapshotWriter.contextWeights` wrote.
    mutating func contextWeights() throws -> [Float] {
        let scale = try scalar(Double.self), rows = try scalar(Int64.self)
        let masks: [UInt8] = try array(), integers: [Int32] = try array(), floats: [Float] = try array()
        let starts: [Int32] = try array(), sources: [Int32] = try array()
        guard scale > 0, rows >= 0, rows <= 1 << 32 else { throw failure("context weights") }
        guard let weights = TaggerSnapshot.contextWeights(scale: scale, rows: Int(rows), masks: masks, integers: integers,
                                                          floats: floats, starts: starts, sources: sources) else {
            throw failure("context weights")
        }
        return weights
    }

    mutating func vectorTable() throws -> VectorTable {
        let probes: [UInt64] = try array(), weights: [UInt8] = try array()
        let stride = try scalar(Int64.self), capacity = try scalar(Int64.self), count = try scalar(Int64.self)
        let scale = try scalar(Float.self)
        guard let table = VectorTable(probes: probes, weights: weights, stride: Int(stride), capacity: Int(capacity),
                                      count: Int(count), scale: scale) else { throw failure("weight table") }
        return table
    }
}
