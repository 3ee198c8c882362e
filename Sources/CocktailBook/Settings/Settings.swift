/// A person's preferences: how the book looks, which language it speaks, which units it pours
/// in and for how many. Stored in a long-lived cookie for visitors and with the account for a
/// signed-in user; a query parameter wins for one request.
public struct Settings: Sendable, Equatable, Codable {
    /// `auto` follows the system (and switches with it); `light` and `dark` are fixed.
    public enum Theme: String, Sendable, Codable, CaseIterable {
        case auto, light, dark
    }

    /// The units volumes are shown in.
    public enum Units: String, Sendable, Codable, CaseIterable {
        case oz, ml, cl
    }

    public var theme: Theme
    /// The chosen language; `nil` leaves it to the browser's `Accept-Language`.
    public var language: Language?
    public var units: Units
    /// Whether the person chose the units; until they do, the units follow the language (see
    /// the web's settings), and a language switch changes them.
    public var unitsChosen = false
    /// How many drinks a recipe is scaled for, 1 to 12.
    public var servings: Int
    /// Whether the household's other members may have their menus follow this person's bar
    /// (see what a list's menu marks "Not today"). Off until the person turns it on.
    public var sharesBar = false
    /// The grams of alcohol in one standard drink the person chose; `nil` follows the region
    /// (see ``StandardDrink``). Like chosen units, it survives a change of language.
    public var standardDrink: Int?

    enum CodingKeys: String, CodingKey { case theme, language, units, servings, sharesBar, standardDrink }

    /// The most servings a recipe scales to.
    public static let servingsRange = 1...12

    /// The defaults: automatic theme, the browser's language, units nobody chose (ounces until
    /// the language says otherwise), one drink. Units given here count as chosen.
    public init(theme: Theme = .auto, language: Language? = nil, units: Units? = nil, servings: Int = 1) {
        self.theme = theme
        self.language = language
        self.units = units ?? .oz
        unitsChosen = units != nil
        self.servings = min(max(servings, Self.servingsRange.lowerBound), Self.servingsRange.upperBound)
    }

    /// These settings with whatever `fields` (`theme`, `lang`, `units`, `servings`) name
    /// validly applied; unknown or invalid values are ignored.
    public func applying(_ fields: (String) -> String?) -> Settings {
        var settings = self
        if let theme = fields("theme").flatMap(Theme.init(rawValue:)) { settings.theme = theme }
        if let lang = fields("lang") {
            settings.language = lang == "auto" ? nil : Language(rawValue: lang) ?? settings.language
        }
        if let units = fields("units") {
            // `auto`: back to following the language.
            if units == "auto" {
                settings.unitsChosen = false
            } else if let chosen = Units(rawValue: units) {
                settings.units = chosen
                settings.unitsChosen = true
            }
        }
        if let servings = fields("servings").flatMap(Int.init), Self.servingsRange.contains(servings) {
            settings.servings = servings
        }
        if let bar = fields("bar"), bar == "shared" || bar == "private" { settings.sharesBar = bar == "shared" }
        if let standard = fields("std") {
            if standard == "auto" {
                settings.standardDrink = nil
            } else if let grams = Int(standard), StandardDrink.choices.contains(grams) {
                settings.standardDrink = grams
            }
        }
        return settings
    }

    /// The settings as a cookie value: `theme=dark&lang=it&units=ml&servings=2` (and `&bar=shared`
    /// for a shared bar); units only once chosen.
    public var cookieValue: String {
        "theme=\(theme.rawValue)&lang=\(language?.rawValue ?? "auto")"
            + (unitsChosen ? "&units=\(units.rawValue)" : "") + "&servings=\(servings)"
            + (sharesBar ? "&bar=shared" : "") + (standardDrink.map { "&std=\($0)" } ?? "")
    }

    /// Reads ``cookieValue``; anything unreadable is left at its default.
    public init(cookieValue: String) {
        let pairs = Dictionary(
            cookieValue.split(separator: "&").compactMap { pair -> (String, String)? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        self = Settings().applying { pairs[$0] }
    }
}
