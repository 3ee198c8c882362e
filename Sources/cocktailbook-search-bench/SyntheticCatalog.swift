import CocktailBook
import CocktailsAPI
import Foundation

/// SplitMix64: small, fast and fully deterministic, so every run sees the same catalogs.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (no `Int.random(in:using:)`, whose algorithm may change
    /// between standard library versions).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Builds catalogs that look like the real one: the 170 bundled cocktails first, then invented
/// ones with names, recipes and descriptions assembled from realistic word lists.
struct SyntheticCatalog {
    let real: [Cocktail]
    let table: IngredientTable

    private let byKind: [Ingredient.Kind: [Ingredient]]

    init(real: [Cocktail], table: IngredientTable) {
        self.real = real
        self.table = table
        byKind = Dictionary(grouping: table.ingredients, by: \.kind)
    }

    /// `count` cocktails made of copies of the real ones (with their Italian texts and variants),
    /// renamed as `scripts/bench_http.py` renames them: a book of that size as people write one.
    func copies(count: Int) -> [Cocktail] {
        (0..<count).map { index in
            var drink = real[index % real.count]
            let round = index / real.count
            if round > 0 {
                drink.id += "-\(round + 1)"
                drink.name += " \(round + 1)"
                drink.imageName += "-\(round + 1)"
                drink.shortDescription += " (\(round + 1))"
            }
            return drink
        }
    }

    /// `count` cocktails (the real ones included), the same for the same `count` and `seed`.
    func make(count: Int, seed: UInt64 = 0xC0C7_7A11) -> [Cocktail] {
        var rng = SeededGenerator(seed: seed)
        var cocktails = Array(real.prefix(count))
        cocktails.reserveCapacity(count)
        var serial = 0
        while cocktails.count < count {
            serial += 1
            cocktails.append(invent(serial: serial, rng: &rng))
        }
        return cocktails
    }

    private func invent(serial: Int, rng: inout SeededGenerator) -> Cocktail {
        let alcoholic = rng.chance(82)
        let base = rng.pick(Words.bases)
        let name = makeName(base: base, alcoholic: alcoholic, rng: &rng)
        let lines = makeRecipe(alcoholic: alcoholic, rng: &rng)
        let featured = lines.prefix(3).map(\.ingredient)
        let (short, long) = makeDescriptions(name: name, base: base, featured: featured, rng: &rng)
        return Cocktail(
            id: "s\(serial)", name: name, kind: alcoholic ? .alcoholic : .nonAlcoholic,
            shortDescription: short, longDescription: long, preparationMinutes: 2 + rng.below(9),
            imageName: "synthetic-\(serial % 97)", ingredients: lines.map(\.text),
            glass: rng.pick(Glass.allCases), category: rng.pick(DrinkCategory.allCases),
            method: rng.pick([.shaken, .stirred, .built, .blended, .swizzled]),
            garnish: rng.pick(Words.garnishes), tags: [rng.pick(Words.flavours).lowercased()],
            dateModified: "2024-0\(1 + rng.below(9))-1\(rng.below(10))T12:00:00Z"
        )
    }

    private func makeName(base: String, alcoholic: Bool, rng: inout SeededGenerator) -> String {
        let virgin = alcoholic ? "" : rng.pick(["Virgin ", "", "Zero-Proof ", ""])
        switch rng.below(10) {
        case 0, 1, 2: return "\(virgin)\(rng.pick(Words.adjectives)) \(base)"
        case 3, 4: return "\(virgin)\(rng.pick(Words.adjectives)) \(base) No. \(1 + rng.below(99))"
        case 5: return "\(virgin)\(rng.pick(Words.places)) \(base)"
        case 6: return "\(rng.pick(Words.adjectives)) \(rng.pick(Words.nouns)) \(base)"
        case 7: return "The \(rng.pick(Words.nouns)) \(base)"
        case 8: return "\(rng.pick(Words.people))'s \(base)"
        default: return "\(virgin)\(rng.pick(Words.adjectives)) \(rng.pick(Words.nouns))"
        }
    }

    private struct Line {
        var text: String
        var ingredient: String
    }

