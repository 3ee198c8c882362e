/// The units recipe lines use, each defined once: how it is written in English (other languages
/// name it in their names tables), the
/// spellings the parser reads, and the volume it stands for.
public enum MeasureUnit: String, Sendable, Codable, CaseIterable {
    case ml, cl, oz, tsp, tbsp, barspoon, dash, drop, splash, cup, part
    case slice, wedge, sprig, leaf, pinch, piece, top

    /// What the app knows about a unit.
    public struct Entry: Sendable {
        /// English, for one and for more (`dash`, `dashes`).
        public let english: (one: String, other: String)
        /// Millilitres in one, for the strength estimate; `nil` for solids.
        ///
        /// `top` is what a top-up adds to a built drink, taken as 90 ml; a `splash` as 7.5 ml; a
        /// dash as 0.9 ml, the figure bartenders use for bitters bottles. A `part` is relative; it
        /// is taken as 30 ml so that recipes written in parts still get an estimate.
        public let millilitres: Double?
        /// What else recipes write for it, read by the parser (longest first wins).
        public let spellings: [String]
    }

    public var entry: Entry {
        switch self {
        case .ml:
            Entry(
                ("ml", "ml"), 1,
                ["ml", "mls", "millilitres", "milliliters", "millilitre", "milliliter"])
        case .cl:
            Entry(
                ("cl", "cl"), 10, ["cl", "centilitres", "centiliters", "centilitre", "centiliter"])
        case .oz:
            Entry(
                ("oz", "oz"), 29.57,
                ["fl oz", "fl. oz.", "fl. oz", "fluid ounces", "fluid ounce", "ounces", "ounce", "oz.", "oz"])
        case .tsp:
            Entry(
                ("tsp", "tsp"), 5,
                ["teaspoons", "teaspoon", "tsps", "tsp.", "tsp"])
        case .tbsp:
            Entry(
                ("tbsp", "tbsp"), 15,
                ["tablespoons", "tablespoon", "tbsps", "tbsp.", "tbsp", "tblsp"])
        case .barspoon:
            Entry(
                ("barspoon", "barspoons"), 5,
                ["barspoons", "barspoon", "bar spoons", "bar spoon"])
        case .dash: Entry(("dash", "dashes"), 0.9, ["dashes", "dash"])
        case .drop: Entry(("drop", "drops"), 0.05, ["drops", "drop"])
        case .splash: Entry(("splash", "splashes"), 7.5, ["splashes", "splash"])
        case .cup: Entry(("cup", "cups"), 240, ["cups", "cup"])
        case .part: Entry(("part", "parts"), 30, ["parts", "part"])
        case .slice: Entry(("slice", "slices"), nil, ["slices", "slice"])
        case .wedge: Entry(("wedge", "wedges"), nil, ["wedges", "wedge"])
        case .sprig: Entry(("sprig", "sprigs"), nil, ["sprigs", "sprig"])
        case .leaf: Entry(("leaf", "leaves"), nil, ["leaves", "leaf"])
        case .pinch: Entry(("pinch", "pinches"), nil, ["pinches", "pinch"])
        case .piece: Entry(("piece", "pieces"), nil, ["pieces", "piece"])
        case .top: Entry(("top up", "top up"), 90, [])
        }
    }

    /// Millilitres in one, for the strength estimate; `nil` for solids.
    public var millilitres: Double? { entry.millilitres }
}

extension MeasureUnit.Entry {
    init(
        _ english: (String, String), _ millilitres: Double?,
        _ spellings: [String]
    ) {
        self.init(
            english: english, millilitres: millilitres,
            spellings: spellings)
    }
}
