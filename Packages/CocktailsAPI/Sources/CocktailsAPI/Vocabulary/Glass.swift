/// The glasses the book knows, each defined once with everything the app needs about it: its
/// names, TheCocktailDB's name for it and what its drawing needs. Pages, both APIs, the drawings,
/// the filters and the CLI all read ``entry``.
public enum Glass: String, CaseIterable, Sendable, Codable, Comparable {
    case coupe, martini
    case nickAndNora = "nick-and-nora"
    case rocks
    case doubleRocks = "double-rocks"
    case highball, collins
    case hurricane
    case copperMug = "copper-mug"
    case tikiMug = "tiki-mug"
    case flute, wine, margarita
    case julepCup = "julep-cup"
    case shot, copa, mug

    /// What the app knows about a glass.
    public struct Entry: Sendable {
        /// The name in English, as a label shows it (`Nick & Nora`, `Rocks glass`).
        public let english: String
        /// TheCocktailDB's `strGlass` for it; where TheCocktailDB has no such vessel, the one it files
        /// the classic drinks of that vessel under (a Zombie's tiki mug is a `Highball glass` there).
        public let cocktailDB: String
        /// Other `strGlass` values that mean this glass when read from TheCocktailDB.
        public let otherCocktailDBNames: [String]
        /// Millilitres that fill it to the line its drawing shows as full; `nil` for an opaque cup,
        /// whose drawing shows only the surface.
        public let capacity: Double?
        /// How the height of a drink grows with its volume: 1 for straight sides, ⅓ for a cone,
        /// ½ for a round bowl.
        public let fillExponent: Double
    }

    public var entry: Entry {
        switch self {
        case .coupe: Entry("Coupe", "Coupe Glass", capacity: 170, fill: 0.5)
        case .martini:
            Entry("Martini glass", "Cocktail glass", ["Martini Glass"], capacity: 180, fill: 1.0 / 3)
        case .nickAndNora:
            Entry(
                "Nick & Nora", "Cocktail glass", ["Nick and Nora Glass"], capacity: 140,
                fill: 0.5)
        case .rocks: Entry("Rocks glass", "Old-fashioned glass", capacity: 240)
        case .doubleRocks: Entry("Double rocks glass", "Whiskey Glass", capacity: 320)
        case .highball: Entry("Highball", "Highball glass", capacity: 320)
        case .collins: Entry("Collins glass", "Collins glass", capacity: 380)
        case .hurricane: Entry("Hurricane glass", "Hurricane glass", capacity: 420, fill: 0.8)
        case .copperMug: Entry("Copper mug", "Copper Mug", capacity: nil)
        case .tikiMug: Entry("Tiki mug", "Highball glass", capacity: nil)
        case .flute: Entry("Flute", "Champagne flute", capacity: 180, fill: 0.8)
        case .wine: Entry("Wine glass", "Wine Glass", ["White wine glass"], capacity: 320, fill: 0.6)
        case .margarita:
            Entry(
                "Margarita glass", "Margarita glass", ["Margarita/Coupette glass"], capacity: 260,
                fill: 1.0 / 3)
        case .julepCup: Entry("Julep cup", "Highball glass", capacity: 320)
        case .shot: Entry("Shot glass", "Shot glass", capacity: 45)
        case .copa: Entry("Copa (balloon glass)", "Balloon Glass", capacity: 450, fill: 0.5)
        case .mug: Entry("Mug", "Coffee mug", ["Irish coffee cup"], capacity: nil)
        }
    }

    /// The glass a catalog, an import or TheCocktailDB names: our identifier (`nick-and-nora`),
    /// our English name or one of TheCocktailDB's, in any case. Where several of our glasses share
    /// TheCocktailDB's name (`Highball glass` also holds tiki mugs), the plain glass wins.
    public init?(named name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let glass = Glass(rawValue: key) {
            self = glass
            return
        }
        let found =
            Self.allCases.first { $0.entry.english.lowercased() == key }
            ?? Self.allCases.first {
                $0.entry.cocktailDB.lowercased() == key
                    || $0.entry.otherCocktailDBNames.contains { $0.lowercased() == key }
            }
        guard let found else { return nil }
        self = found
    }

    /// The glass as English prose names it after "a" (`nick and nora glass`).
    public var englishPhrase: String { rawValue.replacingOccurrences(of: "-", with: " ") + " glass" }

    public static func < (lhs: Glass, rhs: Glass) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Glass.Entry {
    init(
        _ english: String, _ cocktailDB: String, _ others: [String] = [], capacity: Double?,
        fill: Double = 1
    ) {
        self.init(
            english: english, cocktailDB: cocktailDB, otherCocktailDBNames: others,
            capacity: capacity,
            fillExponent: fill)
    }
}
