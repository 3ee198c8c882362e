import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The whole bundled catalog, checked entry by entry: a catalog that fails here fails the build's
/// tests with a message naming the entry.
@Suite("Bundled catalog validation")
struct BundledCatalogValidationTests {
    static let requiredKeys = [
        "id", "name", "type", "shortDescription", "longDescription", "preparationMinutes", "imageName", "ingredients",
        "glass", "category", "method", "instructions", "garnish", "tags", "iba", "dateModified", "illustration",
    ]
    static let ibaLists: Set = ["unforgettables", "contemporary-classics", "new-era"]
    static let iceKinds: Set = ["none", "cubes", "crushed", "large-cube"]

    let cocktails: [Cocktail]
    let raw: [[String: Any]]
    let table: IngredientTable

    init() throws {
        let outcome = try CatalogDecoder.decode(BundledCatalog.data)
        #expect(outcome.skipped.isEmpty, "entries skipped: \(outcome.skipped)")
        cocktails = outcome.cocktails
        raw = try #require(try JSONSerialization.jsonObject(with: BundledCatalog.data) as? [[String: Any]])
        table = try IngredientTable(json: BundledCatalog.ingredientsData)
    }

    @Test("at least 150 cocktails, with unique ids, names and short descriptions, and 30+ without alcohol")
    func size() {
        #expect(cocktails.count >= 150)
        #expect(cocktails.filter { $0.kind == .nonAlcoholic }.count >= 30)
        for (label, values) in [
            ("id", cocktails.map(\.id)), ("name", cocktails.map { $0.name.lowercased() }),
            ("short description", cocktails.map { $0.shortDescription.lowercased() }),
            ("image name", cocktails.map(\.imageName)),
        ] {
            let repeated = Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.keys
            #expect(repeated.isEmpty, "repeated \(label): \(repeated.sorted())")
        }
    }

    @Test("a virgin twin is filed in the same category as its original (Piña Colada, Mojito, Moscow Mule…)")
    func virginTwins() {
        let byName = Dictionary(cocktails.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var twins = 0
        for cocktail in cocktails where cocktail.name.hasPrefix("Virgin ") {
            guard let original = byName[String(cocktail.name.dropFirst("Virgin ".count))] else { continue }
            twins += 1
            #expect(
                cocktail.category == original.category,
                "\(cocktail.name) is \(cocktail.category?.rawValue ?? "-"), \(original.name) \(original.category?.rawValue ?? "-")"
            )
        }
        #expect(twins >= 3)
    }

    @Test("the thirteen seed cocktails keep their ids")
    func seedIDs() {
        let seed = [
            "Piña Colada", "Mojito", "Daiquiri", "Manhattan", "Virgin Mixed Berry Caipirinha", "Basil Lemonade Punch",
            "Gin and Tonic", "Margarita", "Bloody Mary", "Screwdriver", "Old Fashioned", "Margarita Mocktail",
            "Non-Alcoholic Juicy Julep",
        ]
        for (id, name) in seed.enumerated() {
            #expect(cocktails.first { $0.id == String(id) }?.name == name)
        }
    }

