import IngredientText

/// One thing found while reading a document: a recipe, or one that could not be read, with
/// how its source is named in the output.
struct ReadOutcome: Sendable {
    /// How an outcome's `source` is formed when it is written.
    enum Source: Sendable, Equatable {
        /// `<origin>#<n>`: n counts the outcomes of `origin` from 1, in order.
        case numbered(String)
        /// The path alone: the whole file could not be read.
        case file(String)
        /// A source given by the input itself (a JSON Lines object's `source`).
        case exact(String)
    }

    var result: Result<RecipeRecord, ImportError>
    var source: Source
}

/// Reads one document (a file's bytes, an archive member, a chunk of a large file) in a
/// given or detected format into recipes, opening archives and gzip files on the way.
enum DocumentReader {
    /// Archive members and whole documents larger than this are refused.
    static let documentLimit = 256 << 20
    /// Archives are opened at most this deep (a ZIP inside a ZIP inside a ZIP).
    static let maximumDepth = 4

    /// The outcomes of the document `bytes` named `name`.
    static func read(_ bytes: [UInt8], name: String, forced: RecipeFormat?, depth: Int = 0) -> [ReadOutcome] {
        let kind = bytes.withUnsafeBufferPointer { FormatDetection.detect(name: name, head: UnsafeBufferPointer(rebasing: $0.prefix(65536)), forced: forced) }
        return read(bytes, name: name, kind: kind, forced: forced, depth: depth)
    }

