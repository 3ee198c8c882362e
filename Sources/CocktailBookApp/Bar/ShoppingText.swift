import CocktailBook

/// A line a person types onto the shopping list, in the page or through the API. Free text is
/// welcome ("olives", "napkins"); a name the bar knows is kept as that ingredient's value, so it
/// reads in the page's language and counts for the shelf once bought.
package enum ShoppingText {
    package static let maximumLength = 200

    /// The line to keep for `typed`, or `nil` when it is blank or longer than the limit (in
    /// Unicode code points, as the API's schema counts them).
    package static func line(_ typed: String, in index: BarIndex) -> String? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, typed.unicodeScalars.count <= maximumLength else { return nil }
        if case .known(let value) = IngredientLookup.resolve(text, in: index) { return value }
        return text
    }
}
