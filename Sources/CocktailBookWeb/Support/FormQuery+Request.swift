import CocktailBookApp
import Hummingbird

extension FormQuery {
    /// The fields of a request's query string.
    init(_ request: Request) {
        self.init(encoded: request.uri.query ?? "")
    }
}
