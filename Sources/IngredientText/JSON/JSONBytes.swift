/// Writes JSON text as UTF-8 bytes: strings with every needed escape, numbers with at most
/// six decimals. The writers of every JSON contract (`ingest parse`, `import`, `list --json`)
/// build on it.
package enum JSONBytes {
    /// Runs `body` with a writer over `capacity` bytes of room, and `out` grows by exactly
    /// what it wrote. The room is `out`'s own spare capacity, so nothing is zero-filled or
    /// copied; where the standard library lacks `append(addingCapacity:)` (older Apple systems)
    /// it is a temporary allocation (on the stack unless it is large), copied to `out`.
    @inlinable @inline(__always)
    package static func append(upTo capacity: Int, to out: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            out.append(addingCapacity: capacity) { span in
                span.withUnsafeMutableBufferPointer { room, written in
                    var w = ByteWriter(base: room.baseAddress!)
                    body(&w)
                    assert(w.count <= capacity, "JSON room of \(capacity) bytes overrun: \(w.count)")
                    written = w.count
                }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
            var w = ByteWriter(base: room.baseAddress!)
            body(&w)
            assert(w.count <= capacity, "JSON room of \(capacity) bytes overrun: \(w.count)")
            out.append(contentsOf: UnsafeBufferPointer(start: room.baseAddress!, count: w.count))
        }
    }

    /// Appends `text` as a JSON string.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        append(upTo: text.utf8.count * 6 + 2, to: &out) { $0.string(text) }
    }

    /// Appends a JSON string, or null (for other records written beside parsed lines).
    package static func string(_ text: String?, _ out: inout [UInt8]) {
        guard let text else { out.append(contentsOf: "null".utf8); return }
        appendString(text, to: &out)
    }

    /// Appends a JSON number with at most six decimals, or null.
    static func number(_ value: Double?, _ out: inout [UInt8]) {
        guard let value else { out.append(contentsOf: "null".utf8); return }
        appendNumber(value, to: &out)
    }

    /// Appends `value` as a JSON number with at most six decimals.
    package static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        append(upTo: 48, to: &out) { $0.number(value) }
    }
}

