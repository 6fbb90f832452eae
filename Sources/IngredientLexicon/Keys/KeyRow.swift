/// A word inside a row's key: its bytes in `keyBytes` and its hash.
struct KeyRowWord: Sendable {
    var start: Int
    var length: Int
    var hash: UInt64
}

/// One row of `synonyms.tsv`, normalized.
struct KeyRow: Sendable {
    var key: String
    var keyBytes: [UInt8]
    var words: [KeyRowWord]
    var enUS: String
    var enGB: String
    /// Whether each display name is only another way of writing the key ("Brussels
    /// sprouts" for `brussels sprout`, not "serrano chile" for `serrano`): such a name may
    /// stand for the key inside longer keys.
    var enUSIsForm: Bool
    var enGBIsForm: Bool

    /// The name to show for the key inside a longer key in `locale`, if any: a form of the
    /// key, or a British name that differs from the American one.
    func inner(_ locale: DisplayLocale) -> String? {
        switch locale {
        case .enUS: enUSIsForm ? enUS : nil
        case .enGB: enGBIsForm || enGB != enUS ? enGB : nil
        }
    }

    func display(_ locale: DisplayLocale) -> String {
        switch locale {
        case .enUS: enUS
        case .enGB: enGB
        }
    }
}
