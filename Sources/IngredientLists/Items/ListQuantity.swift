/// One amount of a shopping-list item in one unit family. An item whose lines measure it in
/// different, unconvertible ways (`1 can tomatoes`, `400 g tomatoes`) has several: variants,
/// never a made-up sum.
public struct ListQuantity: Hashable, Sendable {
    /// What is still needed, exact, in the family's base unit (after the pantry).
    public var measure: Measure
    /// `measure` as shown.
    public var display: DisplayAmount
    /// The total the lines asked for, before the pantry.
    public var total: Measure
    /// What the pantry covered, in the same family; nil when nothing.
    public var onHand: Measure?
    /// `onHand` as shown, in the same system as `display`.
    public var onHandDisplay: DisplayAmount?
    /// How many source lines this amount sums.
    public var lineCount: Int
}
