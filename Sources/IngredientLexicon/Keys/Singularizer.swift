/// Step 4 of the key spec: the singular of one folded word.
///
/// `plurals.tsv` and `invariants.tsv` are consulted first (see `KeyTableData.forms`); only a
/// word neither table knows reaches these rules, which work on the word's bytes:
///
/// | ending | rule | examples |
/// | --- | --- | --- |
/// | not `s`, or fewer than 4 letters | unchanged | `rice`, `gas`, `peas`→ see below |
/// | `ss`, `us` | unchanged | `sea bass`, `lemongrass`, `asparagus`, `hummus`, `couscous` |
/// | `ies` (5+ letters) | `ies` → `y` | `berries` → `berry`, `anchovies` → `anchovy` |
/// | `oes` (5+ letters) | drop `es` | `tomatoes` → `tomato`, `potatoes` → `potato` |
/// | `ches`, `shes`, `xes`, `sses`, `zzes` | drop `es` | `peaches` → `peach`, `radishes` → `radish`, `boxes` → `box` |
/// | any other `s` after a letter | drop `s` | `onions`, `olives`, `chiles`, `bananas`, `kiwis`, `peas` → `pea` |
///
/// A four-letter word ending in `ies`/`oes` only loses its `s` (`pies` → `pie`, `roes` → `roe`).
/// Words whose `s` follows a digit or a non-ASCII letter are left alone.
enum Singularizer {
    /// The rule's result for `word`: keep its first `keep` bytes, then append `y` if `appendY`.
    @inline(__always)
    static func rule(_ w: UnsafePointer<UInt8>, _ n: Int) -> (keep: Int, appendY: Bool) {
        guard n >= 4, w[n - 1] == 0x73 else { return (n, false) } // s
        let c1 = w[n - 2]
        guard (c1 &- 0x61) < 26 else { return (n, false) } // a-z before the s
        switch c1 {
        case 0x73, 0x75: // ss, us
            return (n, false)
        case 0x65: // es
            let c2 = w[n - 3]
            switch c2 {
            case 0x69: // ies
                return n >= 5 ? (n - 3, true) : (n - 1, false)
            case 0x6F: // oes
                return n >= 5 ? (n - 2, false) : (n - 1, false)
            case 0x68: // hes: ches, shes
                if n >= 5, w[n - 4] == 0x63 || w[n - 4] == 0x73 { return (n - 2, false) }
                return (n - 1, false)
            case 0x78: // xes
                return (n - 2, false)
            case 0x73: // sses
                if n >= 5, w[n - 4] == 0x73 { return (n - 2, false) }
                return (n - 1, false)
            case 0x7A: // zzes
                if n >= 5, w[n - 4] == 0x7A { return (n - 2, false) }
                return (n - 1, false)
            default:
                return (n - 1, false)
            }
        default:
            return (n - 1, false)
        }
    }

    /// The rule's singular of `word` as a String (for tests and table building).
    static func ruleSingular(_ word: String) -> String {
        let bytes = Array(word.utf8)
        guard !bytes.isEmpty else { return "" }
        let (keep, y) = bytes.withUnsafeBufferPointer { rule($0.baseAddress!, $0.count) }
        return String(decoding: bytes[0..<keep], as: UTF8.self) + (y ? "y" : "")
    }
}
