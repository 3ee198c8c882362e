import CocktailBook
import Foundation

/// The My bar screen.
struct BarPage: PageModel {
    static let template = "bar"
    let catalogState = "ready"

    struct Option {
        var value: String
        var label: String
    }
    struct Bottle {
        var value: String
        var name: String
        var enables: String
        var removeLabel: String
    }
    struct Drink {
        var id: String
        var name: String
        var href: String
        var reasons: [String]
        var missing: String?
        var niceToHave: String?
    }
    struct Suggestion {
        var value: String
        var title: String
        var drinks: String
    }
    struct Rule {
        var id: Int64?
        var text: String
        var isBuiltIn: Bool
        var bothWays: Bool
    }

    var canKeepBar: Bool
    var bottles: [Bottle]
    var hasBottles: Bool
    var shelfTitle: String
    var options: [Option]
    var canMake: [Drink]
    var canMakeTitle: String
    var withStandIn: [Drink]
    var withStandInTitle: String
    var hasStandIns: Bool
    var oneAway: [Drink]
    var oneAwayTitle: String
    var suggestions: [Suggestion]
    var hasSuggestions: Bool
    var rules: [Rule]
    var always: [Bottle]
    var shoppingTitle: String

    init(report: BarReport, shelf: Shelf, canKeepBar: Bool, shoppingCount: Int, strings: UIStrings) {
        self.canKeepBar = canKeepBar
        let sorted = { (values: Set<String>) in
            values.sorted {
                strings.ingredient($0).localizedCaseInsensitiveCompare(strings.ingredient($1)) == .orderedAscending
            }
        }
        let enabled = report.evaluation.drinksEnabled()
        bottles = sorted(shelf.bottles).map { value in
            Bottle(
                value: value, name: strings.ingredient(value),
                enables: strings.count("bar_enables", enabled[value] ?? 0),
                removeLabel: strings("bar_remove_named", ["name": strings.ingredient(value)]))
        }
        hasBottles = !bottles.isEmpty
        shelfTitle = strings["bar_shelf"] + " (\(bottles.count))"
        options = report.index.allValues.map { Option(value: $0, label: strings.ingredient($0)) }
        let drink = { (entry: BarEvaluation.Entry) -> Drink in
            let cocktail = report.cocktails[entry.position]
            return Drink(
                id: cocktail.id, name: cocktail.name, href: "/cocktails/\(cocktail.id)",
                reasons: entry.matchedBy.map { Self.reason($0, strings: strings) },
                missing: entry.missing.first.map { strings("bar_missing", ["name": strings.ingredient($0)]) },
                niceToHave: entry.niceToHave.isEmpty
                    ? nil
                    : strings(
                        "bar_nice_to_have", ["names": entry.niceToHave.map(strings.ingredient).joined(separator: ", ")])
            )
        }
        canMake = report.evaluation.canMake.map(drink)
        canMakeTitle = strings("bar_can_make_count", ["n": String(canMake.count)])
        withStandIn = report.evaluation.withStandIn.map(drink)
        withStandInTitle = strings("bar_stand_in_count", ["n": String(withStandIn.count)])
        hasStandIns = !withStandIn.isEmpty
        oneAway = report.evaluation.oneAway.map(drink)
        oneAwayTitle = strings("bar_one_away_count", ["n": String(oneAway.count)])
        suggestions = report.evaluation.suggestions().prefix(12).map { suggestion in
            Suggestion(
                value: suggestion.value,
                title: strings.count(
                    "bar_unlocks", suggestion.unlocks,
                    [
                        "name": strings.toBuy(
                            suggestion.value, byThePiece: report.index.isBoughtByThePiece(suggestion.value))
                    ]),
                drinks: suggestion.positions.map { report.cocktails[$0].name }.joined(separator: ", ")
            )
        }
        hasSuggestions = !suggestions.isEmpty
        rules = (BuiltInBar.rules + shelf.rules).map { rule in
            Rule(
                id: rule.id,
                text: strings(
                    "bar_rule_text",
                    ["use": strings.ingredient(rule.use), "insteadOf": strings.ingredient(rule.insteadOf)]),
                isBuiltIn: rule.isBuiltIn, bothWays: rule.bothWays
            )
        }
        always = sorted(shelf.alwaysAvailable).map { value in
            Bottle(
                value: value, name: strings.ingredient(value), enables: "",
                removeLabel: strings("bar_remove_named", ["name": strings.ingredient(value)]))
        }
        shoppingTitle = strings("shopping_count", ["n": String(shoppingCount)])
    }

    /// How one line is covered, in one line.
    static func reason(_ match: BarEvaluation.Match, strings: UIStrings) -> String { match.text(strings) }
}

/// The shopping list screen.
struct ShoppingPage: PageModel {
    static let template = "shopping"
    let catalogState = "ready"

    struct Item {
        var id: Int64
        var name: String
        var forDrinks: String?
        var reason: String?
        var isBought: Bool
        var nextBought: Bool
    }

    var items: [Item]
    var hasItems: Bool
    var hasBought: Bool
    var options: [BarPage.Option]
    var canKeepBar: Bool
    var shareText: String

    init(items: [ShoppingItem], cocktailNames: [String: String], values: [String], canKeepBar: Bool, strings: UIStrings)
    {
        self.items = items.map { item in
            let names = item.cocktailIds.compactMap { cocktailNames[$0] }
            return Item(
                id: item.id, name: strings.ingredient(item.value),
                forDrinks: item.reason == nil && !names.isEmpty
                    ? strings("shopping_for", ["names": names.joined(separator: ", ")]) : nil, reason: item.reason,
                isBought: item.isBought, nextBought: !item.isBought)
        }
        hasItems = !items.isEmpty
        hasBought = items.contains(where: \.isBought)
        options = values.map { BarPage.Option(value: $0, label: strings.ingredient($0)) }
        self.canKeepBar = canKeepBar
        shareText = ShoppingListPayload.text(items, strings: strings)
    }
}
