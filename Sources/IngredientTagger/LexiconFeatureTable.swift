import IngredientText

/// The `lexicon` and `lexiconShape` features of the tagger by a token's lexicon class as it is
/// (its bytes, `SmallBytes.storage`) and its shape id, instead of by keys hashed from their
/// bytes: one look-up in a small table finds the class's `lexicon` context row and where its
/// `lexiconShape` weights are, which a dense index by shape id then gives. Only word tokens have
/// a lexicon class, so only word shapes (ids below `FeatureKeys.quantityShapes`) are indexed. Made from the model
/// file's rows of the two templates when the model is built, with the rows and weights those
/// rows' keys have in `TaggerModel.contextRows` and `TaggerModel.local`, so that it finds what
/// looking the keys up finds.
@usableFromInline package struct LexiconFeatureTable: Sendable {
    /// Per slot: a class's bytes, 0 when the slot is empty (a class has at least one byte, and
    /// no byte 0).
    @usableFromInline let keys: [UInt64]
    /// Per slot: the class's `lexicon` context row, -1 when the model has none.
    @usableFromInline let rows: [Int32]
    /// Per slot: where the class's shape ids start in `shapeIndex`, -1 when the model has no
    /// `lexiconShape` weights for it.
    @usableFromInline let shapeBases: [Int32]
    /// Per class with `lexiconShape` weights, per word shape id (`wordShapes` each): the index
    /// of the weights in `shapeWeights`; 0 for none.
    @usableFromInline let shapeIndex: [UInt16]
    /// The `lexiconShape` weights (at `TaggerModel.local`'s scale); the first is zero.
    @usableFromInline let shapeWeights: [SIMD8<Int32>]
    /// The shape ids indexed per class: those of word shapes.
    @inlinable package static var wordShapes: Int { FeatureKeys.quantityShapes }
    /// Slot of a class: the top bits of its bytes times a constant (the slots are a power of two).
    @usableFromInline let shift: UInt64

    /// A table with no classes.
    package init() {
        self.init(keys: [UInt64](repeating: 0, count: 16), rows: [Int32](repeating: -1, count: 16),
                  shapeBases: [Int32](repeating: -1, count: 16), shapeIndex: [], shapeWeights: [SIMD8<Int32>()])!
    }

    /// The table of its parts (as `parts` gives them; a snapshot keeps them), or nil when they
    /// cannot be one.
    package init?(keys: [UInt64], rows: [Int32], shapeBases: [Int32], shapeIndex: [UInt16], shapeWeights: [SIMD8<Int32>]) {
        let n = keys.count
        let shapes = Self.wordShapes
        // The largest index, in a loop the compiler makes vector operations of.
        let largest = shapeIndex.withUnsafeBufferPointer { p in
            var m: UInt16 = 0
            for x in p { m = Swift.max(m, x) }
            return m
        }
        guard n >= 2, n & (n - 1) == 0, rows.count == n, shapeBases.count == n, keys.contains(0),
              shapeIndex.count % shapes == 0, !shapeWeights.isEmpty, shapeWeights[0] == SIMD8<Int32>(),
              Int(largest) < shapeWeights.count,
              shapeBases.allSatisfy({ $0 == -1 || ($0 >= 0 && Int($0) % shapes == 0 && Int($0) + shapes <= shapeIndex.count) }),
              rows.allSatisfy({ $0 >= -1 }) else { return nil }
        self.keys = keys
        self.rows = rows
        self.shapeBases = shapeBases
        self.shapeIndex = shapeIndex
        self.shapeWeights = shapeWeights
        self.shift = UInt64(64 - n.trailingZeroBitCount)
    }

    /// The table of the classes `classes` (each a class's bytes; repeats are ignored) and the
    /// `lexiconShape` values `shapeValues` (a class's bytes and a shape's), with the `lexicon`
    /// rows the model's `contextRows` gives their keys and the weights its `local` table does.
    package init(classes: [UInt64], shapeValues: [(lexicon: UInt64, shape: SmallBytes)], contextRows: HashTable<Int32>, local: VectorTable) {
        var order: [UInt64] = []
        var seen = Set<UInt64>()
        for c in classes + shapeValues.map(\.lexicon) where c != 0 && !seen.contains(c) {
            seen.insert(c)
            order.append(c)
        }
        var n = 16
        while n < 4 * order.count { n <<= 1 }
        var keys = [UInt64](repeating: 0, count: n), rows = [Int32](repeating: -1, count: n)
        var shapeBases = [Int32](repeating: -1, count: n)
        var shapeIndex: [UInt16] = [], shapeWeights = [SIMD8<Int32>()]
        let shift = UInt64(64 - n.trailingZeroBitCount)
        let shapeTable = FeatureKeys.shapeTable
        for c in order {
            var i = Self.slot(c, shift: shift)
            while keys[i] != 0 { i = (i + 1) & (n - 1) }
            keys[i] = c
            let bytes = Self.bytes(c)
            rows[i] = contextRows[FeatureKeys.key(.lexicon, bytes)] ?? -1
            let values = shapeValues.filter { $0.lexicon == c }
            guard !values.isEmpty else { continue }
            let base = shapeIndex.count
            shapeIndex.append(contentsOf: repeatElement(0, count: Self.wordShapes))
            var any = false
            for v in values {
                let w = local.weights(FeatureKeys.key(.lexiconShape, bytes, v.shape))
                guard w != SIMD8<Int32>() else { continue }
                for id in 0..<Self.wordShapes where shapeTable[id].storage == v.shape.storage && shapeTable[id].count == v.shape.count {
                    if shapeIndex[base + id] == 0 {
                        precondition(shapeWeights.count <= Int(UInt16.max))
                        shapeIndex[base + id] = UInt16(shapeWeights.count)
                        shapeWeights.append(w)
                    }
                    any = true
                }
            }
            if any { shapeBases[i] = Int32(base) } else { shapeIndex.removeLast(Self.wordShapes) }
        }
        self.init(keys: keys, rows: rows, shapeBases: shapeBases, shapeIndex: shapeIndex, shapeWeights: shapeWeights)!
    }

    /// The class whose bytes are `storage` (no byte 0 among its first, none but 0 after).
    package static func bytes(_ storage: UInt64) -> SmallBytes {
        var s = SmallBytes()
        var x = storage
        while x != 0 {
            s.append(UInt8(truncatingIfNeeded: x))
            x >>= 8
        }
        return s
    }

    @inlinable @inline(__always)
    static func slot(_ storage: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (storage &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The `lexicon` row (-1 for none) of the class whose bytes are `storage` (nonzero), and where
    /// its shape ids start in `shapeIndex` (-1 for none).
    @inlinable @inline(__always)
    package func entry(_ storage: UInt64) -> (row: Int32, shapeBase: Int32) {
        keys.withUnsafeBufferPointer { k in
            let mask = k.count &- 1
            var i = Self.slot(storage, shift: shift)
            while true {
                let key = k[i]
                if key == storage { return (rows.withUnsafeBufferPointer { $0[i] }, shapeBases.withUnsafeBufferPointer { $0[i] }) }
                if key == 0 { return (-1, -1) }
                i = (i &+ 1) & mask
            }
        }
    }

    /// The `lexiconShape` weights of the word shape id `shapeID` (below `wordShapes`) for the
    /// class whose shape ids start at `base` (from `entry`, not -1).
    @inlinable @inline(__always)
    package func shapeWeights(base: Int32, shapeID: Int) -> SIMD8<Int32> {
        let k = shapeIndex.withUnsafeBufferPointer { Int($0[Int(base) &+ shapeID]) }
        return shapeWeights.withUnsafeBufferPointer { $0[k] }
    }
}
