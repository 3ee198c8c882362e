import CocktailBookTestSupport
import CocktailsAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("HTTP: favorites")
struct FavoritesAPITests {
    static let mocktailFirst = ["Margarita Mocktail"] + WebFixtures.allNames.filter { $0 != "Margarita Mocktail" }

    @Test("PUT pins a favorite, twice is the same as once, DELETE puts it back in its place")
    func putAndDelete() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let put = try await client.execute(uri: "/api/v1/favorites/11", method: .put)
            #expect(put.status == .noContent)
            #expect(put.body.readableBytes == 0)

            let pinned = try await client.list()
            #expect(pinned.names == Self.mocktailFirst)
            #expect(pinned.cocktails.map(\.isFavorite) == [true] + Array(repeating: false, count: 12))

            let favorites: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(favorites.cocktails.map(\.id) == ["11"])
            #expect(favorites.cocktails.first?.name == "Margarita Mocktail")
            #expect(favorites.cocktails.first?.isFavorite == true)

            let detail: DetailBody = try await client.get("/api/v1/cocktails/11").decoded()
            #expect(detail.isFavorite)

            let again = try await client.execute(uri: "/api/v1/favorites/11", method: .put)
            #expect(again.status == .noContent)
            let stillOne: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(stillOne.cocktails.map(\.id) == ["11"])
            #expect(try await client.list().names == Self.mocktailFirst)

            let delete = try await client.execute(uri: "/api/v1/favorites/11", method: .delete)
            #expect(delete.status == .noContent)
            let restored = try await client.list()
            #expect(restored.names == WebFixtures.allNames)
            #expect(restored.cocktails.allSatisfy { !$0.isFavorite })
            let none: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(none.cocktails.isEmpty)

            let deleteAgain = try await client.execute(uri: "/api/v1/favorites/11", method: .delete)
            #expect(deleteAgain.status == .noContent)
        }
    }

    @Test("favorites are pinned in alphabetical order and filtered with the list")
    func severalFavorites() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            for id in ["9", "11", "2"] { // Screwdriver, Margarita Mocktail, Daiquiri
                #expect(try await client.execute(uri: "/api/v1/favorites/\(id)", method: .put).status == .noContent)
            }
            let favorites: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(favorites.cocktails.map(\.name) == ["Daiquiri", "Margarita Mocktail", "Screwdriver"])
            let alcoholic = try await client.list("?filter=alcoholic")
            #expect(alcoholic.names.prefix(2) == ["Daiquiri", "Screwdriver"])
            #expect(!alcoholic.names.contains("Margarita Mocktail"))
            #expect(alcoholic.names.count == 9)
            let nonAlcoholic = try await client.list("?filter=non-alcoholic")
            #expect(
                nonAlcoholic.names == [
                    "Margarita Mocktail", "Basil Lemonade Punch", "Non-Alcoholic Juicy Julep",
                    "Virgin Mixed Berry Caipirinha",
                ])
        }
    }

    @Test("PUT and DELETE of an unknown id are a 404 cocktail_not_found", arguments: [HTTPRequest.Method.put, .delete])
    func unknownID(method: HTTPRequest.Method) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.execute(uri: "/api/v1/favorites/999", method: method)
            #expect(response.status == .notFound)
            #expect(response.isJSON)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "cocktail_not_found")
            #expect(error.error.message.contains("999"))
            let favorites: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(favorites.cocktails.isEmpty)
        }
    }

    @Test("a malformed favorite id is a 400 invalid_id", arguments: [HTTPRequest.Method.put, .delete])
    func malformedID(method: HTTPRequest.Method) async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let app = try await makeApp(databasePath: tmp.path)
        try await app.test(.router) { client in
            try await client.waitUntilReady()
            let response = try await client.execute(uri: "/api/v1/favorites/bad!id", method: method)
            #expect(response.status == .badRequest)
            let error: ErrorBody = try response.decoded()
            #expect(error.error.code == "invalid_id")
            #expect(error.error.message.contains("bad!id"))
        }
    }

    @Test("favorites persist across two apps on the same database file")
    func persistAcrossApps() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        do {
            let first = try await makeApp(databasePath: tmp.path)
            try await first.test(.router) { client in
                try await client.waitUntilReady()
                #expect(try await client.execute(uri: "/api/v1/favorites/11", method: .put).status == .noContent)
            }
        }
        let second = try await makeApp(databasePath: tmp.path)
        try await second.test(.router) { client in
            try await client.waitUntilReady()
            let favorites: FavoritesBody = try await client.get("/api/v1/favorites").decoded()
            #expect(favorites.cocktails.map(\.id) == ["11"])
            let list = try await client.list()
            #expect(list.names == Self.mocktailFirst)
            #expect(list.cocktails.first?.isFavorite == true)
        }
    }
}
