import ICUShim

/// Unicode transformations backed by the system ICU through the `ICUShim` C target.
///
/// Every function maps a string to a new string; ill-formed input never traps.
public enum UnicodeFolding {
    /// The transformation to apply.
    public enum Transform: Sendable {
        /// Full case folding: "Straße" → "strasse".
        case caseFold
        /// NFKC normalization: "ﬁ" → "fi".
        case nfkc
        /// NFKC, case folding and removal of default-ignorable code points in one step.
        case nfkcCaseFold
        /// Removes nonspacing marks after canonical decomposition: "jalapeño" → "jalapeno".
        case stripMarks
        /// NFC normalization, canonical composition: "e" + U+0300 → "è".
        case nfc

        var shimValue: iks_transform {
            switch self {
            case .caseFold: IKS_CASE_FOLD
            case .nfkc: IKS_NFKC
            case .nfkcCaseFold: IKS_NFKC_CASEFOLD
            case .stripMarks: IKS_STRIP_MARKS
            case .nfc: IKS_NFC
            }
        }
    }

    /// Applies `transform` to `text` through ICU.
    public static func apply(_ transform: Transform, to text: String) -> String {
        var input = text
        return input.withUTF8 { bytes in apply(transform, utf8: bytes) }
    }

    /// Applies `transform` to UTF-8 bytes (ill-formed sequences become U+FFFD).
    public static func apply(_ transform: Transform, utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.isEmpty { return "" }
        let input = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        let length = Int32(clamping: bytes.count)
        var capacity = max(64, bytes.count * 3 + 16)
        while true {
            let result: String? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out in
                let needed = out.withMemoryRebound(to: CChar.self) { chars in
                    iks_transform_utf8(transform.shimValue, input, length, chars.baseAddress, Int32(clamping: capacity))
                }
                if needed < 0 { return "" }
                if Int(needed) > capacity { capacity = Int(needed) + 1; return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: out[0..<Int(needed)]), as: UTF8.self)
            }
            if let result { return result }
        }
    }

    /// The version of the system ICU the library is linked against, such as "72.1".
    public static var icuVersion: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            buffer.initialize(repeating: 0)
            iks_icu_version(buffer.baseAddress)
            return String(cString: buffer.baseAddress!)
        }
    }
}
