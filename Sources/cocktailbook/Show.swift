import ArgumentParser
import CocktailBook
import CocktailBookWeb

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one cocktail in full, found by id or by name.",
        discussion: "Names match regardless of case and accents: `show \"pina colada\"` finds Piña Colada."
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The cocktail's id (as in `list`) or its name.", valueName: "id-or-name"))
    var cocktail: String

    @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/cocktails/{id}.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Show measures in oz, ml or cl (1 oz = 30 ml = 3 cl).", valueName: "oz|ml|cl"))
    var units: String?

    @Option(name: .long, help: ArgumentHelp("Scale the recipe for this many drinks, 1 to 12.", valueName: "n"))
    var servings: Int?

    func validate() throws {
        if let units, Settings.Units(rawValue: units) == nil { throw ValidationError("--units must be oz, ml or cl, not \(units).") }
        if let servings, !Settings.servingsRange.contains(servings) { throw ValidationError("--servings must be from 1 to 12, not \(servings).") }
    }

    /// The conversion asked for, when either option is given.
    var conversion: (units: Settings.Units, servings: Int)? {
        guard units != nil || servings != nil else { return nil }
        return (Settings.Units(rawValue: units ?? "oz") ?? .oz, servings ?? 1)
    }

    func run() async throws {
        try await runReportingErrors {
            let environment = try await openCatalog(common)
            let item = try await environment.catalog.cocktail(idOrName: cocktail)
            let details = try await environment.catalog.details(id: item.cocktail.id)
            let payload = CocktailDetailPayload(details, now: environment.catalog.now(), calendar: environment.catalog.calendar, conversion: conversion)
            if json {
                try printJSON(payload)
            } else {
                print(Self.text(for: details, ingredients: payload.ingredients.map(\.text), servings: conversion?.servings ?? 1))
            }
        }
    }

    static func text(for details: CocktailDetails, ingredients: [String], servings: Int = 1) -> String {
        let cocktail = details.cocktail
        var lines = [cocktail.name + (details.isFavorite ? "  ♥ favorite" : "")]
        let facts = [cocktail.kind.rawValue, cocktail.preparationTimeText, details.abvText, "id \(cocktail.id)"]
        lines.append(facts.compactMap { $0 }.joined(separator: " · "))
        lines += ["", cocktail.shortDescription, "", cocktail.longDescription, ""]
        let served = [
            cocktail.glass.map { "Glass: \(GlassName.display($0))" }, cocktail.method.map { "Method: \($0)" },
            cocktail.garnish.flatMap { $0.isEmpty ? nil : "Garnish: \($0)" },
        ].compactMap { $0 }
        if !served.isEmpty { lines += served + [""] }
        lines.append(servings == 1 ? "Ingredients" : "Ingredients for \(servings)")
        lines += ingredients.map { "  • \($0)" }
        if let steps = cocktail.instructions, !steps.isEmpty {
            lines += ["", "Instructions"] + steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        }
        if let tags = cocktail.tags, !tags.isEmpty { lines += ["", "Tags: " + tags.joined(separator: ", ")] }
        return lines.joined(separator: "\n")
    }
}