    /// 3–6 lines in the catalog's grammar (`1 1/2 oz London dry gin`, `2 dashes Angostura
    /// bitters`, `Top with soda water`), naming table entries by their name or an alias.
    private func makeRecipe(alcoholic: Bool, rng: inout SeededGenerator) -> [Line] {
        let count = 3 + rng.below(4)
        var plan: [Ingredient.Kind] = alcoholic ? [.spirit] : [.juice]
        let extras: [Ingredient.Kind] =
            alcoholic
            ? [
                .liqueur, .juice, .syrup, .fortifiedWine, .bitters, .mixer, .liqueur, .juice, .herb, .fruit, .wine,
                .egg, .spice,
            ]
            : [.juice, .syrup, .mixer, .fruit, .herb, .juice, .syrup, .spice, .dairy, .other]
        while plan.count < count { plan.append(rng.pick(extras)) }
        var used = Set<String>()
        var lines: [Line] = []
        for kind in plan {
            guard let candidates = byKind[kind], !candidates.isEmpty else { continue }
            let entry = rng.pick(candidates)
            guard used.insert(entry.name).inserted else { continue }
            let written = !entry.aliases.isEmpty && rng.chance(25) ? rng.pick(entry.aliases) : entry.name
            lines.append(Line(text: line(for: kind, ingredient: written, rng: &rng), ingredient: written))
        }
        return lines
    }

    /// A line for one ingredient. Amounts come in oz, ml or cl and a fifth of the liquid lines
    /// carry a note, so that a large catalog has tens of thousands of distinct lines, as a real
    /// one would, rather than a few hundred.
    private func line(for kind: Ingredient.Kind, ingredient: String, rng: inout SeededGenerator) -> String {
        func volume(_ scale: Double) -> String {
            switch rng.below(10) {
            case 0..<5:
                return
                    "\(rng.pick(["1/4", "1/3", "1/2", "2/3", "3/4", "1", "1 1/4", "1 1/2", "1 3/4", "2", "2 1/4", "2 1/2"])) oz"
            case 5..<8:
                return
                    "\(Int((Double(rng.pick([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 75])) * scale).rounded())) ml"
            default: return "\(rng.pick(["0.5", "1", "1.5", "2", "2.5", "3", "4", "4.5", "5", "6"])) cl"
            }
        }
        func note() -> String {
            rng.chance(20)
                ? rng.pick([
                    ", chilled", ", freshly squeezed", ", preferably fresh", ", well chilled", ", strained",
                    ", homemade", ", to taste",
                ]) : ""
        }
        switch kind {
        case .spirit, .juice, .dairy: return "\(volume(1)) \(ingredient)\(note())"
        case .liqueur, .fortifiedWine:
            return rng.chance(85) ? "\(volume(0.5)) \(ingredient)\(note())" : "1 barspoon \(ingredient)"
        case .syrup:
            return rng.chance(70) ? "\(volume(0.5)) \(ingredient)\(note())" : "\(1 + rng.below(2)) tsp \(ingredient)"
        case .bitters: return "\(rng.pick(["1 dash", "2 dashes", "3 dashes", "2-3 dashes", "4 drops"])) \(ingredient)"
        case .mixer, .wine, .beer:
            return rng.chance(40) ? "Top with \(ingredient)" : "\(volume(3)) \(ingredient)\(note())"
        case .herb: return "\(rng.pick(["6", "8", "10", "1 sprig", "2 sprigs", "5 leaves"])) \(ingredient)"
        case .fruit:
            return rng.chance(50)
                ? "\(1 + rng.below(3)) \(rng.pick(["slices", "wedges", "pieces"])) \(ingredient)"
                : "1/2 \(ingredient), cut into wedges"
        case .egg: return "1 \(ingredient)"
        case .spice, .other: return rng.chance(50) ? "1 pinch \(ingredient)" : "\(ingredient), to taste"
        }
    }

    private func makeDescriptions(name: String, base: String, featured: [String], rng: inout SeededGenerator) -> (
        String, String
    ) {
        let f1 = rng.pick(Words.flavours)
        let f2 = rng.pick(Words.flavours)
        let list =
            featured.count > 1
            ? featured.dropLast().joined(separator: ", ") + " and " + featured.last! : featured.joined()
        let short =
            "\(f1), \(f2.lowercased()) \(rng.pick(Words.shapes)) of \(list) with a \(rng.pick(Words.finishes)) finish."
        var long =
            "\(rng.pick(Words.flavours)), \(rng.pick(Words.flavours).lowercased()) and \(rng.pick(Words.flavours).lowercased()), "
        long += "the \(name) is a \(rng.pick(Words.shapes)) in the \(base) family built on \(list). "
        long += "It was \(rng.pick(Words.origins)) \(rng.pick(Words.places)) \(rng.pick(Words.eras)), "
        long += "and bartenders still \(rng.pick(Words.praise)). "
        long += "Serve it \(rng.pick(Words.occasions)); \(rng.pick(Words.tips))."
        return (short, long)
    }
}

