/// An amount as a shopping list shows it: rounded to a kitchen amount in a sensible unit
/// ("1 tbsp", "1 ½ cups", "1.2 kg", "2 cans"), with the shown numbers kept apart.
public struct DisplayAmount: Hashable, Sendable {
    /// The shown quantity (the low end of a range).
    public var quantity: Double
    /// The shown high end of a range; equal to `quantity` otherwise.
    public var quantityMax: Double
    /// The unit id shown (`tablespoon`, `gram`, `can`); nil for a bare count.
    public var unit: String?
    /// The text: "1 ½ cups", "2–3 cloves", "400 g", "3".
    public var text: String
    /// Whether a count or package amount was rounded to a whole number for display (1.5 eggs
    /// → 2, 2.02 → 2); the exact amount is still in the item's `Measure`.
    public var isRounded: Bool
}
