#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IngredientText
import IngredientLexicon

/// Turns exact amounts into what a cook reads on a list: the largest sensible unit of the
/// amount's measuring system (3 tsp → 1 tbsp, 1000 g → 1 kg), kitchen fractions for US units
/// (⅓ ½ ¾ rather than 0.333), whole numbers for counts and packages (1.5 eggs → 2).
/// Which units may be chosen, and their minimum values, come from `unit-display.tsv`.
public struct KitchenFormatting: Sendable {
    /// The tables in use.
    public let tables: ListTables
    /// Display units per (dimension, system), largest first, at `slot(_:_:)`.
    private let candidates: [[(unit: UnitDisplay, factor: Double)]]
    /// What choosing among `candidates` reads of each, by slot and in the same order, as
    /// plain numbers: reading a candidate's fields in place copied its display unit's strings.
    private let choiceFacts: [[ChoiceFacts]]

    /// A display unit's factor, minimum and system, as `format` weighs it.
    private struct ChoiceFacts {
        var factor: Double
        var minimum: Double
        var isMetric: Bool
    }

    /// How far (relative) a value may be from a kitchen fraction and still be written as one.
    static let fractionTolerance = 0.04
    /// How far over a whole number a count may be before it is rounded up (2.04 eggs → 2).
    static let countSlack = 0.05

    /// Formatting by `tables`.
    public init(tables: ListTables = .builtIn) {
        self.tables = tables
        var candidates = [[(unit: UnitDisplay, factor: Double)]](repeating: [], count: 6)
        for display in tables.display.values {
            guard display.minimum != nil, let def = tables.units[display.unit], let factor = def.factor,
                  let slot = Self.slot(def.dimension, display.system) else { continue }
            candidates[slot].append((display, factor))
        }
        for k in candidates.indices { candidates[k].sort { ($0.factor, $0.unit.unit) > ($1.factor, $1.unit.unit) } }
        self.candidates = candidates
        // Every candidate has a minimum (those without one are never chosen, and left out).
        choiceFacts = candidates.map { slot in
            slot.map { ChoiceFacts(factor: $0.factor, minimum: $0.unit.minimum ?? 0, isMetric: $0.unit.system == .metric) }
        }
    }

    /// The place of a measured dimension's display units in `system` in `candidates`; nil
    /// for `item`, which has no factor.
    private static func slot(_ dimension: UnitDefinition.Dimension, _ system: UnitDisplay.System) -> Int? {
        let row: Int
        switch dimension {
        case .volume: row = 0
        case .mass: row = 1
        case .length: row = 2
        case .item: return nil
        }
        return row * 2 + (system == .us ? 0 : 1)
    }

    /// The system a unit belongs to, if `unit-display.tsv` says.
    public func system(ofUnit unit: String) -> UnitDisplay.System? {
        tables.display(forUnit: unit)?.system
    }

