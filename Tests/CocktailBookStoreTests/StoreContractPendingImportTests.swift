import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// An uploaded export kept for its review, applied once, undone once, on every backend.
@Suite("Store contract: pending imports", .serialized)
struct StoreContractPendingImportTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    @Test("staged with its bytes, applied once, undone with the drinks of its origin", arguments: Backend.configured)
    func lifecycle(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let bytes = Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF])
            let pending = PendingImport(
                id: "a1", ownerID: 0, fileName: "book.zip", format: "mealie", createdAt: Self.day)
            try await store.stagePendingImport(pending, payload: bytes)
            let (read, payload) = try #require(try await store.pendingImport(id: "a1"))
            #expect(read == pending && payload == bytes)
            #expect(try await store.pendingImport(id: "nope") == nil)

            let drink = Cocktail(
                id: "imp-1", name: "Gimlet", kind: .alcoholic, shortDescription: "s", longDescription: "l",
                preparationMinutes: 2, imageName: "imp-1", ingredients: ["2 oz gin"])
            _ = try await store.importCocktails([drink], origin: "import:a1", at: Self.day)
            _ = try await store.importCocktails([drink], origin: "elsewhere", at: Self.day)
            #expect(try await store.markPendingImportApplied(id: "a1", at: Self.day.addingTimeInterval(60)))
            #expect(!(try await store.markPendingImportApplied(id: "a1", at: Self.day.addingTimeInterval(90))))
            #expect(try await store.pendingImport(id: "a1")?.0.appliedAt == Self.day.addingTimeInterval(60))

            #expect(
                try await store.undoPendingImport(id: "a1", origin: "import:a1", at: Self.day.addingTimeInterval(120))
                    == 1)
            #expect(try await store.importedOrigins().map(\.origin) == ["elsewhere"])
            #expect(try await store.pendingImport(id: "a1")?.0.undoneAt == Self.day.addingTimeInterval(120))

            // A later upload clears what is two days old.
            let later = PendingImport(
                id: "b2", ownerID: 0, fileName: "x.csv", format: "csv",
                createdAt: Self.day.addingTimeInterval(3 * 86_400))
            try await store.stagePendingImport(later, payload: Data("name".utf8))
            #expect(try await store.pendingImport(id: "a1") == nil)
        }
    }
}
