// libFuzzer entry point for IngredientKit, compiled into the library's own module by
// tools/fuzz (not by SwiftPM, not in CI). The target is chosen by INGREDIENTKIT_FUZZ_TARGET:
// line, html, json or mealmaster. Any trap, or a broken invariant below, is a finding.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one fuzz run feeds its input to.
enum FuzzTarget: String {
    /// The line parser: one JSON object per line, and nothing else.
    case line
    /// The HTML reader (tree, JSON-LD, microdata, markup, headings), then the parser.
    case html
    /// The JSON recipe reader (lenient JSON, schema.org and app shapes), then the parser.
    case json
    /// The MealMaster reader, whole and through the stream chunker, then the parser.
    case mealmaster

    static let current: FuzzTarget = {
        guard let name = getenv("INGREDIENTKIT_FUZZ_TARGET").map({ String(cString: $0) }), let t = FuzzTarget(rawValue: name) else {
            fatalError("set INGREDIENTKIT_FUZZ_TARGET to line, html, json or mealmaster")
        }
        return t
    }()
}

let fuzzParser = IngredientParser()
let fuzzSession = fuzzParser.makeSession()

/// Reads `bytes` as `format`, parses every recipe's lines and writes the records, checking
/// that each record is one line of output.
func fuzzRead(_ bytes: [UInt8], format: RecipeFormat) {
    let outcomes = RecipeImporter.parsed(DocumentReader.readRecipes(bytes, name: "fuzz", format: format, depth: 0), fuzzParser)
    for o in outcomes {
        let record: ImportRecord
        switch o.result {
        case let .success(r): record = .recipe(r)
        case let .failure(e): record = .failure(source: "fuzz", error: e)
        }
        var out: [UInt8] = []
        RecipeJSON.append(record, to: &out)
        precondition(out.last == 0x0A && out.dropLast().firstIndex(of: 0x0A) == nil, "a record is not one line")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func ingredientKitFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    switch FuzzTarget.current {
    case .line:
        var lines = 0
        var out: [UInt8] = []
        var start = 0
        for k in 0...size where k == size || input[k] == 0x0A {
            if k == size, start == size, size > 0 { break } // no line after a final line end
            fuzzSession.appendJSON(utf8: UnsafeBufferPointer(rebasing: input[start..<k]), to: &out)
            lines += 1
            start = k + 1
        }
        precondition(out.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } == lines, "not one JSON line per input line")
    case .html:
        fuzzRead(Array(input), format: .html)
    case .json:
        fuzzRead(Array(input), format: .json)
    case .mealmaster:
        fuzzRead(Array(input), format: .mealmaster)
        // The chunker with a tiny target, fed in two pieces: no byte lost.
        var chunker = StreamChunker(format: .mealmaster, target: 64)
        let cut = size / 2
        var joined: [UInt8] = []
        for chunk in chunker.feed(Array(input[0..<cut])) + chunker.feed(Array(input[cut...])) {
            joined += chunk
            fuzzRead(chunk, format: .mealmaster)
        }
        if let rest = chunker.finish() { joined += rest }
        precondition(joined.count <= size && joined.elementsEqual(input[0..<joined.count]), "the chunks are not the input in order")
        precondition(input[joined.count...].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 },
                     "the chunker dropped more than trailing white space")
    }
    return 0
}