    /// `measure` for display in `system` (ignored for counts and packages).
    ///
    /// This runs for every amount of a list and every source line shown: the text is written
    /// as bytes on the stack and made a String once (most fit in a small one, which needs no
    /// memory of its own), not pieced together from Strings.
    public func format(_ measure: Measure, system: UnitDisplay.System) -> DisplayAmount {
        let dimension: UnitDefinition.Dimension
        switch measure.family {
        case .count, .package:
            let low = Self.roundUp(measure.low), high = Self.roundUp(measure.high)
            let rounded = abs(low - measure.low) > 1e-9 || abs(high - measure.high) > 1e-9
            var unit: String?
            if case let .package(id) = measure.family { unit = id }
            let text = Self.text(capacity: 72 + 2 * (unit?.utf8.count ?? 0)) { w in
                Self.writeDecimal(low, places: 0, to: &w)
                if high != low {
                    w.raw("–")
                    Self.writeDecimal(high, places: 0, to: &w)
                }
                if let unit {
                    w.byte(0x20)
                    if high == 1 { w.text(unit) } else { Self.writePlural(unit, to: &w) }
                }
            }
            return DisplayAmount(quantity: low, quantityMax: high, unit: unit, text: text, isRounded: rounded)
        case .volume: dimension = .volume
        case .mass: dimension = .mass
        case .length: dimension = .length
        }
        // The other system's units when this one has none.
        let ownSlot = Self.slot(dimension, system)
        let otherSlot = Self.slot(dimension, system == .us ? .metric : .us)
        let slot = ownSlot.flatMap { candidates[$0].isEmpty ? nil : $0 } ?? otherSlot
        let choices = slot.map { candidates[$0] } ?? []
        guard !choices.isEmpty else {
            let text = Self.decimal(measure.low, places: 2) + " " + measure.family.baseUnit
            return DisplayAmount(quantity: measure.low, quantityMax: measure.high, unit: measure.family.baseUnit, text: text, isRounded: false)
        }
        // Candidates are read in place by index: a copy of one retains its three strings.
        let facts = choiceFacts[slot!]
        let smallestFactor = facts[facts.count - 1].factor
        var chosen = facts.count - 1
        for k in facts.indices {
            let factor = facts[k].factor
            let v = measure.low / factor
            guard v >= facts[k].minimum * 0.99 else { continue }
            // US units need a kitchen amount (1 ½ cups, not 1.06 cups) unless the value is large.
            if facts[k].isMetric || v >= 10 || Self.kitchenFractionParts(v) != nil || factor == smallestFactor {
                chosen = k
                break
            }
        }
        let factor = choices[chosen].factor, chosenSystem = choices[chosen].unit.system
        let low = measure.low / factor, high = measure.high / factor
        var lowValue = 0.0, highValue = 0.0
        let text = Self.text(capacity: 128 + max(choices[chosen].unit.singular.utf8.count, choices[chosen].unit.plural.utf8.count)) { w in
            lowValue = Self.writeNumber(low, system: chosenSystem, to: &w)
            highValue = lowValue
            if measure.isRange {
                // The high end is written after a dash and kept only when its text differs
                // from the low end's (byte equality is text equality for these digits and glyphs).
                let lowEnd = w.count
                w.raw("–")
                let highStart = w.count
                highValue = Self.writeNumber(high, system: chosenSystem, to: &w)
                if w.count - highStart == lowEnd && memcmp(w.base, w.base + highStart, lowEnd) == 0 {
                    w.drop(to: lowEnd)
                }
            }
            w.byte(0x20)
            w.text(highValue <= 1 ? choices[chosen].unit.singular : choices[chosen].unit.plural)
        }
        return DisplayAmount(quantity: lowValue, quantityMax: highValue,
                             unit: choices[chosen].unit.unit, text: text, isRounded: false)
    }

