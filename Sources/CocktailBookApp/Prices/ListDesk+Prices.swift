import CocktailBook
import Foundation

/// Menu prices, as the list pages, the menus and the API show them: in the book's currency,
/// formatted by Foundation for the reader's language, and the suggested prices only the owner
/// sees, from the bottle prices of the bar the menu follows (or the owner's own).
extension ListDesk {
    /// The book's currency (``BookCurrency/defaultCode`` until an admin sets one).
    package func currency() async throws -> String {
        try await book.currency()
    }

    /// A price in minor units of `currency`, as `strings`' language writes money: `€9.50`, `9,50 €`.
    package static func priceText(_ minor: Int, currency: String, strings: UIStrings) -> String {
        Money.text(minor, currency: currency, locale: strings.locale)
    }

    /// A percentage as `strings`' language writes it: `20%`, `20 %`.
    package static func percentText(_ percent: Int, strings: UIStrings) -> String {
        (Double(percent) / 100).formatted(.percent.locale(strings.locale))
    }

    /// Each drink's suggested price (by cocktail id) at the menu's pour cost, from the cost per
    /// serving of the bar the menu follows (the owner's when it follows none). A drink that left
    /// the catalog has none; a bar without a single bottle price gives none at all (the menu says
    /// so once rather than for every drink).
    package func suggestions(for list: DrinkList, rows: [Row], currency: String) async throws -> [String:
        SuggestedPrice]
    {
        let owner = FavoritesOwner(account: list.menuShelf?.ownerID ?? list.ownerID)
        let stock = try await bar.stock(of: owner)
        guard stock.values.contains(where: { $0.price != nil }) else { return [:] }
        let shelf = try await bar.shelf(of: owner)
        let index = try await catalog.barIndex()
        let step = Money.roundingStep(currency)
        var suggestions: [String: SuggestedPrice] = [:]
        for row in rows {
            guard let cocktail = row.details?.cocktail else { continue }
            suggestions[cocktail.id] = SuggestedPrice(
                cost: index.cost(of: cocktail, on: shelf, stock: stock), currency: currency,
                pourCostPercent: list.menuPrices.pourCost, step: step)
        }
        return suggestions
    }

    /// The price a form field holds (`9.50`, `9,50`; empty clears it), in minor units of
    /// `currency`; anything else is ``ListError/invalidPrice``.
    package static func price(fromField raw: String?, currency: String) throws -> Int? {
        let text = (raw ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let minor = Money.minor(text, currency: currency) else { throw ListError.invalidPrice }
        return try ListRules.price(minor)
    }
}
