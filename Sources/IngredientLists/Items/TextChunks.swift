/// UTF-8 text appended piece by piece into chunks of 1 MB, each reserved once, so that the
/// store never copies itself as it grows (a doubling array briefly holds its old and new
/// buffers, and half of the new one stays unused). Each piece lies in one chunk.
struct TextChunks: Sendable {
    /// A piece's offset within its chunk takes the low 20 bits of `TextRange.start`, the
    /// chunk's number the high 12 (4,096 chunks: 4 GB).
    static let offsetBits: UInt32 = 20
    static let chunkSize = 1 << 20

    private(set) var chunks: [[UInt8]] = []

    /// Appends `string`'s bytes and returns their range.
    mutating func append(_ string: String) -> SourceTable.TextRange {
        let count = string.utf8.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + count > Self.chunkSize && !chunks[chunks.count - 1].isEmpty {
            precondition(chunks.count < 1 << (32 - Self.offsetBits), "shopping list text over 4 GB")
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, count))
            chunks.append(chunk)
        }
        let c = chunks.count - 1
        let offset = chunks[c].count
        // From the string's contiguous bytes: appending its `utf8` view goes byte by byte.
        var string = string
        string.withUTF8 { chunks[c].append(contentsOf: $0) }
        return SourceTable.TextRange(start: UInt32(c) << Self.offsetBits | UInt32(offset), length: UInt32(count))
    }

    /// The text of `range` (not `.none`).
    func string(_ range: SourceTable.TextRange) -> String {
        let chunk = Int(range.start >> Self.offsetBits), offset = Int(range.start & (1 << Self.offsetBits - 1))
        return chunks[chunk].withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + Int(range.length)]), as: UTF8.self)
        }
    }

    /// Where the text ends now, to truncate back to.
    var mark: (chunks: Int, bytes: Int) { (chunks.count, chunks.last?.count ?? 0) }

    /// Forgets the text appended after `mark` was taken.
    mutating func truncate(to mark: (chunks: Int, bytes: Int)) {
        guard mark.chunks <= chunks.count else { return }
        chunks.removeSubrange(mark.chunks...)
        if mark.chunks > 0 { chunks[mark.chunks - 1].removeSubrange(mark.bytes...) }
    }
}