/// Writes JSON pieces through a pointer into room the caller reserved.
///
/// Its small writers are inlinable, so that the renderers in other modules (the JSON line of
/// `ingest parse`) compile to the same straight-line stores as before the module split.
@usableFromInline package struct ByteWriter {
    /// Where the bytes start.
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    @usableFromInline package internal(set) var count = 0

    @inlinable
    package init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inlinable @inline(__always)
    package mutating func byte(_ b: UInt8) {
        base[count] = b
        count &+= 1 // wrapping: the count stays within the room the caller reserved
    }

    /// Copies `b`. Most pieces are short (literals, words, names, inputs), so up to 64 bytes are
    /// copied with overlapping loads and stores rather than a call to memmove.
    @inlinable @inline(__always)
    package mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let source = b.baseAddress else { return }
        let n = b.count
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base + count)
        if n > 16 && n <= 32 {
            let head = from.loadUnaligned(as: SIMD16<UInt8>.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: head, as: SIMD16<UInt8>.self)
            to.storeBytes(of: tail, toByteOffset: n - 16, as: SIMD16<UInt8>.self)
        } else if n >= 8 && n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for k in 0..<n { base[count &+ k] = source[k] }
        } else if n <= 64 {
            // 33–64 bytes (most inputs): the first and last 32 as above.
            let a = from.loadUnaligned(as: SIMD16<UInt8>.self)
            let b = from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            let c = from.loadUnaligned(fromByteOffset: n - 32, as: SIMD16<UInt8>.self)
            let d = from.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: a, as: SIMD16<UInt8>.self)
            to.storeBytes(of: b, toByteOffset: 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: c, toByteOffset: n - 32, as: SIMD16<UInt8>.self)
            to.storeBytes(of: d, toByteOffset: n - 16, as: SIMD16<UInt8>.self)
        } else {
            (base + count).update(from: source, count: n)
        }
        count &+= n
    }

    /// A JSON string of bytes known to need no escaping (`isPlain`), quoted.
    @inlinable @inline(__always)
    package mutating func plainString(_ b: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        bytes(b)
        byte(0x22)
    }

    /// The UTF-8 bytes of `text` as they are: no quotes, no escaping (text that is not JSON,
    /// such as a shopping list's display text).
    @inlinable @inline(__always)
    package mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { bytes($0) }
    }

    /// Drops the bytes written after the first `newCount` (at most `count`).
    @inlinable @inline(__always)
    package mutating func drop(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// The bytes of a literal.
    @inlinable @inline(__always)
    package mutating func raw(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @usableFromInline static let hex: StaticString = "0123456789abcdef"

    /// A string's content, escaping quotes, backslashes and control characters. The work is
    /// kept out of line (`escaped(_:into:at:)`): a line's object writes several strings, and
    /// one shared copy keeps the renderer small enough for the instruction cache.
    @inlinable @inline(__always)
    package mutating func escaped(_ b: UnsafeBufferPointer<UInt8>) {
        count = Self.escaped(b, into: base, at: count)
    }

    /// `escaped` over a writer's pointer and count passed as values (and the new count
    /// returned), so that a writer that is its caller's local variable stays in registers: a
    /// call that took it `inout` kept it in memory, stored and loaded around every piece.
    @inline(never)
    @usableFromInline package static func escaped(_ b: UnsafeBufferPointer<UInt8>, into base: UnsafeMutablePointer<UInt8>,
                                                  at count: Int) -> Int {
        var w = ByteWriter(base: base)
        w.count = count
        w.escapedInPlace(b)
        return w.count
    }

    @inline(__always)
    mutating func escapedInPlace(_ b: UnsafeBufferPointer<UInt8>) {
        guard let base = b.baseAddress else { return }
        // Plain text (most units, keys and words) copied whole, tested eight bytes at a time.
        if b.count >= 4, Self.isPlain(b) {
            bytes(b)
            return
        }
        var runStart = 0
        var i = 0
        while i < b.count {
            // Eight bytes at a time while none needs escaping (most text).
            if i + 8 <= b.count,
               !Self.needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let c = b[i]
            i += 1
            guard Self.needsEscape(c) else { continue }
            let at = i - 1
            bytes(UnsafeBufferPointer(rebasing: b[runStart..<at]))
            byte(0x5C)
            switch c {
            case 0x22: byte(0x22)
            case 0x5C: byte(0x5C)
            case 0x0A: byte(0x6E)
            case 0x0D: byte(0x72)
            case 0x09: byte(0x74)
            default:
                let hex = Self.hex.utf8Start
                byte(0x75); byte(0x30); byte(0x30)
                byte(hex[Int(c >> 4)]); byte(hex[Int(c & 0xF)])
            }
            runStart = i
        }
        bytes(UnsafeBufferPointer(rebasing: b[runStart...]))
    }

    /// Whether a byte is a control character, `"`, `\` or DEL: the bytes a JSON string escapes.
    @inlinable @inline(__always)
    static func needsEscape(_ c: UInt8) -> Bool { c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F }

    /// Whether none of the bytes needs escaping, so that `escaped` would copy them as they are:
    /// eight at a time, the last eight overlapping the words before (four and four for 4–7 bytes).
    @inlinable @inline(__always)
    package static func isPlain(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let raw = UnsafeRawPointer(base), n = b.count
        if n >= 8 {
            var k = 0
            while k &+ 8 < n {
                if needsEscape(raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) { return false }
                k &+= 8
            }
            return !needsEscape(raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
        }
        if n >= 4 {
            return !needsEscape(UInt64(raw.loadUnaligned(as: UInt32.self))
                                | UInt64(raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)) << 32)
        }
        for k in 0..<n where needsEscape(b[k]) { return false }
        return true
    }

    /// Whether any of eight bytes is a control character, `"`, `\` or DEL (exact: bit tricks
    /// for "some byte is below 0x20" and "some byte equals c").
    @inlinable @inline(__always)
    static func needsEscape(_ x: UInt64) -> Bool {
        ByteBlock.contains(x, below: 0x20) || ByteBlock.contains(x, 0x22) || ByteBlock.contains(x, 0x5C)
            || ByteBlock.contains(x, 0x7F)
    }

    /// A JSON string, or null.
    @inlinable @inline(__always)
    package mutating func string(_ s: String?) {
        count = Self.string(s, into: base, at: count)
    }

    /// `string` over a writer's pointer and count as values (see `escaped(_:into:at:)`).
    @inline(never)
    @usableFromInline package static func string(_ s: String?, into base: UnsafeMutablePointer<UInt8>, at count: Int) -> Int {
        var w = ByteWriter(base: base)
        w.count = count
        w.stringInPlace(s)
        return w.count
    }

    @inline(__always)
    mutating func stringInPlace(_ s: String?) {
        guard let s else { raw("null"); return }
        byte(0x22)
        // The bytes read in place (a native string's, small or not), without the copy (and
        // its retain and release) that `withUTF8` needs.
        if s.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = s
            copy.withUTF8 { escaped($0) }
        }
        byte(0x22)
    }

    /// Decimal digits of `n`, made by dividing by the constant 10 (a multiply and shift),
    /// last first.
    @inlinable @inline(__always)
    package mutating func digits(_ n: UInt64) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var v = n, k = 24
            repeat {
                k -= 1
                buffer[k] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                v /= 10
            } while v > 0
            bytes(UnsafeBufferPointer(rebasing: UnsafeRawBufferPointer(buffer).bindMemory(to: UInt8.self)[k...]))
        }
    }

    /// A JSON number rounded to six decimals, or null; the most common quantities (nil and the
    /// whole numbers 0–9) written inline, the rest by `number`.
    @inlinable @inline(__always)
    package mutating func quantity(_ value: Double?) {
        guard let v = value else { raw("null"); return }
        if v >= 0, v < 10, let digit = Self.wholeNumber(v) {
            byte(0x30 &+ UInt8(truncatingIfNeeded: digit))
            return
        }
        number(v)
    }

    /// `v` (0 ≤ `v` < 2⁵²) as a whole number, or nil when it has a fraction. Adding 2⁵² leaves
    /// the nearest whole number in the low bits of the significand (from 2⁵² on, doubles are one
    /// apart), and `v` is whole when taking 2⁵² back gives it again: no conversion to Int, whose
    /// range tests the optimizer keeps even after `v` was tested.
    @inlinable @inline(__always)
    static func wholeNumber(_ v: Double) -> UInt64? {
        let shifted = v + 0x1p52
        guard shifted - 0x1p52 == v else { return nil }
        return shifted.bitPattern & 0x000F_FFFF_FFFF_FFFF
    }

    /// A JSON number rounded to six decimals, or null.
    @inlinable @inline(__always)
    package mutating func number(_ value: Double?) {
        count = Self.number(value, into: base, at: count)
    }

    /// `number` over a writer's pointer and count as values (see `escaped(_:into:at:)`).
    @inline(never)
    @usableFromInline static func number(_ value: Double?, into base: UnsafeMutablePointer<UInt8>, at count: Int) -> Int {
        var w = ByteWriter(base: base)
        w.count = count
        guard let value, value.isFinite else { w.raw("null"); return w.count }
        if value >= 0, value < 1000, w.simpleNumber(value) { return w.count }
        w.anyNumber(value)
        return w.count
    }

    /// Writes `v` (0 ≤ `v` < 1000) as `number` does when it is a whole number of eighths or
    /// thirds (most quantities: whole numbers, halves, quarters, thirds), and returns whether
    /// it did. Eighths print exactly (`v` · 10⁶ is a whole number); a double within 10⁻⁹ of a
    /// third is rounded by `number` to …333333 or …666667 (it is further than 0.1 millionth
    /// from a half millionth).
    @inlinable @inline(__always)
    mutating func simpleNumber(_ v: Double) -> Bool {
        if let eighths = Self.wholeNumber(v * 8) { // v · 8 is exact
            smallWholeNumber(eighths >> 3)
            // The fraction's text, four bytes each (written whole: the room has them) and its
            // length in the nibbles of a constant.
            let fraction = Int(truncatingIfNeeded: eighths & 7)
            let text = UnsafeRawPointer(Self.eighthFractions.utf8Start).loadUnaligned(fromByteOffset: 4 &* fraction, as: UInt32.self)
            UnsafeMutableRawPointer(base + count).storeBytes(of: text, as: UInt32.self)
            count &+= (0x4342_4340 &>> (4 &* fraction)) & 0xF
            return true
        }
        // The nearest whole number of thirds, by adding 1.5·2⁵² (`t` is below 3000).
        let t = v * 3
        let shifted = t + 0x1.8p52
        guard abs(t - (shifted - 0x1.8p52)) <= 1e-9 else { return false }
        let thirds = shifted.bitPattern & 0xFFF
        let whole = thirds / 3, remainder = thirds &- whole &* 3
        guard remainder != 0 else { return false } // (not a whole number: it has a fraction)
        smallWholeNumber(whole)
        // ".333333" or ".666667", written as eight bytes (the room has them).
        let text: UInt64 = remainder == 1 ? 0x0033_3333_3333_332E : 0x0037_3636_3636_362E
        UnsafeMutableRawPointer(base + count).storeBytes(of: text, as: UInt64.self)
        count &+= 7
        return true
    }

    /// The fractions of eighths as `number` writes them, four bytes each.
    @usableFromInline static let eighthFractions: StaticString = "    .125.25 .375.5  .625.75 .875"

    /// The digits of `n` (below 1000).
    @inlinable @inline(__always)
    mutating func smallWholeNumber(_ n: UInt64) {
        let n = UInt32(truncatingIfNeeded: n)
        if n < 10 {
            byte(0x30 &+ UInt8(truncatingIfNeeded: n))
        } else if n < 100 {
            pair(n)
        } else {
            byte(0x30 &+ UInt8(truncatingIfNeeded: n / 100))
            pair(n % 100)
        }
    }

    /// `number` of a finite value, by the general rule.
    @usableFromInline @inline(never)
    mutating func anyNumber(_ value: Double) {
        var v = value
        if v < 0 { byte(0x2D); v = -v }
        // Whole numbers print exactly; large non-whole ones in Swift's shortest form; the rest
        // are rounded to millionths without libm (`Rounding`).
        if v < 0x1p52 {
            if let whole = Self.wholeNumber(v) {
                // The whole numbers 0–9 (the most common quantities) as one byte.
                if whole < 10 { byte(0x30 &+ UInt8(truncatingIfNeeded: whole)) } else { digits(whole) }
                return
            }
        } else if v < 1e18 {
            // Converted through Int64 (`v` is finite and not negative here): one conversion
            // instruction and a range test, where UInt64 is emulated.
            let d = Int64(v)
            if Double(d) == v { digits(UInt64(d)); return }
        }
        if v >= 1e9 {
            var text = "\(v)"
            text.withUTF8 { bytes($0) }
            return
        }
        let micros = Rounding.halfAwayFromZero(v * 1_000_000)
        let whole = micros / 1_000_000, fraction = micros % 1_000_000
        if whole < 10 { byte(0x30 &+ UInt8(truncatingIfNeeded: whole)) } else { digits(whole) }
        guard fraction > 0 else { return }
        // Six digits, two at a time, then the trailing zeros taken back.
        byte(0x2E)
        let fraction32 = UInt32(truncatingIfNeeded: fraction)
        pair(fraction32 / 10_000)
        pair(fraction32 / 100 % 100)
        pair(fraction32 % 100)
        while base[count &- 1] == 0x30 { count &-= 1 }
    }

    /// `k` thousandths (0…1000) as `number(Double(k) / 1000)` writes them: "0", "1", or "0."
    /// and three digits without their trailing zeros.
    @inlinable @inline(__always)
    package mutating func thousandths(_ k: Int) {
        if k == 0 || k == 1000 {
            byte(k == 0 ? 0x30 : 0x31)
            return
        }
        let n = UInt32(truncatingIfNeeded: k)
        base[count] = 0x30
        base[count &+ 1] = 0x2E
        base[count &+ 2] = 0x30 &+ UInt8(truncatingIfNeeded: n / 100)
        count &+= 3
        pair(n % 100)
        // Trailing zeros taken back (at least one digit after the point stays: k > 0).
        while base[count &- 1] == 0x30 { count &-= 1 }
    }

    @usableFromInline static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The two decimal digits of `n` (below 100).
    @inlinable @inline(__always)
    mutating func pair(_ n: UInt32) {
        let p = Self.pairs.utf8Start + 2 * Int(n)
        base[count] = p[0]
        base[count &+ 1] = p[1]
        count &+= 2
    }
}
