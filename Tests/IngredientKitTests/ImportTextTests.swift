import Testing
@testable import IngredientText
@testable import IngredientLexicon
@testable import IngredientImport
@testable import IngredientEvaluation

/// The text layer under the import readers: decoding, line ends, lenient JSON, HTML text.
@Suite("Import text handling")
struct ImportTextTests {
    @Test func utf8WithAndWithoutBOM() {
        #expect(TextDecoding.decode(Array("\u{FEFF}1 cup flour".utf8)).text == "1 cup flour")
        let plain = TextDecoding.decode(Array("½ cup sugar".utf8))
        #expect(plain.text == "½ cup sugar")
        #expect(plain.warning == nil)
    }

    @Test func utf16WithBOM() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "Crème".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(TextDecoding.decode(bytes).text == "Crème")
    }

    @Test func windows1252FallbackIsReported() {
        let decoded = TextDecoding.decode([0x43, 0x61, 0x66, 0xE9, 0x20, 0xBD, 0x20, 0x92, 0x96])
        #expect(decoded.text == "Café ½ ’–")
        #expect(decoded.warning == "not UTF-8: decoded as Windows-1252 (Latin-1)")
    }

    @Test func mostlyUTF8WithAStrayByteIsRepairedNotReinterpreted() {
        let bytes = Array("Crème brûlée, jalapeño, ½ cup ".utf8) + [0xFF] + Array(" ok".utf8)
        let decoded = TextDecoding.decode(bytes)
        #expect(decoded.text.hasPrefix("Crème brûlée, jalapeño, ½ cup "))
        #expect(decoded.warning == "1 ill-formed UTF-8 sequence replaced with U+FFFD")
    }

    @Test func linesSplitAtLFCRAndCRLF() {
        #expect(TextDecoding.lines("a\nb\r\nc\rd\n").map(String.init) == ["a", "b", "c", "d"])
        #expect(TextDecoding.lines("a\n\nb").map(String.init) == ["a", "", "b"])
    }

    @Test func mojibakeIsRepaired() {
        #expect(TextDecoding.repairingMojibake("the cookâ€™s 1 Â½ cups cafÃ©,Â\u{A0}sifted") == "the cook’s 1 ½ cups café,\u{A0}sifted")
        #expect(TextDecoding.repairingMojibake("pâte à choux, Ãlvaro") == "pâte à choux, Ãlvaro")
    }

    @Test func entitiesAndTags() {
        #expect(TextCleaning.line("2 &frac12; cups <a href=\"/x\">flour</a>,&nbsp;sifted &amp;amp; more") == "2 ½ cups flour, sifted & more")
        #expect(CharacterReferences.decoding("&#189; &#x2153; &#150; &unknown; &amp") == "½ ⅓ – &unknown; &")
        // A name browsers read without ";" is read so before other letters too.
        #expect(CharacterReferences.decoding("40g/1&frac12oz; butter") == "40g/1½oz; butter")
        #expect(CharacterReferences.decoding("M&Ms &fracXY;") == "M&Ms &fracXY;")
        #expect(TextCleaning.lines("1 egg<br>2 cups milk<br/>\n<p>salt</p>") == ["1 egg", "2 cups milk", "salt"])
    }

    @Test func validJSONNeedsNoRepair() throws {
        let parsed = try LenientJSON.parse(#"{"a": [1, 2.5, "x\"y\u00e9"], "b": {"c": null, "d": true}}"#)
        #expect(parsed.repairs.isEmpty)
        #expect(parsed.value["a"] == .array([.number(1), .number(2.5), .string("x\"yé")]))
        #expect(parsed.value["b"]?["d"] == .bool(true))
    }

    @Test func fastPathsReadWhatTheGeneralOnesRead() throws {
        // Plain decimals are read by a fast path: each must be the double `Double(String)` gives.
        var state: UInt64 = 12_345
        func next(_ n: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % n
        }
        var numbers = ["0", "-0", "0.0", "-0.0", "00", "007", "0.992", "0.1", "0.3", "2.675", "1.005", "-12.5", "123456789012345",
                       "999999999999999", "0.000000000000001", "4.35", "1e5", "1.", ".5", "+1", "1.2.3", "-", "1234567890123456", "9007199254740993"]
        for _ in 0..<2000 {
            let whole = String(next(100_000)), fraction = String(next(10_000_000))
            numbers.append((next(2) == 0 ? "-" : "") + whole + (next(3) == 0 ? "" : "." + fraction))
        }
        for text in numbers {
            let parsed = try LenientJSON.parse("[" + text + "]")
            let expected: JSONValue = Double(text).map { .number($0) } ?? .string(text)
            #expect(parsed.value == .array([expected]), "\(text)")
            if case .array(let items) = parsed.value, case .number(let v)? = items.first, case .number(let w) = expected {
                #expect(v.bitPattern == w.bitPattern, "\(text)")
            }
        }
        // Words are read whole: `nullx` is no `null`, `True` is Python's.
        #expect(try LenientJSON.parse("[null, true, false, True, None]").value
                == .array([.null, .bool(true), .bool(false), .bool(true), .null]))
        #expect(throws: JSONError.self) { try LenientJSON.parse("[nullx]") }
        #expect(throws: JSONError.self) { try LenientJSON.parse("[true-ish]") }
        // Strings scanned eight bytes at a time: a quote, a backslash or a control character
        // at every place of a block, and whitespace, comments and a BOM before a token.
        for k in 0..<17 {
            let pad = String(repeating: "a", count: k)
            #expect(try LenientJSON.parse(#"[""# + pad + #"\"b"]"#).value == .array([.string(pad + "\"b")]))
            #expect(try LenientJSON.parse(#"[""# + pad + #"\\b"]"#).value == .array([.string(pad + "\\b")]))
            #expect(try LenientJSON.parse(#"[""# + pad + #""]"#).value == .array([.string(pad)]))
            let raw = try LenientJSON.parse("[\"" + pad + "\u{1}c\"]")
            #expect(raw.value == .array([.string(pad + "\u{1}c")]) && raw.repairs == ["raw control characters in strings"])
        }
        let spaced = try LenientJSON.parse("\u{FEFF} [ 1 ,\u{A0}2, /* c */ 3 // d\n ]")
        #expect(spaced.value == .array([.number(1), .number(2), .number(3)]))
        #expect(spaced.repairs == ["no-break spaces between tokens", "comments"])
    }

    @Test func keepingSomeFieldsReadsTheSameDocument() throws {
        // What `parse(_:keeping:)` makes is the full value with the parts the rule leaves out
        // taken away; the repairs and the errors are the same.
        func projected(_ value: JSONValue, _ keep: LenientJSON.Keep) -> JSONValue {
            switch (keep, value) {
            case (.members(let rules), .object(let members)):
                return .object(members.compactMap { m in
                    rules.first { $0.key == m.key }.map { (m.key, projected(m.value, $0.keep)) }
                })
            case (.elements(let rule), .array(let items)): return .array(items.map { projected($0, rule) })
            default: return value
            }
        }
        // Member names are told apart on their bytes where that gives `String`'s answer; names
        // equal only as `String`s compare them (the Kelvin sign is "K"; a decomposed "é") and
        // names with escapes are compared as `String`s.
        let keep = LenientJSON.Keep.members([("id", .all), ("lines", .elements(.members([("text", .all)]))), ("meta", .members([])),
                                             ("K", .all), ("caf\u{E9}", .all)])
        let texts = [
            #"{"\u2126": 1, "\u212A": 2, "K": 3, "cafe\u0301": 4, "café": 5, "te\u0078t": 6, "lines": [{"te\u0078t": "esc", "tex": 0, "texts": 1}]}"#,
            "{\"\u{212A}\": \"kelvin\", \"cafe\u{301}\": \"decomposed\", \"lines\": [{\"t\u{E9}xt\": 1, \"text\": \"ascii\"}]}",
            #"{"id": 7, "lines": [{"text": "1 egg", "qty": 1, "unit": null}, {"qty": 2.5}, "loose", {"text": "a\u00e9\"b"}], "meta": {"x": [1, {"y": true}]}, "skip": "me"}"#,
            #"{"lines": [{"text": "x", "text": "y"}], "id": "a", "id": "b"}"#,
            "{'id': 'single', lines: [{text: \"1 cup\nflour\", junk: NaN,},], // c\n \"meta\": 'm'",
            #"{"id": 1} {"id": 2}"#,
            #"[{"id": 1}]"#,
            #""just a string""#,
            #"{"id": "x", "lines": [{"text": "ok"}, {"text": bad}]}"#,
            "{\"lines\": [{\"text\": \"raw\u{1}ctl\", \"n\": 01}]}",
            #"{"id": "truncated", "lines": [{"text": "a"#,
        ]
        for text in texts {
            let full = Result { try LenientJSON.parse(text) }
            let kept = Result { try LenientJSON.parse(text, keeping: keep) }
            switch (full, kept) {
            case let (.success(f), .success(k)):
                #expect(k.value == projected(f.value, keep), "\(text)")
                #expect(k.repairs == f.repairs, "\(text)")
            case let (.failure(f), .failure(k)):
                #expect("\(f)" == "\(k)", "\(text)")
            default:
                Issue.record("one read failed and the other did not: \(text)")
            }
        }
    }

    @Test func brokenJSONIsReadAndEveryRepairNamed() throws {
        let text = "<!--\n{'name': \"A \"big\" cake\", recipeIngredient: [\"1 cup\nflour\", \"2 eggs\",], // note\n \"x\": NaN, \"y\": \"\\q\"\n"
        let parsed = try LenientJSON.parse(text)
        #expect(parsed.value["name"] == .string(#"A "big" cake"#))
        #expect(parsed.value["recipeIngredient"] == .array([.string("1 cup\nflour"), .string("2 eggs")]))
        #expect(parsed.value["x"] == .null)
        #expect(parsed.value["y"] == .string("q"))
        for repair in ["single-quoted strings", "unescaped quotes in strings", "unquoted member names", "raw control characters in strings",
                       "trailing commas", "comments", "JavaScript values (NaN)", "invalid escapes", "truncated"] {
            #expect(parsed.repairs.contains(repair), "missing repair \(repair)")
        }
    }

    @Test func hopelessJSONIsAnErrorNotACrash() {
        #expect(throws: JSONError.self) { try LenientJSON.parse("recipe: yes please") }
        #expect(throws: JSONError.self) { try LenientJSON.parse("") }
        // An import reports it as invalidJSON, with the same message.
        do {
            _ = try LenientJSON.parse("")
        } catch {
            #expect(ImportError(error) == .invalidJSON(detail: "no JSON value (empty or only comments)"))
            #expect(ImportError(error).description == error.description)
        }
    }

    @Test func htmlTextOfElements() {
        let doc = HTMLDocument("""
            <div class="a"><span>flour</span><span>85 g</span> <b>sifted</b><script>var x = "<li>";</script></div>
            <ul><li>one<li>two</ul><p hidden>secret</p><p>1<sup>1</sup>/<sub>2</sub> cups</p>
            """)
        let div = doc.nodes.indices.first { doc.nodes[$0].tag == "div" }!
        #expect(doc.text(of: div) == "flour 85 g sifted")
        let items = doc.nodes.indices.filter { doc.nodes[$0].tag == "li" }.map { doc.text(of: $0) }
        #expect(items == ["one", "two"])
        let paragraphs = doc.nodes.indices.filter { doc.nodes[$0].tag == "p" }.map { doc.text(of: $0) }
        #expect(paragraphs == ["", "1 1/2 cups"])
        #expect(doc.scripts.count == 1)
    }

    @Test func headingsInSeveralLanguages() {
        #expect(RecipeHeadings.kind(of: "Ingredients:") == .ingredients)
        #expect(RecipeHeadings.kind(of: "## INGREDIENTS ##") == .ingredients)
        #expect(RecipeHeadings.kind(of: "Zutaten für 4 Personen") == .ingredients)
        #expect(RecipeHeadings.kind(of: "Ingrédients (pour 6)") == .ingredients)
        #expect(RecipeHeadings.kind(of: "Directions") == .instructions)
        #expect(RecipeHeadings.kind(of: "Zubereitung") == .instructions)
        #expect(RecipeHeadings.kind(of: "Notes") == .other)
        #expect(RecipeHeadings.kind(of: "2 cups flour") == nil)
    }

    @Test func base64RoundTrip() {
        var random = SplitMix64(seed: 3)
        for length in [0, 1, 2, 3, 4, 5, 100, 1001] {
            let bytes = (0..<length).map { _ in UInt8(random.next() & 0xFF) }
            var encoded: [UInt8] = []
            Base64.encode(bytes, into: &encoded)
            #expect(Base64.decode(String(decoding: encoded, as: UTF8.self)) == bytes)
        }
        #expect(Base64.decode("not base64!") == nil)
    }

    @Test func formatDetectionByNameAndContent() {
        func detect(_ name: String, _ text: String) -> FormatDetection.Kind {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { FormatDetection.detect(name: name, head: UnsafeBufferPointer($0)) }
        }
        #expect(detect("a.html", "x") == .recipe(.html))
        #expect(detect("a.txt", "<!DOCTYPE html><html>") == .recipe(.html))
        #expect(detect("a.txt", "MMMMM----- Recipe via Meal-Master (tm) v8.01\n") == .recipe(.mealmaster))
        #expect(detect("a.txt", "Title: Soup\nCategories: Soups\n") == .recipe(.mealmaster))
        #expect(detect("a", "{\"name\":\"x\"}\n{\"name\":\"y\"}\n") == .recipe(.jsonl))
        #expect(detect("a.json", "[{\"name\":\"x\"}]") == .recipe(.json))
        #expect(detect("a.txt", "[Serves 4]\nSoup\n") == .recipe(.text))
        #expect(detect("r.csv", "title,ingredients\n") == .recipe(.csv))
        #expect(detect("photo.jpg", "x") == .skip(reason: "images"))
        if case .unreadable = detect("corpus.tar.xz", "x") {} else { Issue.record("xz should be reported unsupported") }
    }
}
