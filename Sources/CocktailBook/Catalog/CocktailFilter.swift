/// The three views of the catalog the main screen offers.
///
/// Syntax: `?filter=all` (the default), `?filter=alcoholic`, `?filter=non-alcoholic`.
public enum CocktailFilter: String, Sendable, CaseIterable, Codable {
    /// Every cocktail.
    case all
    /// Only cocktails with alcohol.
    case alcoholic
    /// Only cocktails without alcohol.
    case nonAlcoholic = "non-alcoholic"

    /// The list's title for this filter.
    public var title: String {
        switch self {
        case .all: "All Cocktails"
        case .alcoholic: "Alcoholic Cocktails"
        case .nonAlcoholic: "Non-Alcoholic Cocktails"
        }
    }

    /// The short label of the filter's segment.
    public var label: String {
        switch self {
        case .all: "All"
        case .alcoholic: "Alcoholic"
        case .nonAlcoholic: "Non-Alcoholic"
        }
    }

    /// The list's title in the language of `strings`.
    public func title(_ strings: UIStrings) -> String { strings["filter_\(key)_title"] }

    /// The segment's label in the language of `strings`.
    public func label(_ strings: UIStrings) -> String { strings["filter_\(key)_label"] }

    private var key: String { rawValue.replacingOccurrences(of: "-", with: "_") }

    /// Reads a filter from a query value; a missing or empty value means ``all``.
    ///
    /// - Throws: ``CatalogError/invalidFilter(_:)`` for any other unknown value.
    public init(parsing value: String?) throws {
        guard let value, !value.isEmpty else {
            self = .all
            return
        }
        guard let filter = CocktailFilter(rawValue: value.lowercased()) else { throw CatalogError.invalidFilter(value) }
        self = filter
    }

    /// Whether a cocktail belongs in this view.
    public func includes(_ cocktail: Cocktail) -> Bool {
        switch self {
        case .all: true
        case .alcoholic: cocktail.kind == .alcoholic
        case .nonAlcoholic: cocktail.kind == .nonAlcoholic
        }
    }
}
