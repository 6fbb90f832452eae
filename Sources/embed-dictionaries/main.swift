// Build tool behind the EmbedDictionaries plugin.
// Usage: embed-dictionaries ROOT OUTPUT.swift FILE...
// Writes one Swift file that holds each FILE's text under its path relative to ROOT, and the
// tagger model's rows as a row image that start-up reads without parsing decimal text.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write("usage: embed-dictionaries ROOT OUTPUT.swift FILE...\n".data(using: .utf8)!)
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
let output = arguments[2]

/// A raw multi-line string literal that holds `text` exactly, whatever quotes or
/// backslashes it contains.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

// MARK: - The tagger model's row image

/// The rows of `model/tagger.tsv` in the compact form `TaggerModelReader.readImage` reads at
/// start-up in place of the text (docs/startup.md): one record a line, in file order.
///   `S` C TAB W TAB L TAB P — first, the sizes of the tables the rows fill: C distinct context
///     features (template and value), W of them `word` features, L local rows other than word
///     pairs, P distinct word pairs (so that the reader makes its tables that large at once);
///   `T` NAME — the template of the rows that follow;
///   `C` OFFSET W×8 VALUE — a `context` row: OFFSET one byte (`0` + offset + 2), each weight three
///     bytes of six bits (`0` + bits; weight + 2^17, high bits first), then the value's bytes;
///   `L` W×8 VALUE — a `local` row, likewise;
///   `X` LINE — any other row, as written (read by the general reader).
/// Blank and comment lines are left out. Nil when the text holds something a multi-line
/// string literal would not keep byte for byte (a carriage return): the text is read then.
func taggerImage(_ text: String) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var template: ArraySlice<UInt8> = []
    /// An integer as the reader reads one (`-`, then 1–18 digits) that fits the image's 18 bits.
    func weight(_ field: ArraySlice<UInt8>) -> Int? {
        guard field.count <= 18 else { return nil }
        var digits = field[...]
        let negative = digits.first == 0x2D
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var v = 0
        for d in digits { v = v * 10 + Int(d - 0x30) }
        v = negative ? -v : v
        return v >= -(1 << 17) && v < (1 << 17) ? v : nil
    }
    var contextFeatures = Set<[UInt8]>(), wordFeatures = 0, localRows = 0, pairs = Set<[UInt8]>()
    for line in Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false) {
        if line.isEmpty || line.first == 0x23 { continue }
        if line.contains(0x0D) { return nil }
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        if fields.count > 3, Array(fields[0]) == Array("context".utf8) {
            let isWord = Array(fields[1]) == Array("word".utf8)
            if contextFeatures.insert(Array(fields[1]) + [0x09] + Array(fields[2])).inserted, isWord { wordFeatures += 1 }
        } else if fields.count > 3, Array(fields[0]) == Array("local".utf8) {
            let name = Array(fields[1])
            if name == Array("bigramNext".utf8) || name == Array("bigramPrevious".utf8) {
                pairs.insert(Array(fields[2]))
            } else {
                localRows += 1
            }
        }
        let kind = Array(fields[0])
        let isContext = kind == Array("context".utf8) && fields.count == 12
        let isLocal = kind == Array("local".utf8) && fields.count == 11
        let weights = fields.suffix(8).map(weight)
        var offset: Int?
        if isContext, let o = weight(fields[3]), abs(o) <= 2 { offset = o }
        guard (isContext && offset != nil) || isLocal, weights.allSatisfy({ $0 != nil }) else {
            out.append(0x58) // X
            out.append(contentsOf: line)
            out.append(0x0A)
            continue
        }
        if fields[1] != template {
            template = fields[1]
            out.append(0x54) // T
            out.append(contentsOf: template)
            out.append(0x0A)
        }
        if let offset {
            out.append(0x43) // C
            out.append(UInt8(0x30 + offset + 2))
        } else {
            out.append(0x4C) // L
        }
        for w in weights {
            let u = w! + (1 << 17)
            out.append(UInt8(0x30 + ((u >> 12) & 63)))
            out.append(UInt8(0x30 + ((u >> 6) & 63)))
            out.append(UInt8(0x30 + (u & 63)))
        }
        out.append(contentsOf: fields[2])
        out.append(0x0A)
    }
    let sizes = "S\(contextFeatures.count)\t\(wordFeatures)\t\(localRows)\t\(pairs.count)\n"
    return sizes + String(decoding: out, as: UTF8.self)
}

var source = """
// Generated by the EmbedDictionaries build plugin from Dictionaries/. Do not edit.

/// The tables of the package's `Dictionaries/` folder that this module reads, compiled in by
/// the EmbedDictionaries build plugin so that the library finds no file at run time.
enum EmbeddedDictionaries {
    /// This module's tables, by path relative to the Dictionaries/ folder.
    static let files: [String: String] = [

"""
var image: String?
for path in arguments.dropFirst(3).sorted() {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard let data = FileManager.default.contents(atPath: url.path),
          let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write("embed-dictionaries: \(path) is not readable UTF-8\n".data(using: .utf8)!)
        exit(1)
    }
    var relative = url.path
    if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
    source += "        \"\(relative)\": \(rawLiteral(text)),\n"
    if relative == "model/tagger.tsv" { image = taggerImage(text) ?? "" }
}
source += "    ]\n"
if let image {
    source += """

        /// The rows of `model/tagger.tsv` as a row image (see `TaggerModelReader.readImage`), read
        /// at start-up in place of the text; empty when the build tool left the text to be read.
        static let taggerImage: String = \(rawLiteral(image))

    """
}
source += "}\n"

do {
    let existing = try? String(contentsOfFile: output, encoding: .utf8)
    if existing != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write("embed-dictionaries: cannot write \(output): \(error)\n".data(using: .utf8)!)
    exit(1)
}
