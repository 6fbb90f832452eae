/// Cuts a large file (or standard input) of a streamable format into chunks that are each a
/// valid document of that format, at recipe boundaries, so that a file of any size is read
/// with bounded memory and its chunks are parsed in parallel: JSON Lines at line ends, CSV
/// at record ends (each chunk starts with the header row), MealMaster and MasterCook text
/// before a recipe's header line, a JSON array between its elements.
struct StreamChunker {
    let format: RecipeFormat
    /// Chunks are cut once at least this many bytes are pending.
    let target: Int
    private var pending: [UInt8] = []
    private var csvHeader: [UInt8]?
    private var mealMasterFramed: Bool?
    private var jsonArray: JSONArrayState?
    /// How much of `pending` earlier cut searches have read and found no cut in, so each
    /// byte is searched about once (without it, 20 MB with no recipe header took minutes).
    private var scanned = 0
    /// Whether `pending[scanned]` is inside a quoted CSV field.
    private var csvQuoted = false

    /// Formats read this way.
    static func canStream(_ format: RecipeFormat) -> Bool {
        [.jsonl, .csv, .mealmaster, .mastercook, .json].contains(format)
    }

    init(format: RecipeFormat, target: Int = 1 << 19) {
        self.format = format
        self.target = target
    }

    /// Adds bytes; returns the chunks that are complete.
    mutating func feed(_ bytes: [UInt8]) -> [[UInt8]] {
        if format == .json { return feedJSON(bytes) }
        pending += bytes
        var chunks: [[UInt8]] = []
        while pending.count >= target, let cut = cutPoint() ?? forcedCut() {
            var chunk = Array(pending[0..<cut])
            pending.removeFirst(cut)
            // What is left was searched (a cut is the last one in what was searched).
            scanned = pending.count
            if format == .csv {
                if csvHeader == nil, let end = chunk.firstIndex(of: 0x0A) { csvHeader = Array(chunk[...end]) }
                else if let header = csvHeader { chunk = header + chunk }
            }
            chunks.append(chunk)
        }
        return chunks
    }

    /// The rest, at the end of the input.
    mutating func finish() -> [UInt8]? {
        if format == .json { return finishJSON() }
        guard !pending.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return nil }
        if format == .csv, let header = csvHeader { return header + pending }
        return pending
    }

    /// MealMaster and MasterCook text is cut at a line end, recipe header or not, once this
    /// many bytes are pending (no recipe is this long: it is text between recipes, or not
    /// MealMaster at all), so memory stays bounded whatever the input.
    var forcedCutSize: Int { 4 * target }

    /// A line end (or, with none, the end) to cut MealMaster or MasterCook text at when
    /// `forcedCutSize` bytes hold no recipe header.
    private func forcedCut() -> Int? {
        guard format == .mealmaster || format == .mastercook, pending.count >= forcedCutSize else { return nil }
        return pending.lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? pending.count
    }

    /// The last safe place to cut `pending` (after at least `target` bytes), if any. Only
    /// the bytes after `scanned` are searched (a little before, for MealMaster, where a
    /// header line may have been incomplete); `scanned` then moves to the end.
    private mutating func cutPoint() -> Int? {
        let from = scanned
        scanned = pending.count
        switch format {
        case .jsonl:
            return pending[from...].lastIndex(of: 0x0A).map { $0 + 1 }
        case .csv:
            // The last line end outside quotes (pending always starts at a record).
            var last: Int?
            var quoted = csvQuoted
            for k in from..<pending.count {
                let b = pending[k]
                if b == 0x22 { quoted.toggle() } else if b == 0x0A, !quoted { last = k + 1 }
            }
            csvQuoted = quoted
            return last
        case .mealmaster, .mastercook:
            // A header line is judged on its first 200 bytes: look again at lines that
            // started up to 200 bytes before what was new.
            let low = max(1, from - 256)
            var k = pending.count - 1
            while k >= low {
                if pending[k - 1] == 0x0A || pending[k - 1] == 0x0D, startsRecipe(at: k) { return k }
                k -= 1
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether a recipe starts at line start `k` of `pending`.
    private mutating func startsRecipe(at k: Int) -> Bool {
        var j = k
        while j < pending.count, pending[j] == 0x20 { j += 1 }
        let end = min(pending.count, j + 200)
        guard j < end else { return false }
        let line = String(decoding: pending[j..<end].prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        if format == .mastercook { return MasterCookReader.isExportLine(line[...]) }
        if MealMasterReader.isRecipeHeader(line[...]) { mealMasterFramed = true; return true }
        if mealMasterFramed == nil {
            mealMasterFramed = String(decoding: pending.prefix(65536), as: UTF8.self).contains("eal-Master")
        }
        return mealMasterFramed == false && MealMasterReader.startsWithTitle(line[...])
    }

    // MARK: JSON arrays

    /// Scanning state of a top-level JSON array: depth, string and escape state.
    struct JSONArrayState {
        var started = false
        var depth = 0
        var inString = false
        var escaped = false
        var elementStart: Int?
        var elements: [[UInt8]] = []
        var size = 0
        var notAnArray = false
    }

    private mutating func feedJSON(_ bytes: [UInt8]) -> [[UInt8]] {
        var state = jsonArray ?? JSONArrayState()
        defer { jsonArray = state }
        let base = pending.count
        pending += bytes
        if state.notAnArray { return [] }
        var chunks: [[UInt8]] = []
        var k = base
        while k < pending.count {
            let b = pending[k]
            if !state.started {
                if b == 0x5B { state.started = true; state.depth = 1; state.elementStart = k + 1 }
                else if !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0xEF || b == 0xBB || b == 0xBF) { state.notAnArray = true; return [] }
                k += 1
                continue
            }
            if state.inString {
                if state.escaped { state.escaped = false } else if b == 0x5C { state.escaped = true } else if b == 0x22 { state.inString = false }
            } else if b == 0x22 {
                state.inString = true
            } else if b == 0x7B || b == 0x5B {
                state.depth += 1
            } else if b == 0x7D || b == 0x5D {
                state.depth -= 1
                if state.depth == 0, let start = state.elementStart {
                    appendElement(&state, start, k)
                    state.elementStart = nil
                }
            } else if b == 0x2C, state.depth == 1, let start = state.elementStart {
                appendElement(&state, start, k)
                state.elementStart = k + 1
            }
            k += 1
        }
        if state.size >= target {
            chunks.append(jsonChunk(&state))
        }
        // Drop what has been taken into elements.
        let keep = state.elementStart ?? pending.count
        if keep > 0, !state.notAnArray {
            pending.removeFirst(min(keep, pending.count))
            if state.elementStart != nil { state.elementStart = 0 }
        }
        return chunks
    }

    private func appendElement(_ state: inout JSONArrayState, _ start: Int, _ end: Int) {
        let element = pending[start..<end]
        if element.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) {
            state.elements.append(Array(element))
            state.size += element.count
        }
    }

    private func jsonChunk(_ state: inout JSONArrayState) -> [UInt8] {
        var chunk: [UInt8] = [0x5B]
        for (n, e) in state.elements.enumerated() {
            if n > 0 { chunk.append(0x2C) }
            chunk += e
        }
        chunk.append(0x5D)
        state.elements.removeAll()
        state.size = 0
        return chunk
    }

    private mutating func finishJSON() -> [UInt8]? {
        guard var state = jsonArray else { return pending.isEmpty ? nil : pending }
        if state.notAnArray { return pending }
        if let start = state.elementStart, start < pending.count { appendElement(&state, start, pending.count) }
        jsonArray = state
        return state.elements.isEmpty ? nil : jsonChunk(&state)
    }
}