    static func read(_ bytes: [UInt8], name: String, kind: FormatDetection.Kind, forced: RecipeFormat?, depth: Int) -> [ReadOutcome] {
        func fail(_ e: ImportError) -> [ReadOutcome] { [ReadOutcome(result: .failure(e), source: .file(name))] }
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return fail(.empty) }
        switch kind {
        case let .skip(reason):
            return fail(.unsupported(format: "this file (\(reason))", hint: "it holds no recipe text; directories skip such files"))
        case let .unreadable(error):
            return fail(error)
        case .zip:
            guard depth < maximumDepth else { return fail(.invalidArchive(detail: "archives nested more than \(maximumDepth) deep")) }
            do {
                let directory = try ZipDirectory(size: bytes.count) { (offset, count) throws(ImportError) in
                    guard offset >= 0, count >= 0, offset + count <= bytes.count else { throw .invalidArchive(detail: "an entry points outside the archive") }
                    return Array(bytes[offset..<(offset + count)])
                }
                var outcomes: [ReadOutcome] = []
                for entry in directory.entries where !entry.isDirectory && !isHiddenPath(entry.name) {
                    outcomes += readZipEntry(entry, archiveName: name, forced: forced, depth: depth) { (offset, count) throws(ImportError) in
                        guard offset >= 0, count >= 0, offset + count <= bytes.count else { throw .invalidArchive(detail: "an entry points outside the archive") }
                        return Array(bytes[offset..<(offset + count)])
                    }
                }
                return outcomes.isEmpty ? fail(.emptyArchive) : outcomes
            } catch {
                return fail(error)
            }
        case .gzip:
            guard depth < maximumDepth else { return fail(.invalidArchive(detail: "archives nested more than \(maximumDepth) deep")) }
            do {
                let inner = try bytes.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ImportError) in try Inflate.inflate(b, wrapper: .gzip, limit: documentLimit) }
                var innerName = name
                for suffix in [".gz", ".gzip"] where innerName.lowercased().hasSuffix(suffix) { innerName.removeLast(suffix.count) }
                if innerName.lowercased().hasSuffix(".tgz") { innerName.removeLast(4); innerName += ".tar" }
                // The members of a .tar.gz keep the archive's own name as their folder.
                let outcomes = read(inner, name: innerName, forced: forced, depth: depth + 1)
                func renamed(_ path: String) -> String {
                    if path == innerName { return name }
                    if path.hasPrefix(innerName + "/") { return name + path.dropFirst(innerName.count) }
                    return path
                }
                return outcomes.map { o in
                    var o = o
                    switch o.source {
                    case let .file(path): o.source = .file(renamed(path))
                    case let .numbered(path): o.source = .numbered(renamed(path))
                    case .exact: break
                    }
                    return o
                }
            } catch {
                return fail(error)
            }
        case .tar:
            guard depth < maximumDepth else { return fail(.invalidArchive(detail: "archives nested more than \(maximumDepth) deep")) }
            do {
                var outcomes: [ReadOutcome] = []
                for entry in try TarArchive.entries(bytes) where !isHiddenPath(entry.name) {
                    let member = name + "/" + entry.name
                    let data = Array(entry.data)
                    let memberKind = data.withUnsafeBufferPointer { FormatDetection.detect(name: member, head: UnsafeBufferPointer(rebasing: $0.prefix(65536)), forced: forced) }
                    if case .skip = memberKind { continue }
                    outcomes += read(data, name: member, kind: memberKind, forced: forced, depth: depth + 1)
                }
                return outcomes.isEmpty ? fail(.emptyArchive) : outcomes
            } catch {
                return fail(error)
            }
        case let .recipe(format):
            return readRecipes(bytes, name: name, format: format, depth: depth)
        }
    }

    /// Whether any component of an archive member's path is hidden (`__MACOSX/`, `.DS_Store`).
    static func isHiddenPath(_ path: String) -> Bool {
        path.split(separator: "/").contains { FormatDetection.isHidden($0) }
    }

    /// The outcomes of one ZIP entry (skipped files give none).
    static func readZipEntry(_ entry: ZipDirectory.Entry, archiveName: String, forced: RecipeFormat?, depth: Int,
                             read: (Int, Int) throws(ImportError) -> [UInt8]) -> [ReadOutcome] {
        let member = archiveName + "/" + entry.name
        if case .skip = FormatDetection.detect(name: member, head: UnsafeBufferPointer(start: nil, count: 0)) { return [] }
        do {
            let data = try ZipDirectory.content(of: entry, limit: documentLimit, read: read)
            let kind = data.withUnsafeBufferPointer { FormatDetection.detect(name: member, head: UnsafeBufferPointer(rebasing: $0.prefix(65536)), forced: forced) }
            if case .skip = kind { return [] }
            return DocumentReader.read(data, name: member, kind: kind, forced: forced, depth: depth + 1)
        } catch {
            return [ReadOutcome(result: .failure(error), source: .file(member))]
        }
    }

    /// Recipes of a document in a recipe format.
    static func readRecipes(_ bytes: [UInt8], name: String, format: RecipeFormat, depth: Int) -> [ReadOutcome] {
        func fail(_ e: ImportError) -> [ReadOutcome] { [ReadOutcome(result: .failure(e), source: .file(name))] }
        if format == .paprika, bytes.withUnsafeBufferPointer(Inflate.isGzip) {
            do {
                let json = try bytes.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(ImportError) in try Inflate.inflate(b, wrapper: .gzip, limit: documentLimit) }
                return readRecipes(json, name: name, format: .paprika, depth: depth)
            } catch {
                return fail(error)
            }
        }
        let decoded = TextDecoding.decode(bytes)
        var outcomes: [ReadOutcome]
        switch format {
        case .html:
            switch HTMLExtractor.records(html: decoded.text) {
            case let .success(records): outcomes = records.map { ReadOutcome(result: .success($0), source: .numbered(name)) }
            case let .failure(e): return fail(e)
            }
        case .json, .paprika, .mealie, .tandoor:
            do {
                let parsed = try LenientJSON.parse(decoded.text)
                var records = JSONRecipeReader.records(in: parsed.value, format: format == .paprika ? .paprika : .json)
                if !parsed.repairs.isEmpty {
                    for k in records.indices { records[k].warnings.insert("not valid JSON; repaired (\(parsed.repairs.joined(separator: ", ")))", at: 0) }
                }
                if records.isEmpty { return fail(.noRecipe(format: format, detail: "no schema.org Recipe and no object with ingredients")) }
                outcomes = records.map { ReadOutcome(result: .success($0), source: .numbered(name)) }
            } catch {
                return fail(ImportError(error))
            }
        case .jsonl:
            outcomes = JSONLinesReader.outcomes(decoded.text, name: name, depth: depth)
        case .csv:
            switch CSVReader.records(decoded.text) {
            case let .success(rows): outcomes = rows.map { ReadOutcome(result: $0, source: .numbered(name)) }
            case let .failure(e): return fail(e)
            }
        case .mealmaster:
            outcomes = MealMasterReader.records(decoded.text).map { ReadOutcome(result: .success($0), source: .numbered(name)) }
        case .mastercook:
            let records = decoded.text.drop { $0.isWhitespace }.hasPrefix("<") ? XMLRecipeReader.records(decoded.text) : MasterCookReader.records(decoded.text)
            outcomes = records.map { ReadOutcome(result: .success($0), source: .numbered(name)) }
        case .krecipes:
            outcomes = XMLRecipeReader.records(decoded.text).map { ReadOutcome(result: .success($0), source: .numbered(name)) }
        case .cooklang:
            outcomes = CooklangReader.records(decoded.text, fileName: name).map { ReadOutcome(result: .success($0), source: .numbered(name)) }
        case .text:
            outcomes = PlainTextReader.records(decoded.text).map { record in
                var record = record
                if record.title == nil { record.title = PlainTextReader.title(fromFileName: name) }
                return ReadOutcome(result: .success(record), source: .numbered(name))
            }
        }
        if outcomes.isEmpty {
            return fail(.noRecipe(format: format, detail: format == .text
                ? "no ingredient list (no 'Ingredients' heading and no block of amount-led lines)"
                : "no recipe in the \(format.rawValue) text"))
        }
        if let warning = decoded.warning {
            for k in outcomes.indices {
                if case var .success(r) = outcomes[k].result { r.warnings.insert(warning, at: 0); outcomes[k].result = .success(r) }
            }
        }
        return outcomes
    }
}