/// The word lists the invented cocktails are assembled from.
enum Words {
    static let adjectives = [
        "Smoky", "Velvet", "Golden", "Midnight", "Spiced", "Bitter", "Burnt", "Wild", "Silver", "Copper",
        "Crimson", "Frozen", "Hidden", "Lazy", "Royal", "Rusty", "Salted", "Sunset", "Tropical", "Winter",
        "Summer", "Electric", "Black", "White", "Blue", "Green", "Lucky", "Brave", "Dusty", "Honeyed",
        "Bright", "Dark", "Fizzy", "Foggy", "Gentle", "Hazy", "Iron", "Jade", "Lost", "Misty", "Noble",
        "Old", "Pale", "Quiet", "Red", "Rosy", "Scarlet", "Secret", "Sleepy", "Stormy", "Sweet", "Tart",
        "Twisted", "Vintage", "Wicked", "Amber", "Emerald", "Ruby", "Sapphire", "Saffron",
    ]
    static let bases = [
        "Negroni", "Paloma", "Sour", "Fizz", "Mule", "Smash", "Spritz", "Julep", "Collins", "Daiquiri",
        "Margarita", "Old Fashioned", "Martini", "Highball", "Cooler", "Punch", "Flip", "Sling", "Cobbler",
        "Rickey", "Swizzle", "Toddy", "Colada", "Gimlet", "Sidecar", "Manhattan", "Mojito", "Buck", "Crusta",
        "Fix", "Daisy", "Shrub", "Lemonade", "Caipirinha", "Boulevardier", "Sazerac", "Spritzer", "Cup",
    ]
    static let nouns = [
        "Harbor", "Garden", "Jungle", "Orchard", "Lantern", "Compass", "Anchor", "Thistle", "Fox", "Raven",
        "Tiger", "Falcon", "Orchid", "Cactus", "Volcano", "Lighthouse", "Meadow", "River", "Desert", "Canyon",
        "Parrot", "Dragon", "Pearl", "Monsoon", "Bramble", "Saint", "Sailor", "Captain", "Duchess", "Bandit",
    ]
    static let places = [
        "Havana", "Oaxaca", "Kingston", "Brooklyn", "Milano", "Venice", "Jalisco", "Cartagena", "Lisbon",
        "Seville", "Marseille", "Tokyo", "Kyoto", "Dublin", "Glasgow", "Lima", "Santiago", "Manila", "Bombay",
        "Zanzibar", "Tahiti", "Barbados", "Martinique", "Trinidad", "Nassau", "Key West", "New Orleans",
        "San Juan", "Cognac", "Normandy", "Piedmont", "Amalfi", "Jerez", "Porto", "Montréal", "Québec",
    ]
    static let people = [
        "Grandma", "Hemingway", "Captain", "Sailor", "Duke", "Auntie", "Colonel", "Bishop", "Tommy", "Rosa",
    ]
    static let flavours = [
        "Smoky", "Refreshing", "Bright", "Bittersweet", "Herbal", "Citrusy", "Tart", "Creamy", "Silky",
        "Spicy", "Floral", "Fruity", "Nutty", "Zesty", "Earthy", "Crisp", "Rich", "Juicy", "Dry", "Tangy",
        "Peppery", "Tropical", "Mellow", "Bold", "Velvety", "Sharp", "Lush", "Clean", "Woody", "Funky",
    ]
    static let shapes = [
        "sour", "highball", "stirred classic", "long drink", "aperitif", "nightcap", "sipper", "punch", "cooler",
        "short drink",
    ]
    static let finishes = [
        "dry", "bitter", "lingering", "peppery", "clean", "honeyed", "smoky", "salty", "bright", "warming",
    ]
    static let origins = [
        "first mixed in", "created in", "popularised in", "named after a bar in", "improvised in",
        "served at a hotel in",
    ]
    static let eras = [
        "in the 1920s", "during Prohibition", "in the 1950s", "after the war", "in the tiki era", "in the 1990s",
        "at the turn of the century", "in the craft revival of the 2000s", "in 2012", "in the 1880s",
    ]
    static let praise = [
        "argue over the proper ratio", "reach for it on busy nights", "keep it on the menu", "swap the spirit freely",
        "shake it hard for a frothy head", "stir it long and cold", "serve it over one large cube",
    ]
    static let occasions = [
        "before dinner", "on hot afternoons", "as a nightcap", "at brunch", "at a summer party", "by the fire",
        "with salty snacks", "on the porch", "after a long day", "with friends on the terrace",
    ]
    static let tips = [
        "fresh citrus makes all the difference", "chill the glass first", "taste and adjust the sweetness",
        "a pinch of salt lifts the fruit", "double strain for a silky texture", "use a good quality ice",
        "a dry finish suits spicy food", "the garnish adds aroma more than flavour",
    ]
    static let garnishes = [
        "Lime wheel", "Orange twist", "Lemon peel", "Mint sprig", "Cherry", "Grapefruit slice", "Cinnamon stick",
    ]
}
