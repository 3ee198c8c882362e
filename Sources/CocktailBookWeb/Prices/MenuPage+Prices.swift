import CocktailBook
import CocktailBookApp
import Foundation

/// What a menu knows about prices: the book's currency, and for the owner's view only the
/// suggested prices (a shared menu gets `nil` there and shows none of them).
struct MenuPriceSource: Sendable {
    var currency: String
    var suggestions: [String: SuggestedPrice]?

    /// `minor` as money, or `nil` without a price.
    func text(_ minor: Int?, strings: UIStrings) -> String? {
        minor.map { ListDesk.priceText($0, currency: currency, strings: strings) }
    }
}

/// One drink's suggested price on the owner's menu, in one line, with a button that makes it
/// the drink's price when there is one.
struct MenuSuggestion: Sendable {
    var text: String
    var useAction: String?
    var useValue: String?
    var useLabel: String?
    var useButton: String?

    init(_ suggestion: SuggestedPrice, list: DrinkList, cocktail: Cocktail, currency: String, strings: UIStrings) {
        switch suggestion {
        case .price(let minor):
            let price = ListDesk.priceText(minor, currency: currency, strings: strings)
            text = strings(
                "menu_suggested",
                ["price": price, "percent": ListDesk.percentText(list.menuPrices.pourCost, strings: strings)])
            let current = list.entries.first { $0.cocktailID == cocktail.id }?.priceMinor
            // A suggestion above what a price may be, or the price already, offers nothing to click.
            if minor <= ListRules.maximumPriceMinor, current != minor {
                useAction = "/lists/\(list.id)/entries/\(cocktail.id)/price"
                useValue = Money.major(minor, currency: currency)
                useButton = strings("menu_use_suggested", ["price": price])
                useLabel = strings("menu_use_suggested_for", ["price": price, "name": cocktail.name])
            }
        case .lacking(let values):
            text = strings("cost_lacking", ["names": values.map(strings.ingredient).joined(separator: ", ")])
        case .otherCurrency(let theirs):
            text = strings("menu_suggested_other_currency", ["bottles": theirs, "book": currency])
        }
    }
}

/// The owner's form on the menu: show prices or not, and the pour cost suggestions aim at.
struct MenuPricingForm: Sendable {
    var action: String
    var displays: [Choice]
    var pourCost: Int
    var minimum = ListRules.pourCostPercents.lowerBound
    var maximum = ListRules.pourCostPercents.upperBound
    var hint: String
    /// Said when the bar has no bottle price at all, instead of a line per drink.
    var noBottlePrices: String?

    init(_ list: DrinkList, currency: String, hasSuggestions: Bool, _ strings: UIStrings) {
        action = "/lists/\(list.id)/menu-prices"
        displays = MenuPrices.Display.allCases.map {
            Choice(
                value: $0.rawValue, label: strings["menu_prices_" + $0.rawValue],
                selected: list.menuPrices.display == $0)
        }
        pourCost = list.menuPrices.pourCost
        hint = strings("menu_prices_hint", ["currency": currency])
        noBottlePrices = hasSuggestions || list.entries.isEmpty ? nil : strings["menu_prices_no_bottles"]
    }
}