    /// The String of the bytes `write` writes, in `capacity` bytes of scratch room on the stack.
    @inline(__always)
    static func text(capacity: Int, _ write: (inout ByteWriter) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var w = ByteWriter(base: room.baseAddress!)
            write(&w)
            return String(decoding: UnsafeBufferPointer(rebasing: room[..<w.count]), as: UTF8.self)
        }
    }

    /// A count rounded up to a whole number (a little over a whole number stays it; anything
    /// above zero shows at least 1).
    static func roundUp(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return max(1, (value - countSlack).rounded(.up))
    }

    /// Writes a value as shown in `system` and returns the value its text shows (at most 48
    /// bytes): kitchen fractions for US units when close enough, otherwise decimals (whole
    /// numbers from 10 up, two decimals below).
    static func writeNumber(_ value: Double, system: UnitDisplay.System, to w: inout ByteWriter) -> Double {
        if system == .us, let parts = kitchenFractionParts(value) {
            writeKitchenFraction(parts, to: &w)
            return parts.shown
        }
        let places = value >= 10 ? 0 : 2
        writeDecimal(value, places: places, to: &w)
        return decimalValue(value, places: places)
    }

    /// The value `decimal(value, places:)` writes, as reading its text back would give it
    /// (the rounded number of hundredths or units, divided exactly once).
    static func decimalValue(_ value: Double, places: Int) -> Double {
        guard let (scaled, scale) = rounded(value, places: places) else { return value }
        let shown = scaled / scale
        return value < 0 && scaled != 0 ? -shown : shown
    }

    /// `|value|` rounded to `places` decimals, as a whole number of `1 / scale` steps with its
    /// scale (10 to the `places`); nil when that number is too large to write exactly.
    private static func rounded(_ value: Double, places: Int) -> (scaled: Double, scale: Double)? {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        return scaled < 9e15 ? (scaled, scale) : nil
    }

    /// The fractions a kitchen measures in, as (value, glyph; the glyph's bytes are copied).
    static let fractions: [(Double, StaticString)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (1.0 / 2, "½"),
        (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1, ""),
    ]

    /// `value` as a whole number and kitchen fraction ("1 ½", "⅓", "2") when it is within
    /// `fractionTolerance` of one, else nil.
    static func kitchenFraction(_ value: Double) -> (Double, String)? {
        guard let parts = kitchenFractionParts(value) else { return nil }
        return (parts.shown, text(capacity: 32) { writeKitchenFraction(parts, to: &$0) })
    }

    /// What `kitchenFraction` shows: the value, its whole number, and its fraction's place
    /// in `fractions` (0: none, the value is whole); nil when no kitchen fraction is close.
    static func kitchenFractionParts(_ value: Double) -> (shown: Double, whole: Int, glyph: Int)? {
        guard value > 0, value < 1e9 else { return nil }
        let whole = value.rounded(.down)
        let part = value - whole
        let table = fractions
        var best = 0
        for k in table.indices where abs(part - table[k].0) < abs(part - table[best].0) { best = k }
        let shown = whole + table[best].0
        guard shown > 0, abs(shown - value) <= fractionTolerance * value else { return nil }
        return (shown, Int(shown.rounded(.down)), table[best].0 == 1 ? 0 : best)
    }

    /// Writes a kitchen fraction's text: "⅓" (no whole number), "2" (no fraction), "1 ½".
    static func writeKitchenFraction(_ parts: (shown: Double, whole: Int, glyph: Int), to w: inout ByteWriter) {
        if parts.whole != 0 {
            w.digits(UInt64(parts.whole))
            guard parts.glyph != 0 else { return }
            w.byte(0x20)
        }
        w.raw(fractions[parts.glyph].1)
    }

    /// `value` with at most `places` decimals, trailing zeros dropped ("1.25", "2", "0.5").
    static func decimal(_ value: Double, places: Int) -> String {
        // Written as bytes, then made a String once (short ones need no memory of their own):
        // amounts are formatted for every source line of a list, and piecing Strings
        // together cost more than the rest.
        text(capacity: 32 + places) { writeDecimal(value, places: places, to: &$0) }
    }

    /// Writes `decimal(value, places:)` (at most 24 + `places` bytes; the rare value too
    /// large to round exactly is written as `String(value)`, at most 24 bytes).
    static func writeDecimal(_ value: Double, places: Int, to w: inout ByteWriter) {
        guard let (scaled, scale) = rounded(value, places: places) else {
            w.text(String(value))
            return
        }
        let n = Int64(scaled)
        let unit = Int64(scale)
        if value < 0 && n != 0 { w.byte(UInt8(ascii: "-")) }
        w.digits(UInt64(n / unit))
        let fraction = n % unit
        if fraction != 0 {
            // The fraction's `places` digits, zero-padded (fraction < unit = 10^places), are
            // those of unit + fraction after its leading 1, whose place takes the point;
            // trailing zeros are dropped.
            let point = w.count
            w.digits(UInt64(unit + fraction))
            w.base[point] = UInt8(ascii: ".")
            var end = w.count
            while w.base[end - 1] == UInt8(ascii: "0") { end -= 1 }
            w.drop(to: end)
        }
    }

    /// Writes `plural(word)`: on the bytes for ASCII words (every unit id; for ASCII text
    /// other than CR the suffix tests on bytes and on Characters agree), else through `plural`.
    static func writePlural(_ word: String, to w: inout ByteWriter) {
        var word = word
        let done = word.withUTF8 { b -> Bool in
            var high: UInt8 = 0, cr = false
            for c in b { high |= c; cr = cr || c == 0x0D }
            guard high < 0x80, !cr else { return false }
            let n = b.count
            func last(_ k: Int) -> UInt8 { n >= k ? b[n - k] : 0 }
            if last(1) == UInt8(ascii: "s") {
                w.bytes(b)
            } else if (last(1) == UInt8(ascii: "h") && (last(2) == UInt8(ascii: "s") || last(2) == UInt8(ascii: "c")))
                        || last(1) == UInt8(ascii: "x") || last(1) == UInt8(ascii: "z") {
                w.bytes(b)
                w.raw("es")
            } else if last(1) == UInt8(ascii: "f") && last(2) == UInt8(ascii: "a") {
                w.bytes(UnsafeBufferPointer(rebasing: b[..<(n - 1)]))
                w.raw("ves")
            } else if last(1) == UInt8(ascii: "y"), n >= 2, !"aeiou".utf8.contains(last(2)) {
                w.bytes(UnsafeBufferPointer(rebasing: b[..<(n - 1)]))
                w.raw("ies")
            } else {
                w.bytes(b)
                w.byte(UInt8(ascii: "s"))
            }
            return true
        }
        if !done { w.text(plural(word)) }
    }

    /// The plural of a unit id or word ("can" → "cans", "pinch" → "pinches", "leaf" → "leaves").
    static func plural(_ word: String) -> String {
        if word.hasSuffix("s") { return word }
        if word.hasSuffix("sh") || word.hasSuffix("ch") || word.hasSuffix("x") || word.hasSuffix("z") { return word + "es" }
        if word.hasSuffix("af") { return String(word.dropLast()) + "ves" }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) { return String(word.dropLast()) + "ies" }
        return word + "s"
    }
}