    @Test("every entry has every key, in the right shape")
    func keysAndShapes() {
        for entry in raw {
            let name = entry["name"] as? String ?? "entry \(entry["id"] ?? "?")"
            for key in Self.requiredKeys {
                #expect(entry.keys.contains(key), "\(name): missing \(key)")
            }
            // The vocabularies' own identifiers, exactly: a glass that reads as TheCocktailDB's
            // name or in another case is an import's courtesy, not the catalog's spelling.
            let glass = entry["glass"] as? String ?? "nil"
            let category = entry["category"] as? String ?? "nil"
            let method = entry["method"] as? String ?? "nil"
            #expect(Glass(rawValue: glass) != nil, "\(name): unknown glass \(glass)")
            #expect(DrinkCategory(rawValue: category) != nil, "\(name): unknown category \(category)")
            #expect(MixingMethod(rawValue: method) != nil, "\(name): unknown method \(method)")
        }
        for cocktail in cocktails {
            let name = "\(cocktail.name) (id \(cocktail.id))"
            #expect(
                (1...90).contains(cocktail.shortDescription.count),
                "\(name): short description of \(cocktail.shortDescription.count) characters")
            let sentences = cocktail.longDescription.matches(of: /[.!?](\s|$)/).count
            #expect((2...5).contains(sentences), "\(name): long description has \(sentences) sentences")
            #expect((1...60).contains(cocktail.preparationMinutes), "\(name): \(cocktail.preparationMinutes) minutes")
            #expect(cocktail.iba.map(Self.ibaLists.contains) ?? true, "\(name): unknown IBA list \(cocktail.iba ?? "")")
            #expect(
                (3...8).contains(cocktail.instructions?.count ?? 0),
                "\(name): \(cocktail.instructions?.count ?? 0) steps")
            #expect((1...6).contains(cocktail.tags?.count ?? 0), "\(name): \(cocktail.tags?.count ?? 0) tags")
            #expect(
                cocktail.dateModified.flatMap { try? Date($0, strategy: .iso8601) } != nil,
                "\(name): dateModified \(cocktail.dateModified ?? "nil")")
            let illustration = cocktail.illustration
            #expect(
                illustration?.color.wholeMatch(of: /#[0-9A-Fa-f]{6}/) != nil,
                "\(name): colour \(illustration?.color ?? "nil")")
            #expect(Self.iceKinds.contains(illustration?.ice ?? ""), "\(name): ice \(illustration?.ice ?? "nil")")
        }
    }

    @Test("every recipe line has a known unit and an ingredient from the table")
    func ingredientsResolve() {
        for cocktail in cocktails {
            #expect(!cocktail.ingredients.isEmpty, "\(cocktail.name): no ingredients")
            for line in cocktail.recipe {
                let ingredient = table.ingredient(for: line)
                #expect(
                    ingredient != nil,
                    "\(cocktail.name) (id \(cocktail.id)): \"\(line.text)\" names no ingredient of the table (read as \(line.ingredient ?? "nothing"))"
                )
                #expect(
                    line.amount != nil || line.unit == .top || line.note != nil || ingredient?.kind == .other,
                    "\(cocktail.name): \"\(line.text)\" has no amount")
            }
        }
    }

    @Test("the type agrees with the ingredients, and the ABV is between 0 and 45 %")
    func typeAndStrength() {
        for cocktail in cocktails {
            let strong = cocktail.recipe.compactMap { line in
                table.ingredient(for: line).flatMap { $0.abv > 0.5 ? $0.name : nil }
            }
            switch cocktail.kind {
            case .nonAlcoholic: #expect(strong.isEmpty, "\(cocktail.name) is non-alcoholic but has \(strong)")
            case .alcoholic: #expect(!strong.isEmpty, "\(cocktail.name) is alcoholic but nothing in it is")
            }
            let abv = CocktailDetails(.init(cocktail: cocktail, isFavorite: false), table: table).abv
            #expect(abv != nil, "\(cocktail.name): no ABV estimate")
            #expect((0...45).contains(abv ?? -1), "\(cocktail.name): ABV \(abv ?? -1)")
            if cocktail.kind == .alcoholic {
                #expect((abv ?? 0) >= 1, "\(cocktail.name): ABV \(abv ?? 0) for an alcoholic drink")
            }
        }
    }

    @Test("every IBA list is represented, with the well-known names present")
    func ibaCoverage() {
        let names = Set(cocktails.map(\.name))
        for expected in [
            "Corpse Reviver #2", "Tommy's Margarita", "Espresso Martini", "Porn Star Martini", "Spritz",
            "Penicillin", "Paper Plane", "Naked and Famous", "Negroni", "Dry Martini", "Mai Tai", "Zombie",
        ] {
            #expect(names.contains(expected), "missing \(expected)")
        }
        let counts = Dictionary(grouping: cocktails.compactMap(\.iba), by: { $0 }).mapValues(\.count)
        #expect(counts["unforgettables", default: 0] >= 30)
        #expect(counts["contemporary-classics", default: 0] >= 30)
        #expect(counts["new-era", default: 0] >= 30)
    }
}
