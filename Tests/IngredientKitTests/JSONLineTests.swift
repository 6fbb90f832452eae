import Foundation
import Testing
@testable import IngredientText
@testable import IngredientParsing

/// The `ingest parse` output contract: one JSON object per line with fixed keys.
@Suite("JSONLine")
struct JSONLineTests {
    static let keys = ["input", "kind", "quantity", "quantityMax", "unit", "size", "name", "key", "preparation",
                       "comment", "purpose", "optional", "alternates", "section", "confidence"]

    func object(_ json: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func exactKeysInOrder() throws {
        let json = JSONLine.string(for: parser.parse("1 (14 oz) can tomatoes, drained"))
        #expect(!json.contains("\n"))
        let o = try object(json)
        #expect(Set(o.keys) == Set(Self.keys))
        #expect(o.count == 15)
        // The documented order.
        var positions: [String.Index] = []
        for key in Self.keys {
            let range = try #require(json.range(of: "\"\(key)\":"))
            positions.append(range.lowerBound)
        }
        #expect(positions == positions.sorted())
    }

    @Test func valuesOfAFullLine() throws {
        let o = try object(JSONLine.string(for: parser.parse("1 (14 oz) can tomatoes, drained")))
        #expect(o["input"] as? String == "1 (14 oz) can tomatoes, drained")
        #expect(o["kind"] as? String == "ingredient")
        #expect(o["quantity"] as? Double == 1)
        #expect(o["quantityMax"] as? Double == 1)
        #expect(o["unit"] as? String == "can")
        #expect(o["name"] as? String == "tomatoes")
        #expect(o["preparation"] as? String == "drained")
        #expect(o["optional"] as? Bool == false)
        #expect(o["section"] is NSNull)
        let alternates = try #require(o["alternates"] as? [[String: Any]])
        #expect(alternates.count == 1)
        #expect(Set(alternates[0].keys) == ["quantity", "quantityMax", "unit"])
        #expect(alternates[0]["quantity"] as? Double == 14)
        #expect(alternates[0]["unit"] as? String == "ounce")
        let confidence = try #require(o["confidence"] as? Double)
        #expect((0...1).contains(confidence))
    }

    @Test func nullsWhereAbsent() throws {
        let o = try object(JSONLine.string(for: parser.parse("salt and pepper to taste")))
        for key in ["quantity", "quantityMax", "unit", "size", "preparation", "purpose", "section"] {
            #expect(o[key] is NSNull, "\(key)")
        }
        #expect(o["optional"] as? Bool == true)
        #expect((o["alternates"] as? [Any])?.isEmpty == true)
    }

    @Test func headerAndEmpty() throws {
        let header = try object(JSONLine.string(for: parser.parse("For the sauce:")))
        #expect(header["kind"] as? String == "header")
        #expect(header["section"] as? String == "For the sauce")
        #expect(header["name"] is NSNull)
        #expect(header["confidence"] as? Double == 1)
        let empty = JSONLine.string(for: parser.parse(""))
        #expect(empty == #"{"input":"","kind":"empty","quantity":null,"quantityMax":null,"unit":null,"size":null,"name":null,"key":null,"preparation":null,"comment":null,"purpose":null,"optional":false,"alternates":[],"section":null,"confidence":1}"#)
    }

    @Test func escaping() throws {
        let line = "2 cups \"fancy\" flour \\ back\tslash\u{1}\u{1F}\u{7F}\r\n end"
        let json = JSONLine.string(for: parser.parse(line))
        #expect(!json.contains("\n"))
        #expect(!json.contains("\t"))
        #expect(!json.contains("\u{1}"))
        #expect(!json.contains("\u{7F}"))
        #expect(json.contains(#"\"fancy\""#))
        #expect(json.contains(#"\\ back\tslash\u0001\u001f\u007f\r\n end"#))
        let o = try object(json)
        #expect(o["input"] as? String == line)
    }

    /// Every ASCII byte, and a UTF-8 sequence, at every position of strings longer than the
    /// eight bytes the escaper checks at once, against a byte-by-byte reference.
    @Test func escapingAtEveryPosition() {
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for c in bytes {
                switch c {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0..<0x20, 0x7F: out += Array(String(format: "\\u%04x", Int(c)).utf8)
                default: out.append(c)
                }
            }
            return out + [0x22]
        }
        let specials: [[UInt8]] = (0...0x7F).map { [UInt8($0)] } + [Array("é".utf8), Array("🥛".utf8)]
        // Lengths around the short-text check (4–16 bytes) and the eight-byte steps.
        for length in [1, 3, 4, 5, 7, 8, 9, 12, 16, 17] {
            for position in 0..<length {
                for special in specials {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes.replaceSubrange(position...position, with: special)
                    let text = String(decoding: bytes, as: UTF8.self)
                    var out: [UInt8] = []
                    JSONBytes.appendString(text, to: &out)
                    #expect(out == reference(bytes), "\(bytes)")
                }
            }
        }
    }

