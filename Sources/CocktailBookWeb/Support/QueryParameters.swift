import CocktailBook
import CocktailBookApp
import CocktailsAPI
import Foundation
import Hummingbird

/// Reads and writes the query parameters that describe a ``CocktailQuery``, so the API, the pages
/// and their links all speak the same syntax: `q`, `filter` (or `kind`), `category`, `glass`,
/// `ingredient` (repeatable), `tag`, `makeable`, `made`, `sort`, `page`, `perPage`.
enum QueryParameters {
    /// The query a request asks for, searched in `language`. Pages are cut at the screens' size
    /// unless `paged` is false and the request names no `page` or `perPage`.
    static func query(from request: Request, language: Language, paged: Bool = true) throws -> CocktailQuery {
        let parameters = FormQuery(request)
        let value = { (name: String) in parameters[name] }
        // `kind` is another name for `filter`; whichever is given must be a filter.
        let named = try [value("filter"), value("kind")].compactMap { $0 }.map { try CocktailFilter(parsing: $0) }
        let kind = named.first ?? .all
        let page = try number(value("page"), name: "page")
        let perPage = try number(value("perPage"), name: "perPage")
        guard parameters.all("ingredient").count <= CocktailQuery.maximumIngredients else { throw tooManyIngredients }
        let category = try vocabulary(value("category"), name: "category", DrinkCategory.init(named:))
        let glass = try vocabulary(value("glass"), name: "glass", Glass.init(named:))
        var query = CocktailQuery(
            text: value("q") ?? "", kind: kind, category: category, glass: glass,
            ingredients: parameters.all("ingredient"), page: page ?? 1,
            perPage: perPage ?? CocktailQuery.defaultPerPage
        )
        if let tag = value("tag"), !tag.isEmpty {
            guard tag.count <= 60 else {
                throw AppError(status: .badRequest, code: "invalid_tag", message: "A tag has at most 60 characters.")
            }
            query.tag = tag
        }
        if let makeable = value("makeable"), !makeable.isEmpty {
            guard let chosen = CocktailQuery.Makeable(rawValue: makeable) else {
                throw AppError(
                    status: .badRequest, code: "invalid_makeable",
                    message: "makeable must be now, stand-in or one-away.")
            }
            query.makeable = chosen
        }
        if let sort = value("sort"), !sort.isEmpty {
            guard let chosen = CocktailQuery.Sort(rawValue: sort) else {
                throw AppError(status: .badRequest, code: "invalid_sort", message: "sort must be name or rating.")
            }
            query.sort = chosen
        }
        if let rated = value("rated"), !rated.isEmpty {
            guard rated == "yes" else {
                throw AppError(status: .badRequest, code: "invalid_rated", message: "rated must be yes.")
            }
            query.rated = true
        }
        if let made = value("made"), !made.isEmpty {
            guard let chosen = CocktailQuery.Made(rawValue: made) else {
                throw AppError(status: .badRequest, code: "invalid_made", message: "made must be never or recently.")
            }
            query.made = chosen
        }
        if !paged, page == nil, perPage == nil { query = query.unpaged }
        query.language = language
        return query
    }

    /// The answer to a query naming more ingredients than any drink has.
    static var tooManyIngredients: AppError {
        AppError(
            status: .badRequest, code: "too_many_ingredients",
            message: "A query may name at most \(CocktailQuery.maximumIngredients) ingredients.")
    }

    /// The glass or family a parameter names; empty means none, an unknown one is refused.
    private static func vocabulary<Value>(_ text: String?, name: String, _ read: (String) -> Value?) throws -> Value? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = read(text) else {
            throw AppError(
                status: .badRequest, code: "invalid_\(name)",
                message: "\"\(text.prefix(60))\" is not a \(name) this book knows; GET /api/v1/filters lists them.")
        }
        return value
    }

    private static func number(_ text: String?, name: String) throws -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), number >= 1, number <= 1_000_000 else {
            throw AppError(
                status: .badRequest, code: "invalid_\(name)",
                message: "\(name) must be a whole number from 1 to 1000000, not \"\(text)\".")
        }
        return number
    }

    /// The query string (with `?`, or empty) for `query`, optionally at another page.
    static func string(for query: CocktailQuery, page: Int? = nil, includeText: Bool = true) -> String {
        var items: [URLQueryItem] = []
        if includeText, !query.text.isEmpty { items.append(.init(name: "q", value: query.text)) }
        if query.kind != .all { items.append(.init(name: "filter", value: query.kind.rawValue)) }
        if let category = query.category { items.append(.init(name: "category", value: category.rawValue)) }
        if let glass = query.glass { items.append(.init(name: "glass", value: glass.rawValue)) }
        items += query.ingredients.map { URLQueryItem(name: "ingredient", value: $0) }
        if let tag = query.tag { items.append(.init(name: "tag", value: tag)) }
        if let makeable = query.makeable { items.append(.init(name: "makeable", value: makeable.rawValue)) }
        if let made = query.made { items.append(.init(name: "made", value: made.rawValue)) }
        if query.rated { items.append(.init(name: "rated", value: "yes")) }
        if query.sort != .name { items.append(.init(name: "sort", value: query.sort.rawValue)) }
        if let page, page > 1 { items.append(.init(name: "page", value: String(page))) }
        guard !items.isEmpty else { return "" }
        var components = URLComponents()
        components.queryItems = items
        // "+" is a space in forms; spell it out so it survives.
        return "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }
}
