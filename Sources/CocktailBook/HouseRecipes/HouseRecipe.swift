import CocktailsAPI
import Foundation

/// The recipe of a house-made ingredient (a syrup, an oleo saccharum): what goes in, how it is
/// made, how much it yields and how long a batch keeps.
public struct HouseRecipe: Sendable, Equatable, Codable {
    /// The ingredient it makes, by the table's canonical name (`honey syrup`).
    public var ingredient: String
    /// About how long making a batch takes, in minutes.
    public var minutes: Int
    /// How much one batch makes.
    public var yield: Amount
    /// How many days a batch keeps where it is stored.
    public var shelfLifeDays: Int
    /// Where a batch is kept.
    public var storage: Storage
    /// What goes in, by the table's canonical names.
    public var lines: [Line]
    /// The steps, per language.
    public var steps: Steps
    /// The names a recipe written in the book gives what it makes; the bundled recipes take
    /// theirs from the ingredient table.
    public var names: Names? = nil
    /// Where a batch is kept, in the writer's words, when none of ``Storage`` says it.
    public var storageNote: String? = nil

    /// A name in English and, if given, in the book's other languages: in JSON one object by
    /// language code (`{"en": "Rosemary syrup", "it": "Sciroppo al rosmarino"}`).
    public struct Names: Sendable, Equatable, Codable {
        public var en: String
        /// The name in other languages, by code.
        public var translated: [String: String]

        public init(en: String, translated: [String: String] = [:]) {
            self.en = en
            self.translated = translated
        }

        /// The name in `language`, English where that language's is not given.
        public func of(_ language: Language) -> String { translated[language.rawValue] ?? en }

        /// The name given in `language` itself, if any (English's always is).
        public func given(in language: Language) -> String? {
            language == .english ? en : translated[language.rawValue]
        }

        public init(from decoder: any Decoder) throws {
            var all = try LanguageMap<String>(from: decoder).values
            guard let en = all.removeValue(forKey: "en") else {
                throw DecodingError.keyNotFound(
                    LanguageMap<String>.Code(stringValue: "en"),
                    .init(codingPath: decoder.codingPath, debugDescription: "a name in English is needed"))
            }
            self.init(en: en, translated: all)
        }

        public func encode(to encoder: any Encoder) throws {
            try LanguageMap(values: translated.merging(["en": en]) { _, english in english }).encode(to: encoder)
        }
    }

    /// The longest shelf life a recipe may state: ten years, far beyond any syrup.
    public static let maxShelfLifeDays = 3650

    /// An amount with its unit.
    public struct Amount: Sendable, Equatable, Codable {
        public var amount: Double
        public var unit: Unit

        public init(amount: Double, unit: Unit) {
            self.amount = amount
            self.unit = unit
        }
    }

    /// The units a house recipe measures in.
    public enum Unit: String, Sendable, Codable, CaseIterable {
        case ml, g, pieces
    }

    /// Where a batch is kept.
    public enum Storage: String, Sendable, Codable, CaseIterable {
        case fridge, pantry, freezer
    }

    /// One ingredient of the recipe and how much of it.
    public struct Line: Sendable, Equatable, Codable {
        public var ingredient: String
        public var amount: Double
        public var unit: Unit

        public init(ingredient: String, amount: Double, unit: Unit) {
            self.ingredient = ingredient
            self.amount = amount
            self.unit = unit
        }
    }

    /// The steps in English and in the book's other languages: in JSON one object by language
    /// code (`{"en": […], "it": […]}`).
    public struct Steps: Sendable, Equatable, Codable {
        public var en: [String]
        /// The steps in other languages, by code.
        public var translated: [String: [String]]

        public init(en: [String], translated: [String: [String]] = [:]) {
            self.en = en
            self.translated = translated.filter { !$0.value.isEmpty }
        }

        /// The steps in `language`, English where that language has none.
        public func of(_ language: Language) -> [String] {
            translated[language.rawValue].flatMap { $0.isEmpty ? nil : $0 } ?? en
        }

        public init(from decoder: any Decoder) throws {
            var all = try LanguageMap<[String]>(from: decoder).values
            guard let en = all.removeValue(forKey: "en") else {
                throw DecodingError.keyNotFound(
                    LanguageMap<[String]>.Code(stringValue: "en"),
                    .init(codingPath: decoder.codingPath, debugDescription: "steps in English are needed"))
            }
            self.init(en: en, translated: all)
        }

        public func encode(to encoder: any Encoder) throws {
            try LanguageMap(values: translated.merging(["en": en]) { _, english in english }).encode(to: encoder)
        }
    }

    public init(
        ingredient: String, minutes: Int, yield: Amount, shelfLifeDays: Int, storage: Storage, lines: [Line],
        steps: Steps, names: Names? = nil, storageNote: String? = nil
    ) {
        self.names = names
        self.storageNote = storageNote
        self.ingredient = ingredient
        self.minutes = minutes
        self.yield = yield
        self.shelfLifeDays = shelfLifeDays
        self.storage = storage
        self.lines = lines
        self.steps = steps
    }
}

/// Why a set of house recipes was refused.
public enum HouseRecipeError: Error, Equatable, LocalizedError {
    /// A recipe lacks something every recipe needs (its name, a line, steps in a language…).
    case incomplete(String, missing: String)
    /// A number outside what makes sense (a shelf life of 10⁹ days, a negative amount).
    case outOfRange(String, field: String)
    /// Two recipes make the same ingredient.
    case duplicate(String)
    /// The recipes use each other in a circle: `a → b → a`.
    case cycle([String])

