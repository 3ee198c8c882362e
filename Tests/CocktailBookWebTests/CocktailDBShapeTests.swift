import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import HummingbirdTesting
import Testing

/// Every drink of the 311-cocktail bundled catalog, through `lookup.php`, in exactly the shape
/// and vocabulary TheCocktailDB clients decode.
@Suite("TheCocktailDB API: the bundled catalog's shape")
struct CocktailDBShapeTests {
    @Test("every bundled drink has every key, only strings or nulls, TheCocktailDB's vocabularies and a served picture")
    func everyDrink() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeCocktailDBBundledApp(databasePath: database.path).test(.router) { client in
            try await client.waitForCatalog { $0.state == "ready" }
            let ids = try await client.list().cocktails.map(\.id)
            #expect(ids.count == 311)
            let searched = try #require(try await client.cocktailDB("search.php?s=")).compactMap {
                $0["idDrink"] as? String
            }
            #expect(Set(searched) == Set(ids) && searched.count == ids.count)

            let datePattern = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/
            for id in ids {
                let drink = try await client.cocktailDBDrink(id)
                #expect(Set(drink.keys) == CocktailDBFixtures.allDrinkKeys, "\(id)")
                for (key, value) in drink {
                    #expect(value is String || value is NSNull, "\(id) \(key) is \(value)")
                }
                #expect(drink["idDrink"] as? String == id)
                #expect((drink["strDrink"] as? String)?.isEmpty == false, "\(id)")
                #expect(
                    CocktailDBFixtures.alcoholic.contains(drink["strAlcoholic"] as? String ?? "null"),
                    "\(id): \(drink["strAlcoholic"]!)")
                #expect(
                    CocktailDBFixtures.categories.contains(drink["strCategory"] as? String ?? "null"),
                    "\(id): \(drink["strCategory"]!)")
                #expect(
                    CocktailDBFixtures.glasses.contains(drink["strGlass"] as? String ?? "null"),
                    "\(id): \(drink["strGlass"]!)")
                #expect(drink["strCreativeCommonsConfirmed"] as? String == "No")
                #expect((drink["strInstructions"] as? String)?.isEmpty == false, "\(id)")
                let date = try #require(drink["dateModified"] as? String, "\(id)")
                #expect(date.wholeMatch(of: datePattern) != nil, "\(id): \(date)")
                if let tags = drink["strTags"] as? String {
                    #expect(
                        !tags.contains(" ") && tags.split(separator: ",").allSatisfy { $0.first?.isUppercase == true },
                        "\(id): \(tags)")
                }

                // The slots follow the recipe: one ingredient per line, measures only beside them.
                let detail: DetailBody = try await client.get("/api/v1/cocktails/\(id)").decoded()
                let filled = (1...15).filter { drink["strIngredient\($0)"] is String }
                #expect(filled == Array(1...min(15, detail.ingredients.count)), "\(id)")
                for slot in 1...15 {
                    if let measure = drink["strMeasure\(slot)"] as? String {
                        #expect(measure.hasSuffix(" ") && filled.contains(slot), "\(id) strMeasure\(slot): \(measure)")
                    }
                }

                let thumb = try #require(drink["strDrinkThumb"] as? String, "\(id)")
                let url = try #require(URL(string: thumb), "\(id): \(thumb)")
                #expect(url.scheme == "http" && url.host != nil, "\(id): \(thumb)")
                #expect(url.path == "/images/cocktails/\(id).jpg") // every bundled drawing is rendered
                for path in [
                    url.path, url.path + "/preview", url.path + "/small", url.path + "/medium", url.path + "/large",
                ] {
                    let image = try await client.get(path)
                    #expect(image.status == .ok, "\(path)")
                    #expect(image.headers[.contentType] == "image/jpeg", "\(path)")
                }
            }
        }
    }

    @Test("the bundled catalog's lists stay within TheCocktailDB's vocabularies, and each value filters to drinks")
    func listsAndFilters() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await makeCocktailDBBundledApp(databasePath: database.path).test(.router) { client in
            try await client.waitForCatalog { $0.state == "ready" }
            let categories = try #require(try await client.cocktailDB("list.php?c=list")).compactMap {
                $0["strCategory"] as? String
            }
            #expect(Set(categories) == CocktailDBFixtures.categories && categories.count == 11)
            #expect(categories.contains("Coffee / Tea") && categories.contains("Punch / Party Drink"))
            var total = 0
            for category in categories {
                let encoded = try #require(
                    category.replacingOccurrences(of: " ", with: "_").addingPercentEncoding(
                        withAllowedCharacters: .alphanumerics))
                let names = try await client.cocktailDBNames("filter.php?c=\(encoded)")
                total += names.count
            }
            #expect(total == 311) // each drink in exactly one category, whichever categories have drinks

            let glasses = try #require(try await client.cocktailDB("list.php?g=list")).compactMap {
                $0["strGlass"] as? String
            }
            #expect(Set(glasses).isSubset(of: CocktailDBFixtures.glasses))
            var glassed = 0
            for glass in glasses {
                let encoded = try #require(
                    glass.replacingOccurrences(of: " ", with: "_").addingPercentEncoding(
                        withAllowedCharacters: .alphanumerics))
                glassed += try await client.cocktailDBNames("filter.php?g=\(encoded)").count
            }
            #expect(glassed == 311)

            let alcoholic = try await client.cocktailDBNames("filter.php?a=Alcoholic").count
            let nonAlcoholic = try await client.cocktailDBNames("filter.php?a=Non_Alcoholic").count
            #expect(alcoholic == 241 && nonAlcoholic == 70)
        }
    }
}
