import Testing
@testable import IngredientImport

/// `LineBytes` answers on bytes what the MealMaster reader asked of characters; these pin
/// that the answers stay the characters' answers, above all where a combining mark after a
/// space, colon or dash makes one character of the two.
@Suite("Line bytes")
struct LineBytesTests {
    static let lines: [String] = [
        "", " ", "   ", "\t \t", "abc", "  abc", "\t  abc", " \u{301}abc", "  \u{301}", "  é", "  e\u{301}",
        ":x", ":\u{301}x", "-x", "-\u{301}", " -x", "MMMMM----- Recipe via Meal-Master", "title: x",
        "Title:\u{301} x", "a:b", "\u{301}:b", "ab\u{301}:c", "café: x", "  1 c  flour", "-----",
    ]

    @Test func dropsLeadingSpacesAsCharactersDo() {
        for text in Self.lines {
            let line = Substring(text)
            #expect(LineBytes.droppingLeadingSpaces(line) == line.drop { $0 == " " }, "\(text.debugDescription)")
            #expect(LineBytes.droppingLeadingSpaces(line, tabs: true) == line.drop { $0 == " " || $0 == "\t" }, "\(text.debugDescription)")
        }
    }

    @Test func startsWithAsCharactersDo() {
        for text in Self.lines {
            let line = Substring(text)
            for byte: UInt8 in [0x20, 0x3A, 0x2D] {
                #expect(LineBytes.startsWith(line, byte) == line.hasPrefix(String(UnicodeScalar(byte))), "\(text.debugDescription) \(byte)")
            }
        }
    }

    @Test func findsAColonAsCharactersDo() {
        for text in Self.lines {
            let line = Substring(text)
            let bytes = LineBytes.firstIndex(of: 0x3A, in: line).map { line[..<$0] }
            let characters = line.firstIndex(of: ":").map { line[..<$0] }
            #expect(bytes == characters, "\(text.debugDescription)")
        }
    }

    @Test func findsATitleAsLowercasingDoes() {
        for text in ["Title: Soup", "TITLE:x", "title :", "Titles:", "title:", "titl", "", "Títle: x", "Title\u{301}: x", "tItLe:"] {
            #expect(MealMasterReader.startsWithTitle(Substring(text)) == text.lowercased().hasPrefix("title:"), "\(text.debugDescription)")
        }
    }

    @Test func findsANULAnywhere() {
        for length in 0..<20 {
            for at in [-1] + Array(0..<length) {
                var bytes = [UInt8](repeating: 0x41, count: length)
                if at >= 0 { bytes[at] = 0 }
                #expect(bytes.withUnsafeBufferPointer(LineBytes.containsNUL) == (at >= 0), "\(length) \(at)")
            }
        }
    }

    @Test func findsANeedleInAnyCase() {
        #expect(LineBytes.asciiContainsIgnoringCase("MMMMM----- Recipe via Meal-Master", "meal-master"))
        #expect(LineBytes.asciiContainsIgnoringCase("-----RECIPE VIA", "recipe via"))
        #expect(!LineBytes.asciiContainsIgnoringCase("MMMMM", "mealmaster"))
        #expect(!LineBytes.asciiContainsIgnoringCase("", "x"))
    }

    @Test func joinsAsJoinedDoes() {
        for parts in [[], ["a"], ["a", "b c"], ["", "x", ""], ["é", "e\u{301}"]] {
            #expect(LineBytes.joined(parts) == parts.joined(separator: " "))
        }
    }

    @Test func countsAndEndingsAsCharactersDo() {
        for text in ["", "a", "a\r\nb", "\r\n", "salt,", "salt,\u{301}", "oil or", "oil or\u{301}", "x --", "café (", "e\u{301}", "one and",
                     "to", " to", "sugar to"] {
            #expect(LineBytes.characterCount(text) == text.count, "\(text.debugDescription)")
            #expect(LineBytes.endsOpen(text) == LineBytes.openEndings.contains { text.hasSuffix($0) }, "\(text.debugDescription)")
        }
    }

    @Test func collapsedTextComesBackAsItIs() {
        for text in ["", "a b", " a", "a ", "a  b", "a\tb", "a\u{1}b", "x\u{7F}", "plain line, one space each.", "é"] {
            #expect(TextCleaning.collapsingSpaces(text) == TextCleaning.collapsingSpacesByScalars(text), "\(text.debugDescription)")
        }
    }
}

/// The MealMaster sniffer answers from the first lines where they lie as it does from the
/// file's 2,000-character head.
@Suite("MealMaster sniffing")
struct MealMasterSniffTests {
    @Test func firstLinesAnswerAsTheHeadDoes() {
        let filler = String(repeating: "x", count: 60)
        var texts: [String] = [
            "MMMMM----- Recipe via Meal-Master (tm) v8.05\n\n      Title: Soup\n",
            "\n\n  Title: Soup\r\nCategories: Soups\r\n",
            "Title: Soup\nServes: 4\n",
            "Title: Soup\n\u{301}Yield: 4\n",
            "Some words\nTitle: Soup\nYield: 4\n",
            String(repeating: "a line of prose\n", count: 20),
            "",
            "\u{301}\nMMMMM----- Recipe via Meal-Master\n",
        ]
        // Long preambles: the answer lies past the first 1,999 bytes, or a line ends right at it.
        for pad in 1990...2002 {
            let head = String(repeating: "\n", count: 3) + filler + "\n"
            let blank = String(repeating: " ", count: max(0, pad - head.utf8.count))
            texts.append(head + blank + "\r\nTitle: Soup\r\nYield: 4\r\n")
            texts.append(head + blank + "\nMMMMM----- Recipe via Meal-Master\n")
            texts.append(String(repeating: "\r\n", count: pad / 2) + "Title: Soup\nYield: 4\n")
        }
        for text in texts {
            let s = Substring(text)
            #expect(MealMasterReader.sniff(s) == MealMasterReader.sniffHead(s), "\(text.prefix(80).debugDescription)")
        }
    }
}

/// Lines are cut at LF, CR and CRLF wherever those fall in the blocks the scan skips.
@Suite("Line splitting")
struct LineSplittingTests {
    /// The lines of `text`, one byte at a time.
    static func reference(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var lines: [String] = []
        var start = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                lines.append(String(decoding: bytes[start..<i], as: UTF8.self))
                i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        if start != bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return lines
    }

    @Test func cutsAtEveryOffset() {
        let ends = ["\n", "\r", "\r\n", "\n\n", "\r\r\n"]
        for length in 0..<20 {
            for end in ends {
                for tail in ["", "x", "é tail", end] {
                    let text = String(repeating: "a", count: length) + end + String(repeating: "b", count: 19 - length) + end + tail
                    #expect(TextDecoding.lines(text).map(String.init) == Self.reference(text), "\(text.debugDescription)")
                }
            }
        }
    }
}