    /// The tokenizer's report that lets a line's text be copied unescaped agrees with the
    /// byte-by-byte rule for every ASCII byte at every position (in words, numbers and
    /// space), and a line with a byte to escape writes the same object through the session's
    /// fast path as through Strings.
    @Test func plainLineCheckAtEveryPosition() throws {
        func needsEscape(_ c: UInt8) -> Bool { c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F }
        for filler in ["a", "1", " "].map({ UInt8(ascii: $0) }) {
            for length in [1, 2, 7, 9] {
                for position in 0..<length {
                    for c in UInt8(0)...0x7F {
                        var bytes = Array(repeating: filler, count: length)
                        bytes[position] = c
                        var tokens: [Token] = []
                        let plain = bytes.withUnsafeBufferPointer { Tokenizer.tokenize($0, into: &tokens) }
                        #expect(plain == !needsEscape(c), "\(bytes)")
                    }
                }
            }
        }
        let session = parser.makeSession()
        for line in ["2 cups \"fancy\" flour, sifted", "1 tsp salt\t(to taste)", "3 eggs, beaten \\ whisked", "1 cup sugar, divided"] {
            var fast: [UInt8] = []
            Array(line.utf8).withUnsafeBufferPointer { session.appendJSON(utf8: $0, to: &fast) }
            #expect(String(decoding: fast, as: UTF8.self) == JSONLine.string(for: parser.parse(line)) + "\n")
        }
    }

