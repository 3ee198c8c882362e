import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// A backup carries every picture the book's drinks show, not only those an import downloaded:
/// a photo uploaded in the editor (in any version of a recipe, in the trash too) comes back
/// with the same bytes after a restore into an empty book, on either backend from either.
@Suite("Store contract: pictures in backups", .serialized)
struct StoreContractPictureBackupTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let author = RecipeAuthor(id: 0, name: nil)

    /// Every (from, to) pair of the configured backends.
    static let pairs: [(Backend, Backend)] = Backend.configured.flatMap { from in
        Backend.configured.map { (from, $0) }
    }

    /// A picture's bytes, different for each `seed` (the store takes them by their signature).
    static func photo(_ seed: UInt8) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: seed, count: 200))
    }

    static func drink(_ number: Int64, name: String, photo: String?) -> Cocktail {
        Cocktail(
            id: OwnRecipe.cocktailID(number), name: name, kind: .alcoholic, shortDescription: "Ours.",
            longDescription: "A drink of the house.", preparationMinutes: 3, imageName: "x",
            ingredients: ["2 oz gin"], imageURL: photo.map { PictureName.servedPrefix + $0 })
    }

    @Test(
        "uploaded photos of current, older and trashed versions are backed up and restored byte for byte",
        arguments: pairs)
    func photosRoundTrip(_ from: Backend, _ to: Backend) async throws {
        let current = Self.photo(1)
        let older = Self.photo(2)
        let trashed = Self.photo(3)
        let stray = Self.photo(4)
        let names = try [current, older, trashed, stray].map { try #require(PictureName.name(for: $0)) }
        try await from.withStore { store in
            for (bytes, name) in zip([current, older, trashed, stray], names) {
                #expect(try await store.pictures.savePicture(bytes, named: name))
            }
            let kept = try await store.createRecipe(by: Self.author, at: Self.day) {
                Self.drink($0, name: "Garden Gimlet", photo: names[1])
            }
            _ = try await store.updateRecipe(
                number: kept.number, to: Self.drink(kept.number, name: "Garden Gimlet", photo: names[0]),
                expectedVersion: 1, summary: "picture", by: Self.author, at: Self.day.addingTimeInterval(60))
            let binned = try await store.createRecipe(by: Self.author, at: Self.day) {
                Self.drink($0, name: "Old Idea", photo: names[2])
            }
            _ = try await store.setTrashed(true, number: binned.number, by: Self.author, at: Self.day)
            // A photo no drink shows any more is not the book's content.
            let file = try await store.backup(pictures: store.pictures, at: Self.day)
            let backup = try Backup.validated(file)
            #expect(backup.pictures.map(\.fileName) == names[0..<3].sorted())
            #expect(backup.counts["pictures"] == 3)

            try await to.withStore { fresh in
                let summary = try await fresh.restore(file, pictures: fresh.pictures, unusablePasswordHash: "!")
                #expect(summary.counts["pictures"] == 3)
                #expect(try await fresh.pictures.picture(named: names[0]) == current)
                #expect(try await fresh.pictures.picture(named: names[1]) == older)
                #expect(try await fresh.pictures.picture(named: names[2]) == trashed)
                #expect(try await fresh.pictures.picture(named: names[3]) == nil)
                // Uploads were downloaded from nowhere: no import record is made up for them.
                #expect(try await fresh.importedPictures().isEmpty)
                #expect(
                    try await fresh.ownRecipes().map(\.cocktail.imageURL) == [PictureName.servedPrefix + names[0]])
                #expect(
                    try await fresh.backup(pictures: fresh.pictures, at: Self.day) == file,
                    "the restored book backs up to the same file")
            }
        }
    }
}
