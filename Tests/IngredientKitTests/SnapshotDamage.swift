import IngredientText
import Testing

/// What every snapshot reader must do with damaged bytes: refuse them with a `DictionaryError`,
/// never misread them.
enum SnapshotDamage {
    /// Expects `read` to throw a `DictionaryError` for `bytes` cut at every `step`-th byte, with a
    /// byte too many, with a wrong magic (the first four bytes) and with a wrong version (the
    /// next four).
    static func expectRefused(_ bytes: [UInt8], cutEvery step: Int, sourceLocation: SourceLocation = #_sourceLocation,
                              read: ([UInt8]) throws -> Void) {
        for cut in stride(from: 0, to: bytes.count, by: step) {
            #expect(throws: DictionaryError.self, "cut at \(cut)", sourceLocation: sourceLocation) { try read(Array(bytes[..<cut])) }
        }
        #expect(throws: DictionaryError.self, "a byte too many", sourceLocation: sourceLocation) { try read(bytes + [0]) }
        var wrongMagic = bytes
        wrongMagic[0] ^= 0xFF
        #expect(throws: DictionaryError.self, "wrong magic", sourceLocation: sourceLocation) { try read(wrongMagic) }
        var wrongVersion = bytes
        wrongVersion[4] &+= 1
        #expect(throws: DictionaryError.self, "wrong version", sourceLocation: sourceLocation) { try read(wrongVersion) }
    }
}
