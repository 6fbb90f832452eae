import IngredientText

/// Decides how to read a file from its name and first bytes: a recipe format, an archive to
/// open, or a file to pass over (images, hidden files) or reject (binary, unsupported).
package enum FormatDetection {
    /// What a file is.
    package enum Kind: Equatable, Sendable {
        /// A recipe document of this format.
        case recipe(RecipeFormat)
        /// A ZIP archive (`.zip`, `.paprikarecipes`, app exports): its entries are read.
        case zip
        /// A gzip-compressed file (`.gz`, `.tgz`): its content is read.
        case gzip
        /// A tar archive: its entries are read.
        case tar
        /// Not a recipe file (an image, a hidden file): skipped when met in a directory.
        case skip(reason: String)
        /// A file this tool cannot read.
        case unreadable(ImportError)
    }

    static let skippedExtensions: [String: String] = {
        var table: [String: String] = [:]
        for e in ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "tif", "tiff", "svg", "ico", "avif"] { table[e] = "images" }
        for e in ["mp4", "mov", "avi", "mkv", "webm", "mp3", "m4a", "wav"] { table[e] = "media" }
        for e in ["pdf", "doc", "docx", "xls", "xlsx", "odt", "ods", "pages", "numbers", "epub"] { table[e] = "office documents" }
        for e in ["css", "js", "map", "woff", "woff2", "ttf", "otf", "eot", "exe", "dll", "so", "dylib", "o", "a", "class", "pyc"] { table[e] = "code and assets" }
        table["menu"] = "Cooklang menus"
        return table
    }()

    static let unsupportedExtensions: [String: (String, String)] = [
        "xz": ("xz compression", "decompress it first (xz -d, or tar xJf for .tar.xz)"),
        "txz": ("xz compression", "extract it first (tar xJf)"),
        "bz2": ("bzip2 compression", "decompress it first (bunzip2, or tar xjf)"),
        "7z": ("7-Zip archives", "extract it first (7z x)"),
        "rar": ("RAR archives", "extract it first (unrar x)"),
        "zst": ("Zstandard compression", "decompress it first (zstd -d)"),
        "yaml": ("YAML (Open Recipe Format)", "convert it to JSON first"),
        "yml": ("YAML (Open Recipe Format)", "convert it to JSON first"),
    ]

    /// The lowercase extension of a path's last component ("" when it has none).
    static func fileExtension(_ name: String) -> String {
        // On the UTF-8 bytes ("/" and "." are ASCII, so a cut there is a character boundary):
        // splitting the whole path into characters cost ~44,000 instructions a file.
        let u = name.utf8
        var end = u.endIndex
        while end != u.startIndex, u[u.index(before: end)] == 0x2F { end = u.index(before: end) } // trailing slashes
        var start = end
        while start != u.startIndex, u[u.index(before: start)] != 0x2F { start = u.index(before: start) }
        guard let dot = u[start..<end].lastIndex(of: 0x2E), dot != start else { return "" }
        return String(Substring(u[u.index(after: dot)..<end])).lowercased()
    }

    /// Whether a path component is hidden or resource-fork debris (`.DS_Store`, `._x`, `__MACOSX`).
    static func isHidden(_ component: Substring) -> Bool {
        component.hasPrefix(".") || component == "__MACOSX" || component == "Thumbs.db" || component == "desktop.ini"
    }

    /// What the file `name` with first bytes `head` is; `forced` is a format the user asked for.
    package static func detect(name: String, head: UnsafeBufferPointer<UInt8>, forced: RecipeFormat? = nil) -> Kind {
        let ext = fileExtension(name)
        if ZipDirectory.isZip(head) { return .zip }
        if Inflate.isGzip(head) { return ext == "paprikarecipe" || forced == .paprika ? .recipe(.paprika) : .gzip }
        if TarArchive.isTar(head) { return .tar }
        if let forced { return .recipe(forced) }
        if let reason = skippedExtensions[ext] { return .skip(reason: reason) }
        if let (format, hint) = unsupportedExtensions[ext] { return .unreadable(.unsupported(format: format, hint: hint)) }
        if let kind = magic(head) { return kind }
        switch ext {
        case "html", "htm", "xhtml", "shtml", "testhtml", "mhtml": return .recipe(.html)
        case "json": return .recipe(sniffJSONLines(head) ? .jsonl : .json)
        case "jsonl", "ndjson", "jsonlines": return .recipe(.jsonl)
        case "csv", "tsv": return .recipe(.csv)
        case "mmf", "mm", "mmt", "mmr", "mmx": return .recipe(.mealmaster)
        case "mxp", "mx2": return .recipe(.mastercook)
        case "kreml": return .recipe(.krecipes)
        case "cook": return .recipe(.cooklang)
        case "paprikarecipe": return .recipe(.paprika)
        default: break
        }
        if looksBinary(head) { return .unreadable(.binary(detail: "NUL and control bytes in the first \(min(head.count, 8192)) bytes")) }
        return .recipe(sniff(head))
    }

    /// Signatures of common non-recipe binaries.
    static func magic(_ head: UnsafeBufferPointer<UInt8>) -> Kind? {
        func starts(_ bytes: [UInt8]) -> Bool { head.count >= bytes.count && zip(head, bytes).allSatisfy { $0 == $1 } }
        if starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47]) || starts(Array("GIF8".utf8)) { return .skip(reason: "images") }
        if starts(Array("%PDF".utf8)) { return .skip(reason: "office documents") }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .unreadable(.unsupported(format: "xz compression", hint: "decompress it first (xz -d, or tar xJf for .tar.xz)")) }
        if starts(Array("BZh".utf8)) { return .unreadable(.unsupported(format: "bzip2 compression", hint: "decompress it first (bunzip2)")) }
        return nil
    }

    /// Whether the bytes are binary: more than a stray NUL or two per hundred bytes, or
    /// mostly control characters (UTF-16 with a byte-order mark is text).
    package static func looksBinary(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        if head.count >= 2, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) { return false }
        let sample = head.prefix(8192)
        // Without a NUL the answer is no, whatever the controls: most files end here.
        guard LineBytes.containsNUL(UnsafeBufferPointer(rebasing: sample)) else { return false }
        var nul = 0, control = 0
        for b in sample {
            if b == 0 { nul += 1 } else if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D, b != 0x0C { control += 1 }
        }
        return nul * 50 > sample.count || (nul > 0 && (nul + control) * 10 > sample.count)
    }

    /// Whether JSON text holds one complete value per line (JSON Lines) rather than one document.
    static func sniffJSONLines(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let newline = head.firstIndex(of: 0x0A) else { return false }
        let first = UnsafeBufferPointer(rebasing: head[0..<newline])
        guard first.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == 0x7B else { return false }
        guard let rest = head[(newline + 1)...].first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), rest == 0x7B else { return false }
        guard let parsed = try? LenientJSON.parse(first) else { return false }
        return parsed.repairs.isEmpty
    }

    /// The format of a text file without a telling extension, from its content (its first
    /// 4 KB decide).
    static func sniff(_ head: UnsafeBufferPointer<UInt8>) -> RecipeFormat {
        let prefix = UnsafeBufferPointer(rebasing: head.prefix(4096))
        let text = TextDecoding.decode(prefix).text
        let start = text.drop { $0.isWhitespace }
        guard let first = start.first else { return .text }
        if first == "<" {
            let lower = start.prefix(2000).lowercased()
            if lower.contains("<mx2") || lower.contains("<rcpe") { return .mastercook }
            if lower.contains("<krecipes") { return .krecipes }
            return .html
        }
        if first == "{" || first == "[" {
            if sniffJSONLines(head) { return .jsonl }
            // "[Serves 4]" starts many a text file: JSON only if it reads as JSON.
            if (try? LenientJSON.parse(prefix)) != nil { return .json }
        }
        if MealMasterReader.sniff(start) { return .mealmaster }
        if contains(prefix, "application/ld+json") || contains(prefix, "<html") || contains(prefix, "<!DOCTYPE html") || contains(prefix, "<!doctype html") {
            return .html
        }
        if contains(prefix, "MasterCook"), text.split(separator: "\n").contains(where: { MasterCookReader.isExportLine($0) }) { return .mastercook }
        // The first line (what `split(separator: "\n").first` gives, without splitting the rest).
        if case let header = start.prefix(while: { $0 != "\n" }), header.contains(","),
           header.lowercased().split(separator: ",").contains(where: { CSVReader.ingredientColumns.contains($0.trimmingCharacters(in: " \"\r")) }) {
            return .csv
        }
        return .text
    }

    /// Whether `bytes` contain `needle` (exact bytes).
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard n > 0, bytes.count >= n else { return false }
        let p = needle.utf8Start
        var k = 0
        while k + n <= bytes.count {
            if bytes[k] == p[0] {
                var m = 1
                while m < n, bytes[k + m] == p[m] { m += 1 }
                if m == n { return true }
            }
            k += 1
        }
        return false
    }
}

extension Substring {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.trimmingSuffix { set.contains($0) })
    }
}
