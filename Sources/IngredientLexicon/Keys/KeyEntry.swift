/// What the key tables know about one word or word sequence (keyed by its hash), all in one
/// entry so that a word costs one look-up.
///
/// Raw words (as written) carry the singular-form fields and `commentStart`; words and
/// sequences in singular form carry the synonym and role fields; `spaceless` is keyed by
/// the hash of a whole name's bytes without spaces.
struct KeyEntry: Sendable {
    /// The synonym row this sequence names, or -1.
    var synonym: Int32 = -1
    /// The synonym row whose key or variant, spaces removed, hashes to this key, or -1.
    var spaceless: Int32 = -1
    /// The singular of this raw word: an index in `formPool`, -1 when it is invariant, -2 when
    /// the rules decide.
    var replacement: Int32 = -2
    /// `Bits` below.
    var bits: UInt8 = 0
    /// This raw word is a regular plural (the rules singularize it) of a word the tables
    /// know: `replacement` names its singular and the other fields are the singular's, so a
    /// name pays one look-up for it, not two.
    var carriesSingular = false

    enum Bits {
        /// The `KeyRole` raw value.
        static let roleMask: UInt8 = 0b11
        /// The synonym applies only to a whole name (`=variant`).
        static let wholeOnly: UInt8 = 1 << 2
        /// A longer synonym or key-word sequence starts with this one.
        static let continues: UInt8 = 1 << 3
        /// A phrase of `phrases.tsv` starts with this raw word.
        static let commentStart: UInt8 = 1 << 4
        /// A longer invariant phrase starts with these raw words.
        static let formContinues: UInt8 = 1 << 5
        /// These raw words are a whole invariant phrase.
        static let invariantPhrase: UInt8 = 1 << 6
        /// A `drop` word or phrase of `key-words.tsv` starts with this word.
        static let startsDrop: UInt8 = 1 << 7
    }

    var role: UInt8 { bits & Bits.roleMask }
}
