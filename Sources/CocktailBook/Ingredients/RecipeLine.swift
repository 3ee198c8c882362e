import CocktailsAPI

/// One line of a recipe, read into its parts. The original text is always kept, so a line the
/// parser does not understand still shows exactly as written.
public struct RecipeLine: Sendable, Equatable, Codable {
    /// The line as written.
    public var text: String
    /// How much, if the line says.
    public var amount: Amount?
    /// In what unit, if the line says.
    public var unit: MeasureUnit?
    /// What the line's ingredient is called in the line (`white rum`).
    public var ingredient: String?
    /// What follows the ingredient after a comma (`to top`, `freshly squeezed`).
    public var note: String?

    /// Creates a line from its parts.
    public init(
        text: String, amount: Amount? = nil, unit: MeasureUnit? = nil, ingredient: String? = nil, note: String? = nil
    ) {
        self.text = text
        self.amount = amount
        self.unit = unit
        self.ingredient = ingredient
        self.note = note
    }

    /// A quantity, or a range of quantities (`2-3 dashes`).
    public struct Amount: Sendable, Equatable, Codable {
        /// The quantity, or the low end of a range.
        public var value: Double
        /// The high end of a range.
        public var upperValue: Double?

        /// Creates an amount.
        public init(_ value: Double, upTo upperValue: Double? = nil) {
            self.value = value
            self.upperValue = upperValue
        }

        /// The amount to reckon with: the middle of a range.
        public var typical: Double { upperValue.map { (value + $0) / 2 } ?? value }
    }
}
