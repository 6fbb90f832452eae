import Testing
@testable import IngredientImport

/// The ASCII fast path of `TextCleaning.collapsingSpaces` gives what the scalar path gives.
@Suite("Text cleaning")
struct TextCleaningTests {
    @Test func asciiPathMatchesTheScalarPath() {
        // Deterministic pseudo-random ASCII with every control byte, runs of spacing and ends.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let alphabet: [UInt8] = Array(0x00...0x7F) + Array(repeating: 0x20, count: 40) + Array(repeating: 0x61, count: 40)
        for _ in 0..<3_000 {
            let length = Int(next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(TextCleaning.collapsingASCIISpaces(text) == TextCleaning.collapsingSpacesByScalars(text))
        }
        #expect(TextCleaning.collapsingASCIISpaces("  2 cups\tflour \r\n") == "2 cups flour")
        #expect(TextCleaning.collapsingASCIISpaces("1 kg Äpfel") == nil)
        #expect(TextCleaning.collapsingSpaces("1 kg\u{00A0} Äpfel ") == "1 kg Äpfel")
    }
}
