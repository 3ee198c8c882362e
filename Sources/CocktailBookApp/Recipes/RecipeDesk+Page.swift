import CocktailBook
import CocktailsAPI
import Foundation

extension RecipeDesk {
    /// Why a recipe page gave no draft, in one line (and a code for the API).
    package struct PageRefusal: Error, Sendable {
        package var code: String
        package var messageKey: String
        package var values: [String: String] = [:]

        package var appError: AppError {
            AppError(status: .unprocessableContent, code: code, message: UIStrings.english(messageKey, values))
        }
    }

    /// The draft a recipe page at `address` reads as, for the person to review: nothing is
    /// saved. The page is fetched through the bounded fetcher under `policy` (public addresses
    /// only, unless the operator allowed private imports), and so is its picture, which is kept
    /// among the book's pictures when it is one; a picture that cannot be had leaves the draft
    /// without one.
    package func draft(fromPage address: String, policy: AddressPolicy, pictures: ImportedImageFiles) async throws
        -> RecipeDraft
    {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { throw PageRefusal(code: "invalid_url", messageKey: "editor_page_bad_url") }
        let fetcher = BoundedFetcher(policy: policy, timeout: .seconds(15))
        let response: BoundedFetcher.Response
        do {
            response = try await fetcher.get(
                url, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
                maximumBytes: RecipePageReader.maximumBytes)
        } catch let failure as BoundedFetcher.Failure {
            switch failure {
            case .forbiddenAddress:
                throw PageRefusal(code: "private_address", messageKey: "editor_page_private")
            case .tooLarge:
                throw PageRefusal(code: "page_too_large", messageKey: "editor_page_too_large")
            case .badURL:
                throw PageRefusal(code: "invalid_url", messageKey: "editor_page_bad_url")
            case .tooManyRedirects, .timedOut, .unreachable:
                throw PageRefusal(
                    code: "page_unreachable", messageKey: "editor_page_unreachable",
                    values: ["reason": failure.description])
            }
        }
        guard (200..<300).contains(response.status) else {
            throw PageRefusal(
                code: "page_unreachable", messageKey: "editor_page_status", values: ["status": String(response.status)])
        }
        let type = response.headers.first(name: "Content-Type")?.lowercased() ?? ""
        guard type.isEmpty || type.contains("html") else {
            throw PageRefusal(code: "not_html", messageKey: "editor_page_not_html")
        }
        var draft: RecipeDraft
        do {
            draft = try RecipePageReader.read(data: response.body, baseURL: response.url)
        } catch RecipePageError.tooLarge {
            throw PageRefusal(code: "page_too_large", messageKey: "editor_page_too_large")
        } catch RecipePageError.notHTML {
            throw PageRefusal(code: "not_html", messageKey: "editor_page_not_html")
        } catch {
            throw PageRefusal(code: "no_recipe", messageKey: "editor_page_no_recipe")
        }
        draft.imageURL = await picture(at: draft.imageURL, fetcher: fetcher, pictures: pictures)
        if draft.imageURL != nil { draft.imageSource = response.url.absoluteString }
        return draft
    }

    /// The page's picture kept among the book's, or `nil`.
    private func picture(at address: String?, fetcher: BoundedFetcher, pictures: ImportedImageFiles) async -> String? {
        guard let address, let url = URL(string: address), url.scheme?.hasPrefix("http") == true,
            let image = try? await fetcher.get(url, accept: "image/*", maximumBytes: Self.maximumPictureBytes),
            (200..<300).contains(image.status)
        else { return nil }
        return try? await storePicture(image.body, pictures: pictures)
    }
}