/// JSON Lines: each line a recipe object (schema.org, app or data-set shaped), or a
/// `ShardEnvelope` carrying a whole file of any format, as sharded pipelines pass files
/// around. A line's own string `source` names its record.
enum JSONLinesReader {
    static func outcomes(_ text: String, name: String, depth: Int) -> [ReadOutcome] {
        var outcomes: [ReadOutcome] = []
        for line in TextDecoding.lines(text) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            do {
                let parsed = try LenientJSON.parse(String(line))
                let ownSource = parsed.value["source"]?.text
                if let source = ownSource, let bytes = ShardEnvelope.content(of: parsed.value) {
                    let forced = parsed.value["format"]?.text.flatMap(RecipeFormat.init(rawValue:))
                    outcomes += DocumentReader.read(bytes, name: source, forced: forced, depth: depth + 1)
                    continue
                }
                let records = JSONRecipeReader.records(in: parsed.value, format: .jsonl)
                if records.isEmpty {
                    let error = ImportError.noRecipe(format: .jsonl, detail: "a line with no schema.org Recipe and no object with ingredients")
                    outcomes.append(ReadOutcome(result: .failure(error), source: ownSource.map(ReadOutcome.Source.exact) ?? .numbered(name)))
                    continue
                }
                for var r in records {
                    if !parsed.repairs.isEmpty { r.warnings.insert("not valid JSON; repaired (\(parsed.repairs.joined(separator: ", ")))", at: 0) }
                    if let f = parsed.value["format"]?.text.flatMap(RecipeFormat.init(rawValue:)), ownSource != nil { r.format = f }
                    outcomes.append(ReadOutcome(result: .success(r), source: ownSource.map(ReadOutcome.Source.exact) ?? .numbered(name)))
                }
            } catch {
                outcomes.append(ReadOutcome(result: .failure(ImportError(error)), source: .numbered(name)))
            }
        }
        return outcomes
    }
}
