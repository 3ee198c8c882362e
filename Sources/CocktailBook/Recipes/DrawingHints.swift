import CocktailsAPI
import Foundation

/// The drawing of a drink written in the book, worked out from its recipe: the colour its
/// ingredients mix to (weighted by how much of each is poured), the ice its glass and method
/// call for, and the garnishes its words name.
public enum DrawingHints {
    /// The hints for `lines` served in `glass` with `garnish` in words.
    public static func illustration(for lines: [String], glass: Glass?, garnish: String) -> Cocktail.Illustration {
        let parsed = lines.map(IngredientParser.parse)
        return Cocktail.Illustration(
            color: color(of: parsed), ice: ice(for: glass, lines: parsed),
            garnishes: garnishes(in: ([garnish] + parsed.filter(isGarnishLine).compactMap(\.ingredient))),
            layers: [])
    }

    /// Colours of common ingredients, matched by a word of the name (first match wins, so the
    /// more particular words come first).
    static let colors: [(word: String, hex: String)] = [
        ("blue curaçao", "#1F7FD0"), ("blue curacao", "#1F7FD0"), ("campari", "#C8102E"), ("aperol", "#F25C05"),
        ("grenadine", "#B0163A"), ("cranberry", "#B3243A"), ("tomato", "#C8321E"), ("raspberr", "#C2185B"),
        ("strawberr", "#E0344B"), ("blackberr", "#5B1A3A"), ("cherry", "#9E1B32"), ("cassis", "#5A1035"),
        ("pomegranate", "#A4243B"), ("watermelon", "#F0606A"), ("red wine", "#6E1424"), ("port", "#5E1426"),
        ("sweet vermouth", "#7A2E1A"), ("rosso", "#7A2E1A"), ("cola", "#3B1F10"), ("coffee", "#3A2414"),
        ("espresso", "#2E1B10"), ("kahl", "#2E1B10"), ("chocolate", "#4A2C1A"), ("cream", "#F3E9D2"),
        ("milk", "#F5EFE0"), ("coconut", "#F4EEE2"), ("egg", "#F2E6C4"), ("mint", "#7DBF6A"),
        ("chartreuse", "#B5C937"), ("midori", "#62B83E"), ("cucumber", "#CFE3B4"), ("matcha", "#8DB255"),
        ("orange", "#F39C2B"), ("passion", "#F2B134"), ("mango", "#F5A623"), ("pineapple", "#F3D35B"),
        ("peach", "#F6B47A"), ("grapefruit", "#F29A8E"), ("lime", "#D8E8A0"), ("lemon", "#F4E58A"),
        ("ginger", "#E8C98A"), ("honey", "#E2A93B"), ("maple", "#B5651D"), ("demerara", "#B8792E"),
        ("bourbon", "#B8651E"), ("whiskey", "#B8651E"), ("whisky", "#B8651E"), ("scotch", "#C07A2C"),
        ("rye", "#B0601C"), ("cognac", "#A9561B"), ("brandy", "#A9561B"), ("dark rum", "#8A4A17"),
        ("aged rum", "#A0581C"), ("amaro", "#5A2A16"), ("vermouth", "#E8DDA8"), ("tea", "#B9772C"),
        ("tequila", "#F0E6C8"), ("mezcal", "#EDE3C0"), ("gin", "#EEF3F0"), ("vodka", "#F2F5F4"),
        ("rum", "#F1EBD8"), ("soda", "#EEF4F6"), ("tonic", "#EEF4F6"), ("prosecco", "#F1E3A6"),
        ("champagne", "#F1E3A6"), ("wine", "#F0E2A2"),
    ]

    /// The colour of the drink: each coloured ingredient weighted by its millilitres (a line
    /// without a volume counts as a splash), as `#RRGGBB`.
    static func color(of lines: [RecipeLine]) -> String {
        var red = 0.0
        var green = 0.0
        var blue = 0.0
        var weight = 0.0
        for line in lines where !isGarnishLine(line) {
            let name = (line.ingredient ?? "").lowercased()
            guard let hex = colors.first(where: { name.contains($0.word) })?.hex,
                let rgb = Int(hex.dropFirst(), radix: 16)
            else { continue }
            let millilitres =
                line.unit?.millilitres.map { $0 * (line.amount?.typical ?? 1) } ?? (line.amount?.typical ?? 1) * 7.5
            // Strong colours show through a little of them: a dash of grenadine reddens a glass.
            let strength = ["#F", "#E"].contains(where: hex.hasPrefix) ? 1.0 : 3.0
            let share = max(millilitres, 1) * strength
            red += Double((rgb >> 16) & 0xFF) * share
            green += Double((rgb >> 8) & 0xFF) * share
            blue += Double(rgb & 0xFF) * share
            weight += share
        }
        guard weight > 0 else { return "#D9963A" }
        func hex(_ value: Double) -> String {
            // Clamped as a Double first: Int traps on what a Double can hold.
            let ratio = value / weight
            let byte = ratio.isFinite ? Int(min(255, max(0, ratio)).rounded()) : 0
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return "#" + hex(red) + hex(green) + hex(blue)
    }

    /// Crushed ice when the drink is blended or swizzled, none in a glass served up, a large
    /// cube in a rocks glass, cubes otherwise.
    static func ice(for glass: Glass?, lines: [RecipeLine]) -> String {
        let words = lines.compactMap(\.ingredient).joined(separator: " ").lowercased()
        if words.contains("crushed ice") { return "crushed" }
        switch glass {
        case .coupe, .martini, .nickAndNora, .flute, .margarita, .shot, .wine: return "none"
        case .julepCup, .tikiMug, .hurricane: return "crushed"
        case .rocks, .doubleRocks: return "large-cube"
        case .mug: return "none"
        default: return "cubes"
        }
    }

    /// Garnish drawings named by words, in the order of this table.
    static let garnishWords: [(words: [String], id: String)] = [
        (["salt rim", "salted rim", "rim of salt"], "salt-rim"), (["sugar rim", "sugared rim"], "sugar-rim"),
        (["lime wheel"], "lime-wheel"), (["lime wedge", "wedge of lime"], "lime-wedge"),
        (["lemon wheel"], "lemon-wheel"), (["lemon twist", "lemon peel", "lemon zest"], "lemon-twist"),
        (["orange twist", "orange peel", "orange zest"], "orange-twist"),
        (["orange slice", "orange wheel", "half-wheel of orange"], "orange-slice"),
        (["grapefruit"], "grapefruit-twist"), (["pineapple"], "pineapple-wedge"), (["cherry", "cherries"], "cherry"),
        (["olive"], "olive"), (["passion fruit"], "passion-fruit"), (["chili", "chilli"], "chili"),
        (["berries", "raspberr", "blackberr", "blueberr", "strawberr"], "berries"), (["mint"], "mint-sprig"),
        (["basil"], "basil-leaf"), (["lavender"], "lavender"), (["celery"], "celery"),
        (["cucumber"], "cucumber-slice"), (["coffee bean"], "coffee-beans"), (["nutmeg"], "nutmeg"),
    ]

    /// The drawings of the garnishes `texts` name, at most two.
    static func garnishes(in texts: [String]) -> [String] {
        let text = texts.joined(separator: " ").lowercased()
        var found: [String] = []
        for entry in garnishWords where entry.words.contains(where: text.contains) && !found.contains(entry.id) {
            found.append(entry.id)
            if found.count == 2 { break }
        }
        return found
    }

    static func isGarnishLine(_ line: RecipeLine) -> Bool {
        (line.note ?? "").lowercased().contains("garnish")
    }
}
