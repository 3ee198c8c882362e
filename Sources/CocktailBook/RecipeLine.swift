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

/// The units recipe lines use, with the volume each stands for when the ABV is estimated.
public enum MeasureUnit: String, Sendable, Codable, CaseIterable {
    case ml, cl, oz, tsp, tbsp, barspoon, dash, drop, splash, cup, part
    case slice, wedge, sprig, leaf, pinch, piece, top

    /// Millilitres in one unit; `nil` for solids.
    ///
    /// `top` is what a top-up adds to a built drink, taken as 90 ml; a `splash` as 7.5 ml; a dash
    /// as 0.9 ml, the figure bartenders use for bitters bottles. A `part` is relative; it is taken
    /// as 30 ml so that recipes written in parts still get an estimate (only ratios matter then).
    public var millilitres: Double? {
        switch self {
        case .ml: 1
        case .cl: 10
        case .oz: 29.57
        case .tsp, .barspoon: 5
        case .tbsp: 15
        case .dash: 0.9
        case .drop: 0.05
        case .splash: 7.5
        case .cup: 240
        case .top: 90
        case .part: 30
        case .slice, .wedge, .sprig, .leaf, .pinch, .piece: nil
        }
    }
}
