import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@testable import CocktailBookStore

/// The book's own recipes and what people keep about drinks, against every backend (see
/// ``StoreContractTests``).
@Suite("Store contract: own recipes, notes, ratings, drinks made", .serialized)
struct StoreContractRecipeTests {
    static let backends: [Backend] = Backend.configured
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let alice = RecipeAuthor(id: 0, name: nil)

    static func drink(_ number: Int64, name: String, lines: [String]) -> Cocktail {
        Cocktail(
            id: OwnRecipe.cocktailID(number), name: name, kind: .alcoholic, shortDescription: "Ours.",
            longDescription: "A drink of the house.", preparationMinutes: 3, imageName: "x", ingredients: lines)
    }

    @Test(
        "a recipe: numbered, saved as version 1, each save a new version, a stale save refused with the current one",
        arguments: backends)
    func versions(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let created = try await store.createRecipe(by: Self.alice, at: Self.day) { number in
                Self.drink(number, name: "House Sour", lines: ["2 oz bourbon", "1 oz lemon juice"])
            }
            #expect(created.version == 1)
            #expect(created.cocktail.id == OwnRecipe.cocktailID(created.number))
            var edited = created.cocktail
            edited.name = "House Whiskey Sour"
            let second = try await store.updateRecipe(
                number: created.number, to: edited, expectedVersion: 1, summary: "name", by: Self.alice,
                at: Self.day.addingTimeInterval(60))
            #expect(second.version == 2)
            #expect(try await store.ownRecipe(number: created.number)?.cocktail.name == "House Whiskey Sour")

            var stale = created.cocktail
            stale.name = "Somebody else's"
            await #expect(throws: RecipeError.stale(current: second)) {
                try await store.updateRecipe(
                    number: created.number, to: stale, expectedVersion: 1, summary: "name", by: Self.alice,
                    at: Self.day.addingTimeInterval(120))
            }
            let versions = try await store.recipeVersions(number: created.number)
            #expect(versions.map(\.number) == [2, 1])
            #expect(versions.map(\.content.name) == ["House Whiskey Sour", "House Sour"])
            #expect(versions.map(\.summary) == ["name", "created"])
            #expect(try await store.ownRecipes().map(\.cocktail.name) == ["House Whiskey Sour"])
            await #expect(throws: RecipeError.notFound) {
                try await store.updateRecipe(
                    number: 999, to: edited, expectedVersion: 1, summary: "", by: Self.alice, at: Self.day)
            }
        }
    }

    @Test("the trash: a deleted recipe leaves the book and comes back whole", arguments: backends)
    func trash(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let kept = try await store.createRecipe(by: Self.alice, at: Self.day) {
                Self.drink($0, name: "Kept", lines: ["1 oz gin"])
            }
            let binned = try await store.createRecipe(by: Self.alice, at: Self.day) {
                Self.drink($0, name: "Binned", lines: ["1 oz rum"])
            }
            let trashed = try await store.setTrashed(true, number: binned.number, by: Self.alice, at: Self.day)
            #expect(trashed.deletedAt != nil && trashed.deletedBy == 0)
            #expect(try await store.ownRecipes().map(\.number) == [kept.number])
            #expect(try await store.trashedRecipes().map(\.cocktail.name) == ["Binned"])
            await #expect(throws: RecipeError.notFound) {
                try await store.setTrashed(true, number: binned.number, by: Self.alice, at: Self.day)
            }
            _ = try await store.setTrashed(false, number: binned.number, by: Self.alice, at: Self.day)
            #expect(try await store.ownRecipes().map(\.number) == [kept.number, binned.number])
            #expect(try await store.trashedRecipes().isEmpty)
            #expect(try await store.recipeVersions(number: binned.number).count == 1, "its history came back too")
        }
    }

    @Test("a favorite of the book's own recipe is accepted like a catalog drink's", arguments: backends)
    func favoriteOfOwnRecipe(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let recipe = try await store.createRecipe(by: Self.alice, at: Self.day) {
                Self.drink($0, name: "Ours", lines: ["1 oz gin"])
            }
            try await store.setFavorite(true, for: recipe.cocktail.id, owner: .implicit, at: Self.day)
            #expect(try await store.favoriteIDs(of: .implicit) == [recipe.cocktail.id])
            await #expect(throws: StoreError.unknownCocktail("my-999")) {
                try await store.setFavorite(true, for: "my-999", owner: .implicit, at: Self.day)
            }
        }
    }

    @Test("custom ingredients: kept once whatever the case, listed by name", arguments: backends)
    func customIngredients(_ backend: Backend) async throws {
        try await backend.withStore { store in
            try await store.addCustomIngredients(["Yuzu kosho", "smoked salt"], at: Self.day)
            try await store.addCustomIngredients(["yuzu KOSHO", "Bay leaf syrup"], at: Self.day)
            #expect(try await store.customIngredients() == ["Bay leaf syrup", "smoked salt", "Yuzu kosho"])
        }
    }

    @Test(
        "notes, ratings and drinks made are each owner's; the book's average counts everyone", arguments: backends)
    func personal(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let alice = FavoritesOwner(account: 1)
            let bob = FavoritesOwner(account: 2)
            try await store.setNote("less syrup next time", on: "30", owner: alice, at: Self.day)
            try await store.setNote("perfect", on: "30", owner: bob, at: Self.day)
            try await store.setNote("even less", on: "30", owner: alice, at: Self.day)
            #expect(try await store.note(on: "30", owner: alice) == "even less")
            #expect(try await store.note(on: "30", owner: bob) == "perfect")
            try await store.setNote(nil, on: "30", owner: bob, at: Self.day)
            #expect(try await store.note(on: "30", owner: bob) == nil)

            try await store.setRating(5, on: "30", owner: alice, at: Self.day)
            try await store.setRating(2, on: "30", owner: bob, at: Self.day)
            try await store.setRating(4, on: "12", owner: bob, at: Self.day)
            let first = try await store.recordMade("30", servings: 2, note: nil, owner: alice, at: Self.day)
            let later = Self.day.addingTimeInterval(86_400)
            _ = try await store.recordMade("30", servings: 1, note: "for Bob", owner: alice, at: later)
            let view = try await store.personalView(of: alice)
            #expect(view.ratings["30"] == RatingSummary(average: 3.5, count: 2))
            #expect(view.ratings["12"] == RatingSummary(average: 4, count: 1))
            #expect(view.myRatings == ["30": 5])
            #expect(view.made["30"]?.count == 2)
            #expect(abs((view.made["30"]?.last.timeIntervalSince(later)) ?? 99) < 0.001)
            #expect(try await store.personalView(of: bob).made.isEmpty, "Bob made nothing")
            // A details page reads its own drink's only.
            let one = try await store.personalView(of: alice, only: "30")
            #expect(one.ratings == ["30": RatingSummary(average: 3.5, count: 2)])
            #expect(one.myRatings == ["30": 5] && one.made.keys.sorted() == ["30"])
            let other = try await store.personalView(of: bob, only: "12")
            #expect(other.ratings == ["12": RatingSummary(average: 4, count: 1)] && other.myRatings == ["12": 4])
            #expect(try await store.personalView(of: alice, only: "99").ratings.isEmpty)
            let entries = try await store.madeEntries(of: "30", owner: alice)
            #expect(entries.map(\.servings) == [1, 2])
            #expect(entries.first?.note == "for Bob")
            #expect(try await store.removeMade(id: first.id, owner: bob) == false, "not Bob's to remove")
            #expect(try await store.removeMade(id: first.id, owner: alice))
            #expect(try await store.madeEntries(of: "30", owner: alice).count == 1)
            try await store.setRating(nil, on: "30", owner: bob, at: Self.day)
            #expect(try await store.personalView(of: alice).ratings["30"] == RatingSummary(average: 5, count: 1))
        }
    }

    @Test(
        "the first account inherits the owner's recipes, notes and ratings; removing an account drops its notes, the last one's go back to the owner",
        arguments: backends)
    func accountsInherit(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let recipe = try await store.createRecipe(by: Self.alice, at: Self.day) {
                Self.drink($0, name: "Ours", lines: ["1 oz gin"])
            }
            try await store.setNote("mine", on: "30", owner: .implicit, at: Self.day)
            try await store.setRating(4, on: "30", owner: .implicit, at: Self.day)
            let first = try await store.addAccount(name: "alice", role: .admin, passwordHash: "x", at: Self.day)
            let owner = FavoritesOwner(account: first.id)
            #expect(try await store.note(on: "30", owner: owner) == "mine")
            #expect(try await store.personalView(of: owner).myRatings == ["30": 4])
            #expect(try await store.ownRecipe(number: recipe.number)?.authorID == first.id)
            let second = try await store.addAccount(name: "bob", role: .member, passwordHash: "x", at: Self.day)
            try await store.setNote("bob's", on: "30", owner: FavoritesOwner(account: second.id), at: Self.day)
            #expect(try await store.removeAccount(named: "bob") == false)
            #expect(try await store.note(on: "30", owner: FavoritesOwner(account: second.id)) == nil)

            // The last account leaves the book as it found it: everything is the owner's again.
            try await store.setOnShelf("gin", true, owner: owner)
            let list = try await store.createList(named: "Friday", owner: owner, at: Self.day)
            #expect(try await store.removeAccount(named: "alice") == true)
            #expect(try await store.hasAccounts() == false)
            #expect(try await store.note(on: "30", owner: .implicit) == "mine")
            #expect(try await store.personalView(of: .implicit).myRatings == ["30": 4])
            #expect(try await store.shelf(of: .implicit).bottles == ["gin"])
            #expect(try await store.lists(of: .implicit).map(\.id) == [list.id])
            #expect(try await store.ownRecipe(number: recipe.number)?.authorID == 0)
            #expect(try await store.note(on: "30", owner: owner) == nil)
        }
    }

    @Test(
        "a backup carries every recipe with its versions and the trash, the book's names, notes, ratings, drinks made and lists; a restore brings them back",
        arguments: backends)
    func backupAndRestore(_ backend: Backend) async throws {
        try await backend.withStore { store in
            let bob = try await store.addAccount(name: "bob", role: .member, passwordHash: "x")
            let bobAuthor = RecipeAuthor(id: bob.id, name: "bob")
            let first = try await store.createRecipe(by: bobAuthor, at: Self.day) { number in
                Self.drink(number, name: "House Sour", lines: ["2 oz bourbon", "1 oz lemon juice"])
            }
            var edited = first.cocktail
            edited.name = "House Whiskey Sour"
            _ = try await store.updateRecipe(
                number: first.number, to: edited, expectedVersion: 1, summary: "name", by: bobAuthor,
                at: Self.day.addingTimeInterval(60))
            let second = try await store.createRecipe(by: Self.alice, at: Self.day) { number in
                Self.drink(number, name: "Gone Fizz", lines: ["2 oz gin"])
            }
            _ = try await store.setTrashed(true, number: second.number, by: Self.alice, at: Self.day)
            try await store.addCustomIngredients(["Garden cucumber"], at: Self.day)
            try await store.setNote("less syrup", on: "3", owner: bob.owner, at: Self.day)
            try await store.setRating(4, on: "3", owner: bob.owner, at: Self.day)
            try await store.setRating(2, on: "3", owner: .implicit, at: Self.day)
            _ = try await store.recordMade("3", servings: 2, note: "for two", owner: bob.owner, at: Self.day)
            let saturday = try await store.createList(named: "Saturday", owner: bob.owner, at: Self.day)
            _ = try await store.addEntry("3", note: "first", to: saturday.id, owner: bob.owner, at: Self.day)
            _ = try await store.addEntry("7", note: nil, to: saturday.id, owner: bob.owner, at: Self.day)
            _ = try await store.setShare(
                ListShare(token: "tok-0123456789abcdef0123456789ab", createdAt: Self.day, expiresAt: nil),
                for: saturday.id, owner: bob.owner)
            _ = try await store.setMenuShelf(
                MenuShelf(ownerID: bob.id, hidesUnavailable: true), for: saturday.id, owner: bob.owner)

            let file = try await store.backup(pictures: nil)
            let parsed = try Backup.validated(file)
            #expect(parsed.recipes?.map(\.number) == [first.number, second.number])
            #expect(parsed.recipes?.first?.author == "bob")
            #expect(parsed.recipes?.first?.versions.map(\.cocktail.name) == ["House Sour", "House Whiskey Sour"])
            #expect(parsed.recipes?.last?.deletedAt != nil)

            // Everything changes after the backup…
            try await store.setNote(nil, on: "3", owner: bob.owner, at: Self.day)
            try await store.setRating(5, on: "3", owner: bob.owner, at: Self.day)
            _ = try await store.deleteList(id: saturday.id, owner: bob.owner)
            let third = try await store.createRecipe(by: Self.alice, at: Self.day) { number in
                Self.drink(number, name: "After the backup", lines: ["1 oz rum"])
            }
            #expect(third.number > second.number)
            // …and the restore puts it back as it was.
            let summary = try await store.restore(file, pictures: nil, unusablePasswordHash: "!")
            #expect(summary.counts["recipes"] == 2)
            #expect(try await store.ownRecipes().map(\.cocktail.name) == ["House Whiskey Sour"])
            #expect(try await store.trashedRecipes().map(\.cocktail.name) == ["Gone Fizz"])
            let versions = try await store.recipeVersions(number: first.number)
            #expect(versions.map(\.number) == [2, 1])
            #expect(versions.map(\.summary) == ["name", "created"])
            #expect(try await store.ownRecipe(number: first.number)?.authorID == bob.id)
            #expect(try await store.customIngredients() == ["Garden cucumber"])
            #expect(try await store.note(on: "3", owner: bob.owner) == "less syrup")
            let view = try await store.personalView(of: bob.owner)
            #expect(view.myRatings["3"] == 4)
            #expect(view.ratings["3"] == RatingSummary(average: 3, count: 2))
            #expect(try await store.madeEntries(of: "3", owner: bob.owner).map(\.note) == ["for two"])
            let lists = try await store.lists(of: bob.owner)
            #expect(lists.map(\.name) == ["Saturday"])
            #expect(lists.first?.entries.map(\.cocktailID) == ["3", "7"])
            #expect(lists.first?.entries.map(\.note) == ["first", nil])
            // The menu still follows bob's own bar (by account, whatever number the restore gave it).
            #expect(lists.first?.menuShelf?.ownerID == lists.first?.ownerID)
            #expect(lists.first?.menuShelf?.hidesUnavailable == true)
            #expect(try await store.sharedList(token: "tok-0123456789abcdef0123456789ab")?.name == "Saturday")
            // New recipes continue after the restored numbers.
            let next = try await store.createRecipe(by: Self.alice, at: Self.day) { number in
                Self.drink(number, name: "Next", lines: ["1 oz rum"])
            }
            #expect(next.number > second.number)

            // A backup from before recipes existed leaves them as they are.
            var old = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
            for key in ["recipes", "customIngredients", "notes", "ratings", "made", "lists"] { old[key] = nil }
            _ = try await store.restore(
                try JSONSerialization.data(withJSONObject: old), pictures: nil, unusablePasswordHash: "!")
            #expect(try await store.ownRecipes().map(\.cocktail.name) == ["House Whiskey Sour", "Next"])
            #expect(try await store.note(on: "3", owner: bob.owner) == "less syrup")
        }
    }
}
