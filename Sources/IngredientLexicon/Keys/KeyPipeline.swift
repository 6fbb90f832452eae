/// The key pipeline over UTF-8 bytes (see `KeySpec` for the steps). It works in one stack
/// work space: a byte arena and two word lists. Each word carries its table entry, looked up
/// once, so most steps cost no look-up at all; no String is built until the end, and a name
/// that lands on a table key returns that key's stored String.

typealias WordHasher = KeyTables.WordHasher

extension KeyTables {
    // MARK: - Entry points

    /// The canonical key of UTF-8 `input`.
    package func key(utf8 input: UnsafeBufferPointer<UInt8>, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        withWork(input, mode: .full, foldsDiacritics: foldsDiacritics, forceICU: forceICU) { work, forced in
            if let forced { return forced }
            return finish(&work)
        }
    }

    /// The canonical key of UTF-8 `input` as bytes handed to `body` (valid during the call;
    /// empty for the empty key): the bytes of `key(utf8:foldsDiacritics:)`, without making a
    /// String.
    package func withKey(utf8 input: UnsafeBufferPointer<UInt8>, foldsDiacritics: Bool,
                         _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withWork(input, mode: .full, foldsDiacritics: foldsDiacritics, forceICU: false) { work, forced in
            guard let forced else { return finish(&work, body) }
            if forced.utf8.withContiguousStorageIfAvailable(body) == nil {
                var copy = forced
                copy.withUTF8(body)
            }
        }
    }

    /// The canonical key of `text`.
    package func key(forText text: String, foldsDiacritics: Bool, forceICU: Bool = false) -> String {
        if let key = text.utf8.withContiguousStorageIfAvailable({ key(utf8: $0, foldsDiacritics: foldsDiacritics, forceICU: forceICU) }) {
            return key
        }
        var copy = text
        return copy.withUTF8 { key(utf8: $0, foldsDiacritics: foldsDiacritics, forceICU: forceICU) }
    }

    /// The words of `text` after the steps of `mode` (for building the tables). The table
    /// cells are mostly ASCII: the few that are not fold through ICU directly (the same folds
    /// as through the per-character table, which the tests check), so that building the tables
    /// at start-up does not build that table (`KeyFolding.CharacterFolds`).
    func normalizedWords(_ text: String, mode: KeyMode) -> [[UInt8]] {
        var copy = text
        return copy.withUTF8 { input in
            withWork(input, mode: mode, foldsDiacritics: true, forceICU: false, usesCharacterFolds: false) { work, _ in
                (0..<work.count).map { Array(work.bytes(work.words[$0])) }
            }
        }
    }

    /// Runs the steps of `mode` over `input` and hands the work space to `body`, with the
    /// forced key when a `key-overrides.tsv` row matched.
    ///
    /// A short name (up to `KeyWork.smallInput` bytes) that is ASCII, or whose characters
    /// all have a precomputed fold (`KeyFolding.CharacterFolds`), runs in a small work space
    /// whose every temporary allocation stays within 1 KB, which Swift keeps on the stack;
    /// any other name folds through ICU in a larger one.
    private func withWork<R>(
        _ input: UnsafeBufferPointer<UInt8>, mode: KeyMode, foldsDiacritics: Bool, forceICU: Bool,
        usesCharacterFolds: Bool = true, _ body: (inout KeyWork, String?) -> R
    ) -> R {
        if !forceICU, input.count <= KeyWork.smallInput {
            let result: R? = withArena(KeyWork.smallArena, mode: mode, body) { work in
                if KeyFolding.isASCII(input) {
                    tokenizeASCII(input, &work)
                    return true
                }
                guard usesCharacterFolds else { return false }
                let folds = foldsDiacritics ? KeyFolding.latinWithoutMarks : KeyFolding.latin
                guard let n = folds.fold(input, into: UnsafeMutableBufferPointer(start: work.arena, count: KeyWork.smallInput)) else {
                    return false
                }
                work.used = n
                tokenize(&work)
                return true
            }
            if let result { return result }
        }
        return withArena(KeyWork.largeArena, mode: mode, body) { work in
            let folded = UnsafeMutableBufferPointer(start: work.arena, count: KeyFolding.maximumFoldedBytes)
            work.used = KeyFolding.fold(input, into: folded, foldsDiacritics: foldsDiacritics, forceICU: forceICU,
                                        usesCharacterFolds: usesCharacterFolds)
            tokenize(&work)
            return true
        }!
    }

    /// Runs `prepare` (folding and words) in a work space of `arenaBytes`, then the steps of
    /// `mode`, then `body`; nil when `prepare` declines.
    @inline(__always)
    private func withArena<R>(
        _ arenaBytes: Int, mode: KeyMode, _ body: (inout KeyWork, String?) -> R, prepare: (inout KeyWork) -> Bool
    ) -> R? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: arenaBytes) { arena in
            withUnsafeTemporaryAllocation(of: KeyWord.self, capacity: KeyWork.maximumWords) { words in
                withUnsafeTemporaryAllocation(of: KeyWord.self, capacity: KeyWork.maximumWords) { spare in
                    var work = KeyWork(arena: arena.baseAddress!, arenaCount: arena.count, words: words.baseAddress!, spare: spare.baseAddress!)
                    guard prepare(&work) else { return nil }
                    if mode == .full, overrides.count > 0, let forced = overrideKey(work) {
                        return body(&work, forced)
                    }
                    if mode >= .phrase {
                        singularize(&work)
                        noteWords(&work)
                    }
                    if mode >= .variant {
                        if work.hasSymbols {
                            structure(&work)
                            noteWords(&work)
                        }
                        let c = work.connectors
                        if mode == .full, work.anyBits & KeyEntry.Bits.commentStart != 0 { cut(&work) }
                        if c & KeyWork.Connector.of != 0 { reorderParts(&work) }
                        if mode == .full {
                            if work.anyBits & KeyEntry.Bits.startsDrop != 0 || c != 0 { drop(&work) }
                            if c & KeyWork.Connector.or != 0 { chooseAlternative(&work) }
                        }
                        if c & KeyWork.Connector.and != 0 { sortCoordinates(&work) }
                    } else if work.hasSymbols {
                        removeSymbols(&work)
                    }
                    return body(&work, nil)
                }
            }
        }
    }
}

extension KeyTables {
    /// How many words from the first word of UTF-8 `name`, after folding and singulars, make up
    /// the longest name of the synonym tables (`synonyms.tsv`, a canonical name or a variant);
    /// 0 when none starts there. The parser asks this of a line opening with a number word:
    /// "Five spice powder" opens with a name ("five spice"), "Five eggs" does not.
    package func leadingNameWords(utf8 name: UnsafeBufferPointer<UInt8>) -> Int {
        withWork(name, mode: .phrase, foldsDiacritics: true, forceICU: false) { work, _ in
            work.count > 0 ? longestEntries(work, at: 0).synonym : 0
        }
    }
}