    /// The room reserved for an object bounds what is written, in the largest cases: every
    /// number at its longest, every text field null or escaped to six bytes a byte, many
    /// alternates, and lines of the session's fast path with long numbers and many amounts.
    @Test func roomBoundsTheLargestObjects() {
        let longest = -1.7976931348623157e+308
        var line = ParsedIngredient(input: "", kind: .ingredient)
        line.amount = Amount(quantity: longest, quantityMax: -123456789.123456, unit: "\u{1}\"")
        line.alternates = (0..<5).map { _ in Amount(quantity: longest, quantityMax: longest, unit: nil) }
        line.confidence = longest
        for withText in [false, true] {
            if withText {
                let control = String(repeating: "\u{1F}\"\\", count: 7)
                line.input = control
                (line.size, line.name, line.key, line.preparation) = (control, control, control, control)
                (line.comment, line.purpose, line.section) = (control, control, control)
            }
            var out: [UInt8] = []
            JSONLine.append(line, to: &out)
            #expect(out.count <= line.maximumJSONSize, "\(out.count) > \(line.maximumJSONSize)")
        }
        let lines = [
            "", "For the sauce:", "x",
            "-99999999999999999999999 to 1234567890123.5 cups (1e300 g / 7777777777.777 oz / 2.5 lb / 3 kg / 4 l) salt",
            "1,000,000,000,000,000,000,000,000 tablespoons / 2 teaspoons / 3 cups / 4 pints / 5 quarts / 6 gallons water",
            "\u{1}\"\\ 1/3 fluid ounces \"\"\"\" , \\\\ ( \u{7F} ) ; optional, to taste",
        ]
        let session = parser.makeSession()
        for text in lines {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in
                parser.analyze(validUTF8: b, workspace: session.workspace) { view, _ in
                    var out: [UInt8] = []
                    JSONLine.append(view, to: &out)
                    #expect(out.count <= view.maximumJSONSize, "\(text): \(out.count) > \(view.maximumJSONSize)")
                }
            }
        }
    }

    /// Strings of every length up to 40 bytes are copied whole (short copies are done with
    /// overlapping loads and stores).
    @Test func copiesOfEveryLength() {
        for length in 0...40 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            var out: [UInt8] = []
            JSONBytes.appendString(text, to: &out)
            #expect(out == [0x22] + Array(text.utf8) + [0x22], "length \(length)")
        }
    }

    @Test func nonASCIIPassesThrough() throws {
        let line = "100 g crème fraîche 🥛"
        let json = JSONLine.string(for: parser.parse(line))
        #expect(json.contains("crème fraîche 🥛"))
        #expect(try object(json)["input"] as? String == line)
    }

    @Test func numbersHaveAtMostSixDecimals() {
        let json = JSONLine.string(for: parser.parse("⅓ cup oil"))
        #expect(json.contains(#""quantity":0.333333,"quantityMax":0.333333,"#))
        let twoThirds = JSONLine.string(for: parser.parse("1⅔ cups water"))
        #expect(twoThirds.contains(#""quantity":1.666667,"#))
        let whole = JSONLine.string(for: parser.parse("2 cups flour"))
        #expect(whole.contains(#""quantity":2,"quantityMax":2,"#))
        let range = JSONLine.string(for: parser.parse("1½-2 cups water"))
        #expect(range.contains(#""quantity":1.5,"quantityMax":2,"#))
    }

    func number(_ v: Double) -> String {
        var out: [UInt8] = []
        JSONBytes.appendNumber(v, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func numberFormatting() {
        #expect(number(0) == "0")
        #expect(number(0.5) == "0.5")
        #expect(number(0.125) == "0.125")
        #expect(number(1.0 / 3) == "0.333333")
        #expect(number(2.0 / 3) == "0.666667")
        #expect(number(0.0000004) == "0")
        #expect(number(0.9999996) == "1")
        #expect(number(-1.5) == "-1.5")
        #expect(number(1000) == "1000")
        #expect(number(123456789) == "123456789")
        #expect(number(0.05) == "0.05")
        #expect(number(0.000001) == "0.000001")
        #expect(number(10.01) == "10.01")
        #expect(number(1.001) == "1.001")
        #expect(number(100.000012) == "100.000012")
        #expect(number(0.1) == "0.1" && number(0.010203) == "0.010203" && number(0.0102) == "0.0102")
        #expect(number(12.5) == "12.5" && number(1.999999) == "1.999999" && number(0.872) == "0.872")
        #expect(number(9) == "9" && number(10) == "10" && number(99) == "99" && number(100) == "100")
        #expect(number(123_456_789_012_345_678) == "123456789012345680")
        #expect(number(.nan) == "null")
        #expect(number(.infinity) == "null")
    }

    /// A confidence in thousandths is written from the integer (`ByteWriter.thousandths`): the
    /// same bytes as the number writer gives the rounded double, for all 1,001 of them.
    @Test func thousandthsAreWrittenAsNumbers() {
        for k in 0...1000 {
            var out: [UInt8] = []
            JSONBytes.append(upTo: 16, to: &out) { $0.thousandths(k) }
            #expect(String(decoding: out, as: UTF8.self) == number(Confidence.roundedToThousandths(Double(k) / 1000)))
            #expect(Confidence.thousandths(Double(k) / 1000) == k)
        }
        #expect(Confidence.absurdQuantityConfidence == Double(Confidence.absurdQuantityThousandths) / 1000)
    }

    /// The inline writer of quantities gives the number writer's bytes.
    @Test func quantitiesAreWrittenAsNumbers() {
        let values: [Double?] = [nil, 0, -0.0, 0.5, 1, 2, 9, 9.5, 9.999_999_9, 10, 12, -1, -0.5, 1e-7, 3.000_000_1,
                                 .nan, .infinity, -.infinity, 1e20]
        for v in values {
            var a: [UInt8] = [], b: [UInt8] = []
            JSONBytes.append(upTo: 64, to: &a) { $0.quantity(v) }
            JSONBytes.append(upTo: 64, to: &b) { $0.number(v) }
            #expect(a == b, "\(String(describing: v))")
        }
    }

    /// The short way of whole numbers, eighths and thirds below 1000 (`ByteWriter.simpleNumber`)
    /// gives the general rule's bytes (`anyNumber`), for every eighth and third and the doubles
    /// beside them, thirds computed several ways, and values near the edges of the short way.
    @Test func simpleNumbersAreWrittenAsAnyNumber() {
        var values: [Double] = [999.999_999_9, 1000, 0x1p-60, 1.0 / 3 + 1e-9, 1.0 / 3 + 2e-9, 1.0 / 3 - 1e-9, 2 + 1e-10,
                                5 - 1e-10, 0.333_333_5, 0.666_666_5]
        for k in 0..<8000 {
            let eighth = Double(k) / 8
            values += [eighth, eighth.nextUp, eighth.nextDown]
        }
        for k in 0..<3000 {
            let third = Double(k) / 3, whole = Double(k / 3)
            values += [third, third.nextUp, third.nextDown, whole + 1.0 / 3 * Double(k % 3), whole + Double(k % 3) / 3,
                       (whole * 3 + Double(k % 3)) * (1.0 / 3)]
        }
        for v in values {
            var a: [UInt8] = [], b: [UInt8] = []
            JSONBytes.append(upTo: 64, to: &a) { $0.number(v) }
            JSONBytes.append(upTo: 64, to: &b) { $0.anyNumber(v) }
            #expect(a == b, "\(v)")
        }
    }

    /// Regression: large whole numbers once picked up spurious decimals (9999999999999 was
    /// written as 9999999999999.000576); whole numbers are now written exactly.
    @Test func largeIntegersStayIntegers() {
        #expect(number(9_999_999_999_999) == "9999999999999")
    }

    @Test func appendAddsANewline() {
        var out: [UInt8] = []
        JSONLine.append(parser.parse("1 tsp salt"), to: &out)
        JSONLine.append(parser.parse(""), to: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.split(separator: "\n").count == 2)
    }

    @Test func appendString() {
        var out: [UInt8] = []
        JSONBytes.appendString("a\"b", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b""#)
    }
}
