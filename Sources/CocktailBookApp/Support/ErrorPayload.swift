import CocktailBook

/// The body of every refusal the API answers with.
package struct ErrorPayload: Codable {
    package struct Body: Codable {
        package var code: String
        package var message: String
        /// The first field a refused input is wrong in, and all its problems.
        package var field: String?
        package var problems: [Problem]?
    }

    /// One field's problem, in words.
    package struct Problem: Codable, Sendable, Equatable {
        package var field: String
        package var message: String
    }

    package var error: Body

    /// The body answering `error`, its message in `strings`' language.
    package init(_ error: AppError, strings: UIStrings) {
        self.error = Body(
            code: error.code, message: error.message(in: strings), field: error.field, problems: error.problems)
    }
}
