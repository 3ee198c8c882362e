/// The families drinks are filed in, each defined once with its names and TheCocktailDB's
/// category for it. A drink's family follows written rules (see `Tests/Fixtures/README.md`).
public enum DrinkCategory: String, CaseIterable, Sendable, Codable {
    case sour = "Sour"
    case highball = "Highball"
    case spiritForward = "Spirit-forward"
    case tiki = "Tiki & Tropical"
    case julep = "Julep & Smash"
    case fizz = "Fizz & Collins"
    case punch = "Punch"
    case frozen = "Frozen"
    case sparkling = "Sparkling"
    case creamy = "Creamy"
    case hot = "Hot"
    case shot = "Shot"
    case coffee = "Coffee & Tea"
    case wine = "Wine & Aperitif"

    /// What the app knows about a family.
    public struct Entry: Sendable {
        public let english: String
        /// TheCocktailDB's `strCategory` for an alcoholic drink of the family. Non-alcoholic drinks
        /// are `Soft Drink` there, or `Coffee / Tea` when hot or made with coffee or tea.
        public let cocktailDB: String
    }

    public var entry: Entry {
        switch self {
        case .sour: Entry(english: "Sour", cocktailDB: "Cocktail")
        case .highball: Entry(english: "Highball", cocktailDB: "Ordinary Drink")
        case .spiritForward: Entry(english: "Spirit-forward", cocktailDB: "Cocktail")
        case .tiki: Entry(english: "Tiki & Tropical", cocktailDB: "Cocktail")
        case .julep: Entry(english: "Julep & Smash", cocktailDB: "Cocktail")
        case .fizz: Entry(english: "Fizz & Collins", cocktailDB: "Ordinary Drink")
        case .punch: Entry(english: "Punch", cocktailDB: "Punch / Party Drink")
        case .frozen: Entry(english: "Frozen", cocktailDB: "Cocktail")
        case .sparkling: Entry(english: "Sparkling", cocktailDB: "Cocktail")
        case .creamy: Entry(english: "Creamy", cocktailDB: "Cocktail")
        case .hot: Entry(english: "Hot", cocktailDB: "Coffee / Tea")
        case .shot: Entry(english: "Shot", cocktailDB: "Shot")
        case .coffee: Entry(english: "Coffee & Tea", cocktailDB: "Coffee / Tea")
        case .wine: Entry(english: "Wine & Aperitif", cocktailDB: "Ordinary Drink")
        }
    }

    /// TheCocktailDB's `strCategory` for a drink of this family.
    public func cocktailDB(alcoholic: Bool) -> String {
        if alcoholic { return entry.cocktailDB }
        return self == .hot || self == .coffee ? "Coffee / Tea" : "Soft Drink"
    }

    /// The family a catalog or an import names (`Sour`, `tiki & tropical`), in any case.
    public init?(named name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = found
    }

    /// Our family for a drink read from TheCocktailDB, whose categories are broader than ours:
    /// `Cocktail`, `Ordinary Drink` and `Soft Drink` are placed by glass and ingredients (whole,
    /// lower-cased words); `nil` when nothing fits.
    public init?(cocktailDB theirs: String?, glass: Glass?, ingredients: [String]) {
        let padded = ingredients.map { " " + String($0.lowercased().map { $0.isLetter ? $0 : " " }) + " " }
        func has(_ words: String...) -> Bool { padded.contains { name in words.contains { name.contains(" \($0) ") } } }
        switch theirs?.lowercased() {
        case "punch / party drink": self = .punch
        case "shot": self = .shot
        case "coffee / tea", "cocoa": self = .hot
        case "shake": self = .creamy
        case "cocktail", "ordinary drink", "soft drink":
            if glass == .hurricane || has("coconut", "pineapple", "orgeat", "falernum") {
                self = .tiki
            } else if has("cream", "milk", "egg yolk") {
                self = .creamy
            } else if [.highball, .collins, .copperMug, .copa].contains(glass) {
                self = .highball
            } else if has("lime", "lemon", "sour mix") {
                self = .sour
            } else if has("vermouth", "bitters", "whiskey", "whisky", "bourbon", "rye", "cognac", "gin", "rum") {
                self = .spiritForward
            } else {
                return nil
            }
        default: return nil
        }
    }
}
