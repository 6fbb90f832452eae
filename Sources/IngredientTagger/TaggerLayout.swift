/// The shape of the tagger's weight tables, shared by the model, the parser's scorer and
/// training: the labels (one weight lane each), the context offsets a feature is weighted at,
/// and the spare vectors at either end of a line's emission buffer. Constants the compiler
/// folds into the parser's loops.
@usableFromInline package enum TaggerLayout {
    /// The labels' codes in weight order, as the model file names them (the parser's `Label`
    /// has the same order).
    package static let labelCodes = ["QTY", "UNIT", "SIZE", "NAME", "PREP", "COMMENT", "PURPOSE", "PUNC"]
    /// The number of labels: weights per feature and offset, one lane each.
    @inlinable package static var labelCount: Int { 8 }
    /// Context offsets weighted: -2…+2 from the token labeled.
    @inlinable package static var offsets: Int { 5 }
    /// Weights per context row: one vector of labels per offset.
    @inlinable package static var rowWidth: Int { offsets * labelCount }
    /// Spare vectors at either end of a line's emission buffer: what context rows spill
    /// beyond the line lands there.
    @inlinable package static var padMargin: Int { 2 }
}
