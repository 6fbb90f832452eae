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
    public func format(_ measure: Measure, system: UnitDisplay.System) -> DisplayAmount {
        let dimension: UnitDefinition.Dimension
        switch measure.family {
        case .count, .package:
            let low = Self.roundUp(measure.low), high = Self.roundUp(measure.high)
            let rounded = abs(low - measure.low) > 1e-9 || abs(high - measure.high) > 1e-9
            var text = Self.decimal(low, places: 0)
            if high != low { text += "–" + Self.decimal(high, places: 0) }
            var unit: String?
            if case let .package(id) = measure.family {
                unit = id
                text += " " + (high == 1 ? id : Self.plural(id))
            }
            return DisplayAmount(quantity: low, quantityMax: high, unit: unit, text: text, isRounded: rounded)
        case .volume: dimension = .volume
        case .mass: dimension = .mass
        case .length: dimension = .length
        }
        // The other system's units when this one has none.
        let own = Self.slot(dimension, system).map { candidates[$0] } ?? []
        let choices = own.isEmpty ? Self.slot(dimension, system == .us ? .metric : .us).map { candidates[$0] } ?? [] : own
        guard !choices.isEmpty else {
            let text = Self.decimal(measure.low, places: 2) + " " + measure.family.baseUnit
            return DisplayAmount(quantity: measure.low, quantityMax: measure.high, unit: measure.family.baseUnit, text: text, isRounded: false)
        }
        // Candidates are read in place by index: a copy of one retains its three strings.
        let smallestFactor = choices[choices.count - 1].factor
        var chosen = choices.count - 1
        for k in choices.indices {
            let factor = choices[k].factor
            let v = measure.low / factor
            guard let minimum = choices[k].unit.minimum, v >= minimum * 0.99 else { continue }
            // US units need a kitchen amount (1 ½ cups, not 1.06 cups) unless the value is large.
            if choices[k].unit.system == .metric || v >= 10 || Self.kitchenFraction(v) != nil || factor == smallestFactor {
                chosen = k
                break
            }
        }
        let factor = choices[chosen].factor, chosenSystem = choices[chosen].unit.system
        let low = measure.low / factor, high = measure.high / factor
        let (lowValue, lowText) = Self.number(low, system: chosenSystem)
        var text = lowText
        var highValue = lowValue
        if measure.isRange {
            let (hv, ht) = Self.number(high, system: chosenSystem)
            highValue = hv
            if ht != lowText { text += "–" + ht }
        }
        text += " "
        text += highValue <= 1 ? choices[chosen].unit.singular : choices[chosen].unit.plural
        return DisplayAmount(quantity: lowValue, quantityMax: highValue, unit: choices[chosen].unit.unit, text: text, isRounded: false)
    }

    /// A count rounded up to a whole number (a little over a whole number stays it; anything
    /// above zero shows at least 1).
    static func roundUp(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return max(1, (value - countSlack).rounded(.up))
    }

    /// A value as shown in `system`, with its text: kitchen fractions for US units when
    /// close enough, otherwise decimals (whole numbers from 10 up, two decimals below).
    static func number(_ value: Double, system: UnitDisplay.System) -> (Double, String) {
        if system == .us, let (v, text) = kitchenFraction(value) { return (v, text) }
        let places = value >= 10 ? 0 : 2
        return (decimalValue(value, places: places), decimal(value, places: places))
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

    /// The fractions a kitchen measures in, as (value, glyph).
    static let fractions: [(Double, String)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (1.0 / 2, "½"),
        (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1, ""),
    ]

    /// `value` as a whole number and kitchen fraction ("1 ½", "⅓", "2") when it is within
    /// `fractionTolerance` of one, else nil.
    static func kitchenFraction(_ value: Double) -> (Double, String)? {
        guard value > 0, value < 1e9 else { return nil }
        let whole = value.rounded(.down)
        let part = value - whole
        // By index: a copy of an entry is a call to retain its glyph.
        let table = fractions
        var best = 0
        for k in table.indices where abs(part - table[k].0) < abs(part - table[best].0) { best = k }
        let shown = whole + table[best].0
        guard shown > 0, abs(shown - value) <= fractionTolerance * value else { return nil }
        let w = Int(shown.rounded(.down))
        let glyph = table[best].0 == 1 ? "" : table[best].1
        switch (w, glyph.isEmpty) {
        case (0, _): return (shown, glyph)
        case (_, true): return (shown, String(w))
        default: return (shown, String(w) + " " + glyph)
        }
    }

    /// `value` with at most `places` decimals, trailing zeros dropped ("1.25", "2", "0.5").
    static func decimal(_ value: Double, places: Int) -> String {
        guard let (scaled, scale) = rounded(value, places: places) else { return String(value) }
        let n = Int64(scaled)
        let unit = Int64(scale)
        // Written as bytes, then made a String once (short ones need no memory of their own):
        // amounts are formatted for every source line of a list, and piecing Strings
        // together cost more than the rest.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22 + places) { text in
            var w = ByteWriter(base: text.baseAddress!)
            if value < 0 && n != 0 { w.byte(UInt8(ascii: "-")) }
            w.digits(UInt64(n / unit))
            var end = w.count
            let fraction = n % unit
            if fraction != 0 {
                // The fraction's `places` digits, zero-padded (fraction < unit = 10^places), are
                // those of unit + fraction after its leading 1, whose place takes the point;
                // trailing zeros are dropped.
                let point = w.count
                w.digits(UInt64(unit + fraction))
                text[point] = UInt8(ascii: ".")
                end = w.count
                while text[end - 1] == UInt8(ascii: "0") { end -= 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<end]), as: UTF8.self)
        }
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
