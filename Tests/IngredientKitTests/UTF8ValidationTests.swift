import Testing
@testable import IngredientText

/// `UTF8Repair.isValid` (which skips ASCII eight bytes at a time, also around other bytes)
/// agrees with the standard library's UTF-8 validation.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test func agreesWithTheStandardLibrary() {
        // Deterministic pseudo-random byte strings: mostly ASCII with lead, continuation and
        // invalid bytes at every position, and well-formed characters of every length.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x31], Array("é".utf8), Array("½".utf8), Array("–".utf8), Array("😀".utf8), [0x80], [0xBF],
            [0xC0], [0xC1], [0xC2], [0xE0, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x8F],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF5], [0xFF],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let count = Int(next() % 40)
            for _ in 0..<count {
                let r = next() % 100
                bytes += r < 70 ? [UInt8(0x20 + next() % 0x5F)] : pieces[Int(next() % UInt64(pieces.count))]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { UTF8Repair.isValid($0) } == expected, "\(bytes)")
        }
    }
}
