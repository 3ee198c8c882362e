import ArgumentParser
import CocktailBook
import CocktailBookApp
import CocktailBookStore
import Foundation

/// `cocktailbook party --list NAME --guests N`: the party planner over one of your lists, as
/// the planner page shows it (or, with `--json`, exactly the API's plan).
struct Party: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plan a party over one of your lists: bottles, fruit, ice and the batches to make ahead.")
    @OptionGroup var common: CommonOptions
    @OptionGroup var owner: FavoritesUserOption
    @Option(name: .long, help: ArgumentHelp("The list's name.", valueName: "name")) var list: String
    @Option(name: .long, help: ArgumentHelp("How many guests (1 to 1000).", valueName: "n")) var guests: Int
    @Option(name: .long, help: ArgumentHelp("Drinks per guest, spread evenly (1 to 20).", valueName: "n"))
    var perGuest = 2
    @Flag(name: .long, help: "Subtract what is on the shelf (one bottle of each, as the page says).") var shelf = false
    @Flag(name: .long, help: "Print exactly the JSON of GET /api/v1/lists/{id}/plan.") var json = false

    func run() async throws {
        try await Lists.run(common, owner) { lists, who in
            let found = try await lists.list(named: list, owner: who)
            let plan = try await lists.plan(found, guests: guests, perGuest: perGuest, shelf: shelf, owner: who)
            if json {
                FileHandle.standardOutput.write(
                    try lists.json(plan, perGuest: perGuest, strings: common.strings) + Data("\n".utf8))
            } else {
                print(PartyReport(plan: plan, listName: found.name, strings: common.strings).text)
            }
        }
    }
}

/// The plan as text: the drinks, what to pour and buy with why, the ice, the prep sheet, the
/// syrups and the rules, in the order the page shows them.
struct PartyReport {
    let plan: PartyPlan
    let listName: String
    let strings: UIStrings

    var text: String {
        var lines = [strings("party_title", ["name": listName])]
        guard !plan.drinks.isEmpty else { return (lines + [strings["party_empty"]]).joined(separator: "\n") }
        lines += ["", strings["party_drinks"]]
        lines += plan.drinks.map {
            "  " + strings("party_servings", ["count": String($0.servings), "name": $0.cocktail.name])
        }
        lines += ["", strings["party_ingredients"]]
        for row in plan.buyRows(strings: strings, amount: { strings.decimal($0, fractionDigits: 0) + " ml" }) {
            let shelfNote = row.onShelf ? " (\(strings["party_on_shelf"]))" : ""
            lines.append("  \(row.name): \(row.pour) → \(row.buy)\(shelfNote)")
            lines.append("    " + row.why)
        }
        lines += ["", strings("party_ice", ["kg": strings.decimal(plan.iceKg)])]
        if !plan.batches.isEmpty { lines += ["", strings["party_batches"]] }
        for batch in plan.batches {
            lines.append("  " + strings("party_servings", ["count": String(batch.servings), "name": batch.name]))
            lines.append("    " + strings[batch.howKey])
            for line in batch.lines {
                let amount =
                    line.grams.map { PartyPlan.gramsText($0, strings: strings) }
                    ?? strings.decimal(line.ml, fractionDigits: 0) + " ml"
                lines.append("    \(amount) \(strings.ingredient(line.ingredient))")
            }
            let mix = strings.decimal(batch.mixMl, fractionDigits: 0) + " ml"
            let water = strings.decimal(batch.waterMl, fractionDigits: 0) + " ml"
            lines.append(
                "    "
                    + (batch.kind == .stirred
                        ? strings("party_batch_mix", ["mix": mix, "water": water])
                        : strings("party_batch_mix_only", ["mix": mix])))
            lines.append(
                "    "
                    + strings.count(
                        "party_batch_bottles", batch.bottles,
                        ["pour": strings.decimal(batch.pourMl, fractionDigits: 0) + " ml"]))
            if !batch.addPerServe.isEmpty {
                let key = batch.kind == .built ? "party_batch_top" : "party_batch_add"
                let added = batch.addPerServe(in: .ml, strings: strings).joined(separator: ", ")
                lines.append("    " + strings(key, ["lines": added]))
            }
        }
        let syrups = plan.syrups
        if !syrups.isEmpty { lines += ["", strings["party_syrups"]] }
        for syrup in syrups {
            lines.append("  " + strings.partySyrup(syrup, ml: strings.decimal(syrup.ml, fractionDigits: 0) + " ml"))
        }
        lines += ["", strings["party_rules"]]
        lines += plan.ruleKeys.map {
            "  - " + strings[$0]
        }
        return lines.joined(separator: "\n")
    }
}
