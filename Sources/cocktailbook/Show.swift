import ArgumentParser
import CocktailBook
import CocktailBookApp

struct Show: BookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one cocktail in full, found by id or by name.",
        discussion: "Names match regardless of case and accents: `show \"pina colada\"` finds Piña Colada."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The cocktail's id (as in `list`) or its name.", valueName: "id-or-name"))
    var cocktail: String

    @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/cocktails/{id}.")
    var json = false

    @Option(
        name: .long, help: ArgumentHelp("Show measures in oz, ml or cl (1 oz = 30 ml = 3 cl).", valueName: "oz|ml|cl"))
    var units: String?

    @Option(name: .long, help: ArgumentHelp("Scale the recipe for this many drinks, 1 to 12.", valueName: "n"))
    var servings: Int?

    func validate() throws {
        if let units, Settings.Units(rawValue: units) == nil {
            throw ValidationError("--units must be oz, ml or cl, not \(units).")
        }
        if let servings, !Settings.servingsRange.contains(servings) {
            throw ValidationError("--servings must be from 1 to 12, not \(servings).")
        }
    }

    /// The conversion asked for, when either option is given.
    var conversion: (units: Settings.Units, servings: Int)? {
        guard units != nil || servings != nil else { return nil }
        return (Settings.Units(rawValue: units ?? "oz") ?? .oz, servings ?? 1)
    }

    func run(on environment: Book) async throws {
        let item = try await environment.catalog.cocktail(idOrName: cocktail)
        let details = try await environment.catalog.details(id: item.cocktail.id)
        let strings = common.strings
        let payload = CocktailDetailPayload(
            details, now: environment.catalog.now(), calendar: environment.catalog.calendar,
            language: strings.language, conversion: conversion
        )
        if json {
            try printJSON(payload)
        } else {
            print(
                Self.text(
                    for: details, ingredients: payload.ingredients.map(\.text),
                    servings: conversion?.servings ?? 1,
                    strings: strings))
        }
    }

    static func text(
        for details: CocktailDetails, ingredients: [String], servings: Int = 1, strings: UIStrings = .english
    ) -> String {
        let cocktail = details.cocktail
        let texts = cocktail.texts(in: strings.language)
        var lines = [cocktail.name + (details.isFavorite ? "  ♥ " + strings["list_favorite"].lowercased() : "")]
        let kind = strings[cocktail.kind == .nonAlcoholic ? "filters_kind_non_alcoholic" : "filters_kind_alcoholic"]
            .lowercased()
        let facts: [String?] = [
            kind, cocktail.preparationTimeText(strings), details.abvText(strings).map(strings.localizingNumbers),
            "id \(cocktail.id)",
        ]
        lines.append(facts.compactMap { $0 }.joined(separator: " · "))
        lines += ["", texts.shortDescription, "", texts.longDescription, ""]
        let served = [
            cocktail.glass.map { "\(strings["details_glass"]): \(strings.glass($0))" },
            cocktail.method.map { "\(strings["details_method"]): \(strings.method($0).lowercased())" },
            texts.garnish.flatMap { $0.isEmpty ? nil : "\(strings["details_garnish"]): \($0)" },
        ].compactMap { $0 }
        if !served.isEmpty { lines += served + [""] }
        lines.append(
            servings == 1 ? strings["details_ingredients"] : strings("cli_ingredients_for", ["n": String(servings)]))
        lines += ingredients.map { "  • \($0)" }
        if let steps = texts.instructions, !steps.isEmpty {
            lines +=
                ["", strings["details_instructions"]] + steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        }
        if let tags = cocktail.tags, !tags.isEmpty {
            lines += ["", "\(strings["details_tags"]): " + tags.joined(separator: ", ")]
        }
        return lines.joined(separator: "\n")
    }
}