    public var errorDescription: String? {
        switch self {
        case .incomplete(let name, let missing): "The recipe of “\(name)” has no \(missing)."
        case .outOfRange(let name, let field): "The recipe of “\(name)” has an impossible \(field)."
        case .duplicate(let name): "“\(name)” has two recipes."
        case .cycle(let names):
            "These recipes use each other in a circle: \(names.joined(separator: " → "))."
        }
    }
}

/// The house recipes a bar knows, checked: complete, within bounds and without a circle.
public struct HouseRecipes: Sendable, Equatable {
    /// The recipes in their given order.
    public let recipes: [HouseRecipe]
    private let byKey: [String: Int]

    /// Checks `recipes` and keeps them; a recipe that uses itself through others is refused.
    public init(_ recipes: [HouseRecipe]) throws {
        var byKey: [String: Int] = [:]
        for (index, recipe) in recipes.enumerated() {
            try Self.check(recipe)
            let key = IngredientTable.key(recipe.ingredient)
            guard byKey[key] == nil else { throw HouseRecipeError.duplicate(recipe.ingredient) }
            byKey[key] = index
        }
        self.recipes = recipes
        self.byKey = byKey
        if let cycle = Self.cycle(in: recipes, byKey: byKey) { throw HouseRecipeError.cycle(cycle) }
    }

    /// Decodes and checks recipes from JSON.
    public init(json: Data) throws {
        try self.init(try JSONDecoder().decode([HouseRecipe].self, from: json))
    }

    /// No house recipes.
    public static let none = HouseRecipes(recipes: [], byKey: [:])

    private init(recipes: [HouseRecipe], byKey: [String: Int]) {
        self.recipes = recipes
        self.byKey = byKey
    }

    /// The reviewed recipes that ship with the book; none when the resource is unreadable,
    /// which the bundled recipes' tests guard against.
    public static let bundled: HouseRecipes = (try? HouseRecipes(json: BundledCatalog.houseRecipesData)) ?? .none

    /// The recipe that makes `name`, if any.
    public func recipe(for name: String) -> HouseRecipe? {
        byKey[IngredientTable.key(name)].map { recipes[$0] }
    }

    private static func check(_ recipe: HouseRecipe) throws {
        let name = recipe.ingredient.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw HouseRecipeError.incomplete("?", missing: "name") }
        guard !recipe.lines.isEmpty else { throw HouseRecipeError.incomplete(name, missing: "ingredients") }
        guard !recipe.steps.en.isEmpty, !recipe.steps.en.contains(where: \.isEmpty) else {
            throw HouseRecipeError.incomplete(name, missing: "steps in English")
        }
        // A language's steps, when given, are as many as the English ones.
        for (code, steps) in recipe.steps.translated.sorted(by: { $0.key < $1.key })
        where steps.count != recipe.steps.en.count || steps.contains(where: \.isEmpty) {
            throw HouseRecipeError.incomplete(name, missing: "steps in \(code) as many as in English")
        }
        guard (1...HouseRecipe.maxShelfLifeDays).contains(recipe.shelfLifeDays) else {
            throw HouseRecipeError.outOfRange(name, field: "shelf life")
        }
        guard (1...1440).contains(recipe.minutes) else { throw HouseRecipeError.outOfRange(name, field: "time") }
        guard recipe.yield.amount > 0, recipe.yield.amount <= 100_000 else {
            throw HouseRecipeError.outOfRange(name, field: "yield")
        }
        for line in recipe.lines {
            guard !line.ingredient.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw HouseRecipeError.incomplete(name, missing: "ingredient name on a line")
            }
            guard line.amount > 0, line.amount <= 100_000 else {
                throw HouseRecipeError.outOfRange(name, field: "amount of \(line.ingredient)")
            }
        }
    }

    /// The first circle found among the recipes, as the names along it (first name repeated
    /// at the end), or nil.
    private static func cycle(in recipes: [HouseRecipe], byKey: [String: Int]) -> [String]? {
        // 0 unvisited, 1 on the current path, 2 done.
        var state = [UInt8](repeating: 0, count: recipes.count)
        var path: [Int] = []
        func visit(_ index: Int) -> [String]? {
            state[index] = 1
            path.append(index)
            for line in recipes[index].lines {
                guard let next = byKey[IngredientTable.key(line.ingredient)] else { continue }
                if state[next] == 1 {
                    let start = path.firstIndex(of: next) ?? 0
                    return (path[start...] + [next]).map { recipes[$0].ingredient }
                }
                if state[next] == 0, let found = visit(next) { return found }
            }
            path.removeLast()
            state[index] = 2
            return nil
        }
        for index in recipes.indices where state[index] == 0 {
            if let found = visit(index) { return found }
        }
        return nil
    }

    /// The recipes in an order where each comes after those it uses.
    public var inMakingOrder: [HouseRecipe] {
        var done = Set<Int>()
        var order: [HouseRecipe] = []
        func visit(_ index: Int) {
            guard done.insert(index).inserted else { return }
            for line in recipes[index].lines {
                if let next = byKey[IngredientTable.key(line.ingredient)] { visit(next) }
            }
            order.append(recipes[index])
        }
        for index in recipes.indices { visit(index) }
        return order
    }
}
