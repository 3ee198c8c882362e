import CocktailBook
import CocktailBookApp
import Foundation
import Hummingbird

/// The list a details screen was opened from, so that its back link returns there: one of the
/// main screen's filters (`?from=alcoholic`), or a search or results screen (`?back=/results?…`).
enum ListOrigin: Sendable, Equatable {
    case list(CocktailFilter)
    case search(path: String)
    case results(path: String)

    /// Reads the origin from a details screen's query; anything unknown is the full list.
    init(request: Request) {
        let parameters = FormQuery(request)
        if let back = parameters["back"] {
            let path = LocalPath.sanitized(back)
            if path.hasPrefix("/results") {
                self = .results(path: path)
                return
            }
            if path.hasPrefix("/search") {
                self = .search(path: path)
                return
            }
        }
        self = .list((try? CocktailFilter(parsing: parameters["from"])) ?? .all)
    }

    /// Reads the origin from a form's `from` and `back` fields.
    init(from: String?, back: String?) {
        if let back, !back.isEmpty {
            let path = LocalPath.sanitized(back)
            if path.hasPrefix("/results") {
                self = .results(path: path)
                return
            }
            if path.hasPrefix("/search") {
                self = .search(path: path)
                return
            }
        }
        self = .list((try? CocktailFilter(parsing: from)) ?? .all)
    }

    /// Where the back link goes.
    var href: String {
        switch self {
        case .list(let filter): MainPage.path(for: filter)
        case .search(let path), .results(let path): path
        }
    }

    /// What the back link says after `‹`, in the language of `strings`.
    func title(_ strings: UIStrings) -> String {
        switch self {
        case .list(let filter): filter.title(strings)
        case .search: strings["origin_search"]
        case .results: strings["origin_results"]
        }
    }

    /// The main-screen filter, for forms that only carry that.
    var filter: CocktailFilter {
        if case .list(let filter) = self { return filter }
        return .all
    }

    /// The `back` path, for forms; empty for the main lists.
    var backPath: String {
        switch self {
        case .list: ""
        case .search(let path), .results(let path): path
        }
    }

    /// The details screen of `id` opened from here.
    func detailsPath(for id: String) -> String {
        switch self {
        case .list(let filter):
            return filter == .all ? "/cocktails/\(id)" : "/cocktails/\(id)?from=\(filter.rawValue)"
        case .search(let path), .results(let path):
            let encoded =
                path.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
            return "/cocktails/\(id)?back=\(encoded)"
        }
    }
}
