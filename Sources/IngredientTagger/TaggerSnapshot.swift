import IngredientText

/// The tagger's tables made ready ahead of time: the built model (`TaggerModel`) and the word
/// clusters it was read with, as bytes that start-up copies into place instead of reading the
/// model file's 46,000 rows and hashing every feature again.
///
/// `tools/compile-snapshots` (`ingest dev snapshots`, also run by `tools/train-parser`) reads
/// `Dictionaries/model/tagger.tsv` and `clusters.tsv` with this module's own reader and writes
/// the snapshot to `Dictionaries/model/tagger.snapshot`, which the `CSnapshots` target compiles
/// into the library byte for byte (`#embed`). The parser reads it at first use, copying each
/// table into place (`read(_:)`): the tables are stored as the model holds them (the context
/// weights too), so nothing is parsed, hashed, summed or converted at load. The model files
/// stay the source of truth: a test (`TaggerSnapshotTests`) fails when the committed snapshot
/// is not the one they give.
///
/// Layout (little-endian, as the machine that built it): the magic `IKTS`, a version, then each
/// table in a fixed order (see `bytes(modelText:clusters:)`), each array as its element count
/// (8 bytes) and its elements' bytes. Read on a machine of the other byte order, or truncated,
/// or of another version, a snapshot is refused with an error rather than misread.
package enum TaggerSnapshot {
    /// `IKTS` as the first four bytes.
    static let magic: UInt32 = 0x5354_4B49
    /// The layout's version; a reader refuses any other.
    static let version: UInt32 = 3
    /// The snapshot's path under `Dictionaries/`.
    package static let fileName = "model/tagger.snapshot"

    /// A snapshot of the model that the text of a model file gives with `clusters`, and of
    /// the clusters.
    package static func bytes(modelText: String, clusters: WordClusters) throws -> [UInt8] {
        var reader = TaggerModelReader()
        var utf8 = modelText
        try utf8.withUTF8 { try reader.read($0, clusters: clusters) }
        return bytes(model: TaggerModel(reader: reader), clusters: clusters)
    }

    private static func bytes(model: TaggerModel, clusters: WordClusters) -> [UInt8] {
        var w = SnapshotWriter()
        w.scalar(magic)
        w.scalar(version)
        w.array(model.transitions)
        w.array(model.end)
        w.array(model.contextVectors)
        w.table(model.contextRows)
        w.array(model.shapeRows)
        w.table(model.vocabularyRows)
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
        let lexicon = model.lexiconFeatures
        w.array(lexicon.keys)
        w.array(lexicon.rows)
        w.array(lexicon.shapeBases)
        w.array(lexicon.shapeIndex)
        w.array(lexicon.shapeWeights)
        let parts = clusters.snapshotParts
        w.array(parts.keys)
        w.array(parts.ids)
        w.array(Array(parts.sizes.joined(separator: "\t").utf8))
        w.array(parts.fineOfWord.keys)
        w.array(parts.fineOfWord.clusters)
        return w.bytes
    }

    /// The model and the word clusters of a snapshot's bytes, copied into the tables.
    /// `isStatic`: the bytes live, unchanged, as long as the program (a snapshot compiled in),
    /// and the largest table, the context weights, is read where it lies instead of copied.
    package static func read(_ bytes: UnsafeRawBufferPointer, isStatic: Bool = false) throws -> (model: TaggerModel, clusters: WordClusters) {
        var r = SnapshotReader(bytes, name: fileName, isStatic: isStatic)
        return try read(&r)
    }

    private static func read(_ r: inout SnapshotReader) throws -> (model: TaggerModel, clusters: WordClusters) {
        guard try r.scalar(UInt32.self) == magic else { throw r.failure("not a tagger snapshot (byte order or magic)") }
        guard try r.scalar(UInt32.self) == version else { throw r.failure("a snapshot of another version") }
        let transitions: [Float] = try r.array(), end: [Float] = try r.array()
        guard transitions.count == (TaggerLayout.labelCount + 1) * TaggerLayout.labelCount,
              end.count == TaggerLayout.labelCount else { throw r.failure("transitions") }
        let contextVectors: PlainValues<Float> = try r.values()
        guard contextVectors.count % TaggerLayout.rowWidth == 0, contextVectors.count / TaggerLayout.rowWidth < Int(Int32.max) else {
            throw r.failure("context weights")
        }
        let rows = Int32(contextVectors.count / TaggerLayout.rowWidth)
        // Each row a table names is checked as the table is read (its values, not its slots).
        let isRow: (Int32) -> Int32? = { $0 >= 0 && $0 < rows ? $0 : nil }
        let contextRows: HashTable<Int32> = try r.table(decode: isRow)
        let shapeRows: [Int32] = try r.array()
        let vocabularyRows: HashTable<Int32> = try r.table(decode: isRow)
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
        let lexiconKeys: [UInt64] = try r.array(), lexiconRows: [Int32] = try r.array(), shapeBases: [Int32] = try r.array()
        let shapeIndex: [UInt16] = try r.array(), shapeWeights: [SIMD8<Int32>] = try r.array()
        guard lexiconRows.allSatisfy({ $0 < rows }),
              let lexiconFeatures = LexiconFeatureTable(keys: lexiconKeys, rows: lexiconRows, shapeBases: shapeBases,
                                                        shapeIndex: shapeIndex, shapeWeights: shapeWeights) else {
            throw r.failure("lexicon features")
        }
        let keys: [UInt64] = try r.array(), ids: [Int32] = try r.array()
        let sizes = String(decoding: try r.array() as [UInt8], as: UTF8.self).split(separator: "\t").map(String.init)
        let fineKeys: [UInt64] = try r.array(), fineClusters: [UInt16] = try r.array()
        let fineOfWord = (keys: fineKeys, clusters: fineClusters)
        guard r.isAtEnd else { throw r.failure("bytes after the last table") }
        guard let clusters = WordClusters(fineOfWord: fineOfWord, keys: keys, ids: ids, sizes: sizes) else {
            throw r.failure("word clusters")
        }
        let model = TaggerModel(
            transitions: transitions, end: end, contextRows: contextRows, shapeRows: shapeRows,
            vocabularyRows: vocabularyRows, contextVectors: contextVectors, local: local, wordPairs: wordPairs,
            coarseClasses: coarseClasses, coarseClassCount: coarseClassCount, segmentParenWeights: segmentParen,
            positionWeights: position, shapePairWeights: shapePairs, flagWeights: flags,
            lexiconFeatures: lexiconFeatures, calibration: calibration, padBegin: padBegin, padEnd: padEnd)
        return (model, clusters)
    }
}

