import Foundation

extension TheCocktailDBDrink {
    /// How a drink is put together, as far as its instructions and category tell.
    enum PreparationMethod: Equatable {
        case built, shaken, stirred, blended, layered

        /// The minutes the method takes before counting ingredients.
        var baseMinutes: Double {
            switch self {
            case .built: 2
            case .shaken, .stirred: 3
            case .layered: 4
            case .blended: 5
            }
        }
    }

    /// The method implied by `strInstructions` and `strCategory`: blending wins over layering,
    /// layering over shaking, shaking over stirring; anything else is built (poured).
    static func preparationMethod(instructions: String?, category: String?) -> PreparationMethod {
        let text = (instructions ?? "").lowercased()
        let category = (category ?? "").lowercased()
        if text.contains("blend") || category == "shake" || category.contains("frozen") { return .blended }
        if text.contains("layer") || text.contains("float") { return .layered }
        if text.contains("shake") || text.contains("shaker") { return .shaken }
        if text.contains("stir") { return .stirred }
        return .built
    }

    /// An estimate of the minutes a drink takes: the method's base plus half a minute per
    /// ingredient, rounded and kept within 1…15.
    static func estimatedMinutes(method: PreparationMethod, ingredientCount: Int) -> Int {
        let minutes = (method.baseMinutes + 0.5 * Double(max(0, ingredientCount))).rounded()
        return min(15, max(1, Int(minutes)))
    }

    /// The estimate for this drink.
    var estimatedPreparationMinutes: Int {
        let method = Self.preparationMethod(instructions: self["strInstructions"], category: self["strCategory"])
        return Self.estimatedMinutes(method: method, ingredientCount: ingredientNames.count)
    }

    /// `strVideo` when it is an http(s) URL; anything else is dropped.
    var videoURL: String? {
        guard let value = self["strVideo"], let url = URL(string: value),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return value
    }
}
