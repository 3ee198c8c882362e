import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// Every drink marked `iba` shows the IBA's specification, as kept in the reviewed table at
/// `Tests/Fixtures/iba-specs.json`; and ice is a recipe line by one rule across the catalog.
@Suite("Bundled catalog: IBA specifications and the ice rule")
struct IBASpecificationTests {
    struct Table: Decodable {
        struct Drink: Decodable {
            var name: String
            var list: String
            var lines: [String]
            /// The catalog's id for the IBA's vessel (`coupe`, `rocks`, …) and technique.
            var glass: String
            var method: String
        }
        var drinks: [Drink]
    }

    /// What a line measures, comparable across units: millilitres for volumes written in oz, cl
    /// or ml (1 oz = 30 ml, the bartender's conversion the IBA's own figures follow), the amount
    /// and unit as written for anything else.
    struct Measure: Hashable, CustomStringConvertible {
        var ingredient: String
        var quantity: String

        var description: String { "\(quantity) \(ingredient)" }
    }

    static let tablePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/iba-specs.json").path

    let cocktails: [Cocktail]
    let table: IngredientTable
    let specs: [Table.Drink]

    init() throws {
        cocktails = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let data = try #require(FileManager.default.contents(atPath: Self.tablePath))
        specs = try JSONDecoder().decode(Table.self, from: data).drinks
    }

    static func measures(_ lines: [String], table: IngredientTable) -> [Measure] {
        lines.map { text in
            let line = IngredientParser.parse(text)
            let ingredient = table.ingredient(for: line)?.name ?? line.ingredient ?? text
            let amount =
                line.amount.map { amount in
                    amount.upperValue.map { "\(amount.value)-\($0)" } ?? "\(amount.value)"
                } ?? "-"
            let perMillilitre: Double? =
                switch line.unit {
                case .ml: 1
                case .cl: 10
                case .oz: 30
                default: nil
                }
            if let perMillilitre, let value = line.amount?.value, line.amount?.upperValue == nil {
                let millilitres = (value * perMillilitre * 10).rounded() / 10
                return Measure(ingredient: ingredient, quantity: "\(millilitres) ml")
            }
            return Measure(ingredient: ingredient, quantity: "\(amount) \(line.unit?.rawValue ?? "")")
        }.sorted { $0.description < $1.description }
    }