extension SnapshotWriter {
    /// Appends a weight table: its shape and scale, its probe slots (with the copies at their
    /// end), its weights.
    mutating func vectorTable(_ table: VectorTable) {
        scalar(Int64(table.stride))
        scalar(Int64(table.capacity))
        scalar(Int64(table.count))
        scalar(table.scale)
        // Zero bytes that put the probe slots on an 8-byte boundary of the snapshot (which is
        // compiled in on a 16-byte one), so that they are read in place as 64-bit values.
        array([UInt8](repeating: 0, count: (8 - (bytes.count + 16) % 8) % 8))
        array(table.storedProbeSlots)
        array(table.storedWeights)
    }
}

extension SnapshotReader {
    /// The next weight table, its weights decoded straight into their place.
    mutating func vectorTable() throws -> VectorTable {
        let stride = try scalar(Int64.self), capacity = try scalar(Int64.self), count = try scalar(Int64.self)
        let scale = try scalar(Float.self)
        let _: [UInt8] = try array() // the zero bytes before the probe slots
        let probeSlots: PlainValues<UInt64> = try values()
        let weightCount = try arrayCount(of: UInt8.self)
        guard stride >= 0, capacity >= 0, count >= 0, count <= 1 << 32, capacity <= 1 << 32,
              let table = try VectorTable(probeSlots: probeSlots, weightCount: weightCount, stride: Int(stride), capacity: Int(capacity),
                                          count: Int(count), scale: scale, fill: { try read(into: $0) }) else {
            throw failure("weight table")
        }
        return table
    }
}