    @Test("the table covers every IBA drink of the catalog, on the same list, and nothing else")
    func coverage() {
        let marked = Dictionary(uniqueKeysWithValues: cocktails.compactMap { c in c.iba.map { (c.name, $0) } })
        let tabled = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.list) })
        #expect(marked.count == 102)
        #expect(
            Set(marked.keys) == Set(tabled.keys),
            "only in the catalog: \(Set(marked.keys).subtracting(tabled.keys).sorted()); only in the table: \(Set(tabled.keys).subtracting(marked.keys).sorted())"
        )
        for (name, list) in marked {
            #expect(tabled[name] == list, "\(name) is on \(list), the table says \(tabled[name] ?? "nothing")")
        }
        #expect(
            Dictionary(grouping: specs, by: \.list).mapValues(\.count) == [
                "unforgettables": 34, "contemporary-classics": 34, "new-era": 34,
            ])
    }

    @Test("every IBA drink shows the IBA's amounts of the IBA's ingredients, no more and no fewer")
    func specifications() {
        let byName = Dictionary(cocktails.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for spec in specs {
            guard let cocktail = byName[spec.name] else { continue }
            let shown = Self.measures(cocktail.ingredients, table: table)
            let expected = Self.measures(spec.lines, table: table)
            #expect(shown == expected, "\(spec.name): shows \(shown), the IBA's is \(expected)")
        }
    }

    @Test("every IBA drink is served in the IBA's glass and made by the IBA's method")
    func glassAndMethod() {
        let byName = Dictionary(cocktails.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for spec in specs {
            guard let cocktail = byName[spec.name] else { continue }
            #expect(cocktail.glass?.rawValue == spec.glass, "\(spec.name): \(cocktail.glass?.rawValue ?? "-")")
            #expect(cocktail.method?.rawValue == spec.method, "\(spec.name): \(cocktail.method?.rawValue ?? "-")")
        }
    }

    @Test("a variant is another balance: its lines resolve, it differs from the recipe, and it is named in Italian too")
    func variants() {
        var count = 0
        for cocktail in cocktails {
            for variant in cocktail.variants ?? [] {
                count += 1
                for line in variant.recipe {
                    #expect(
                        table.ingredient(for: line) != nil,
                        "\(cocktail.name) / \(variant.name): \"\(line.text)\" names no ingredient of the table")
                }
                #expect(
                    Self.measures(variant.ingredients, table: table)
                        != Self.measures(cocktail.ingredients, table: table),
                    "\(cocktail.name) / \(variant.name) is the recipe again")
                #expect(variant.description?.isEmpty == false, "\(cocktail.name) / \(variant.name): no description")
            }
            let italian = cocktail.translations?["it"]?.variants
            #expect(
                italian?.count == cocktail.variants?.count,
                "\(cocktail.name): \(italian?.count ?? 0) Italian variant names for \(cocktail.variants?.count ?? 0) variants"
            )
            for (english, translated) in zip(cocktail.variants ?? [], italian ?? []) {
                #expect(
                    translated.name != english.name && translated.description != english.description,
                    "\(cocktail.name): variant not translated")
            }
        }
        #expect(count >= 7)
        let margarita = cocktails.first { $0.name == "Margarita" }
        #expect(
            margarita?.variants?.first?.ingredients.prefix(3) == [
                "2 oz blanco tequila", "1 oz fresh lime juice", "3/4 oz orange liqueur, such as Cointreau",
            ])
    }

    @Test("the comparison sees a changed amount, a missing line and oz against ml")
    func comparisonCanFail() {
        let iba = Self.measures(
            ["50 ml blanco tequila", "20 ml orange liqueur, such as Cointreau", "15 ml fresh lime juice"], table: table)
        let house = Self.measures(
            ["2 oz blanco tequila", "3/4 oz orange liqueur, such as Cointreau", "1 oz fresh lime juice"], table: table)
        #expect(iba != house)
        #expect(Self.measures(["2 oz white rum"], table: table) == Self.measures(["60 ml white rum"], table: table))
        #expect(Self.measures(["6 cl white rum"], table: table) == Self.measures(["60 ml white rum"], table: table))
        #expect(
            Self.measures(["60 ml white rum", "20 ml fresh lime juice"], table: table)
                != Self.measures(["60 ml white rum"], table: table))
        // Another ingredient of the same amount is another line.
        #expect(Self.measures(["30 ml bourbon"], table: table) != Self.measures(["30 ml rye whiskey"], table: table))
    }

    @Test("the fixed drinks: Margarita 50/20/15, Monkey Gland's 2025 tablespoons, Sazerac 50 ml, Clover Club's drops")
    func corrected() {
        let byName = Dictionary(cocktails.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(
            byName["Margarita"]?.ingredients.prefix(3) == [
                "50 ml blanco tequila", "20 ml orange liqueur, such as Cointreau", "15 ml fresh lime juice",
            ])
        #expect(
            byName["Monkey Gland"]?.ingredients == [
                "45 ml London dry gin", "45 ml fresh orange juice", "1 tbsp absinthe", "1 tbsp grenadine",
            ])
        // The review found 60 ml of cognac and 15 ml of egg white where the IBA writes 50 ml and a few drops;
        // the house balances stay as named variants.
        #expect(byName["Sazerac"]?.ingredients.contains("50 ml cognac, or rye whiskey") == true)
        #expect(
            byName["Sazerac"]?.variants?.contains {
                $0.ingredients.contains { $0.hasPrefix("2 oz cognac") || $0.hasPrefix("60 ml cognac") }
            } == true)
        #expect(byName["Clover Club"]?.ingredients.contains("Egg white, a few drops") == true)
        #expect(byName["Clover Club"]?.ingredients.contains { $0.hasPrefix("15 ml egg white") } == false)
    }

    @Test("ice is a line only when it is measured into a blender: the steps say how the rest is used")
    func iceRule() {
        // A drink blended without ice (a fruit purée poured over ice afterwards) lists none.
        for cocktail in cocktails {
            // Ice by the word: "long-grain white rice" ends in "ice" but is the Horchata's rice.
            let iceLines = cocktail.recipe.filter {
                table.ingredient(for: $0)?.name.lowercased().split(separator: " ").contains("ice") == true
                    && table.ingredient(for: $0)?.kind == .other
            }
            let blendsIce = (cocktail.instructions ?? []).contains {
                $0.lowercased().contains("ice") && $0.lowercased().contains("blend")
            }
            if cocktail.method == .blended && blendsIce {
                #expect(
                    iceLines.count == 1,
                    "\(cocktail.name) is blended: its ice should be one measured line, found \(iceLines.map(\.text))")
                #expect(
                    iceLines.allSatisfy { $0.amount != nil && $0.unit != nil },
                    "\(cocktail.name): blender ice without an amount")
            } else {
                #expect(
                    iceLines.isEmpty,
                    "\(cocktail.name) is \(cocktail.method?.rawValue ?? "-"): ice listed as \(iceLines.map(\.text))")
            }
        }
    }
}
