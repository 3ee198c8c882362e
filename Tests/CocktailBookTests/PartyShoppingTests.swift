import CocktailBook
import CocktailsAPI
import Testing

/// The party said as a shopping list: the shelf counted, the lines merged per thing a person
/// buys, each with why, in English and Italian; and the house-made syrups.
@Suite("Party planner: shelf, shopping list and syrups")
struct PartyShoppingTests {
    private func index() throws -> BarIndex {
        BarIndex(cocktails: [partyNegroni, partyDaiquiri], table: try partyTable())
    }

    @Test("Counting the shelf: a bottle on it is one in hand, sugar on it is enough, fresh limes are still bought")
    func shelf() throws {
        let shelf = Shelf(bottles: ["London dry gin", "white rum", "superfine sugar", "lime"])
        let plan = try twentyGuestParty().countingShelf(try index().covering(shelf))
        #expect(plan.shelfCounted)
        // Gin: 600 ml → 1 bottle; the shelf's one covers it.
        let gin = try partyTotal(plan, "London dry gin")
        #expect(gin.onShelf && gin.bottles == 1 && gin.bottlesToBuy == 0 && !gin.isToBuy)
        // Rum: 1200 ml → 2 bottles, one of them on the shelf → 1 to buy.
        let rum = try partyTotal(plan, "white rum")
        #expect(rum.onShelf && rum.bottlesToBuy == 1 && rum.isToBuy)
        #expect(PartyPlan.buyText(rum, strings: .english) == "1 × 700 ml")
        // Sugar is not bought by the bottle: on the shelf, there is enough.
        #expect(try !partyTotal(plan, "superfine sugar").isToBuy)
        // Limes are fruit: bought fresh whatever the shelf says.
        let lime = try partyTotal(plan, "fresh lime juice")
        #expect(!lime.onShelf && lime.isToBuy && lime.fruitCount == 16)
        // Campari is not on the shelf: the whole bottle.
        #expect(try partyTotal(plan, "Campari").bottlesToBuy == 1)
        #expect(plan.toBuy.map(\.ingredient).contains("London dry gin") == false)
        // Without the shelf nothing is on it.
        #expect(try twentyGuestParty().totals.allSatisfy { !$0.onShelf && $0.isToBuy })
    }

    @Test("Shopping lines: limes for juice and wheels are one line, each line says why, in English")
    func needsInEnglish() throws {
        let needs = try twentyGuestParty().shoppingNeeds(index: try index(), strings: .english)
        let reasons = Dictionary(uniqueKeysWithValues: needs.map { ($0.value, $0.reason) })
        #expect(needs.count == Set(needs.map(\.value)).count)
        #expect(reasons["London dry gin"] == "1 × 700 ml London dry gin for 20 Negronis")
        #expect(reasons["white rum"] == "2 × 700 ml white rum for 20 Daiquiris")
        // 16 limes for 400 ml of juice + 3 for 20 wheels (8 a lime) = 19 limes.
        #expect(reasons["lime"] == "19 limes for 20 Daiquiris")
        #expect(reasons["orange"] == "3 oranges for 20 Negronis")
        #expect(reasons["superfine sugar"] == "170 g superfine sugar for 20 Daiquiris")
        #expect(needs.first { $0.value == "lime" }?.cocktailIds == ["2"])
        // In the plan's order: the Negroni's bottles first.
        #expect(Array(needs.map(\.value).prefix(3)) == ["London dry gin", "Campari", "sweet vermouth"])
    }

    @Test("Drinks are counted in English plurals: 13 Spritzes, 2 Daiquiris, 3 Tom Collins, 1 Negroni")
    func plurals() {
        let uses: [PartyPlan.Total.Use] = [
            .init(cocktailId: "1", name: "Spritz", servings: 13), .init(cocktailId: "2", name: "Daiquiri", servings: 2),
            .init(cocktailId: "3", name: "Tom Collins", servings: 3),
            .init(cocktailId: "4", name: "Negroni", servings: 1),
        ]
        #expect(
            PartyPlan.drinksText(uses, strings: .english) == "13 Spritzes, 2 Daiquiris, 3 Tom Collins and 1 Negroni")
        #expect(
            PartyPlan.drinksText(uses, strings: .of(.italian)) == "13 Spritz, 2 Daiquiri, 3 Tom Collins e 1 Negroni")
    }

    @Test("Shopping lines in Italian: names as an Italian bar writes them, drinks' names unchanged")
    func needsInItalian() throws {
        let needs = try twentyGuestParty().shoppingNeeds(index: try index(), strings: .of(.italian))
        let reasons = Dictionary(uniqueKeysWithValues: needs.map { ($0.value, $0.reason) })
        #expect(reasons["white rum"] == "2 × 700 ml rum bianco per 20 Daiquiri")
        #expect(reasons["lime"] == "19 lime per 20 Daiquiri")
        #expect(reasons["orange"] == "3 arance per 20 Negroni")
    }

    @Test("Several drinks in one reason: '24 Negronis and 12 Gimlets'")
    func drinksText() {
        let uses: [PartyPlan.Total.Use] = [
            .init(cocktailId: "30", name: "Negroni", servings: 24),
            .init(cocktailId: "9", name: "Gimlet", servings: 12),
            .init(cocktailId: "4", name: "Bee's Knees", servings: 1),
        ]
        #expect(PartyPlan.drinksText(Array(uses.prefix(2)), strings: .english) == "24 Negronis and 12 Gimlets")
        #expect(PartyPlan.drinksText(uses, strings: .english) == "24 Negronis, 12 Gimlets and 1 Bee's Knees")
        #expect(PartyPlan.drinksText(Array(uses.prefix(2)), strings: .of(.italian)) == "24 Negroni e 12 Gimlet")
    }

    @Test("House-made syrups are their house recipes scaled: 400 ml simple syrup is 250 g sugar and 250 ml water")
    func syrups() throws {
        let sour = Cocktail(
            id: "s", name: "Sour", kind: .alcoholic, shortDescription: "", longDescription: "", preparationMinutes: 2,
            imageName: "",
            ingredients: ["50 ml bourbon", "20 ml simple syrup", "15 ml honey syrup", "10 ml cinnamon syrup"],
            glass: .rocks, illustration: nil, method: .shaken, instructions: ["Shake with ice."])
        let plan = PartyPlanner.plan([.init(cocktail: sour, servings: 20)], guests: 10, table: try partyTable())
        let syrups = plan.syrups
        #expect(syrups.map(\.ingredient) == ["simple syrup", "honey syrup", "cinnamon syrup"])
        // Simple: 20 × 20 ml = 400 ml; the recipe makes 320 ml of 200 g sugar and 200 ml water: × 1.25.
        #expect(syrups[0].ml == 400)
        #expect(
            syrups[0].lines == [
                .init(ingredient: "sugar", amount: 250, unit: .g), .init(ingredient: "water", amount: 250, unit: .ml),
            ])
        // Honey: 15 × 20 = 300 ml; 280 ml from 250 g honey and 100 ml water: 267.9 g → 270, 107.1 ml → 110.
        #expect(
            syrups[1].lines == [
                .init(ingredient: "raw honey", amount: 270, unit: .g),
                .init(ingredient: "water", amount: 110, unit: .ml),
            ])
        // Cinnamon: 10 × 20 = 200 ml of a 300 ml recipe: 2 of its 3 sticks, 133.3 g sugar and 133.3 ml water → 140.
        #expect(syrups[2].lines.map(\.amount) == [2, 140, 140])
        #expect(
            UIStrings.english.partySyrup(syrups[1], ml: "300 ml")
                == "honey syrup: 300 ml — 270 g raw honey, 110 ml water")
        #expect(UIStrings.english.houseLine(syrups[2].lines[0]) == "2 × cinnamon stick")
        #expect(UIStrings.of(.italian).houseLine(syrups[0].lines[0]) == "250 g di zucchero")
        #expect(UIStrings.of(.italian).houseLine(syrups[0].lines[1]) == "250 ml d'acqua")
    }

    @Test("The book's own honey syrup (1:1 by volume) is what the prep sheet scales, not the bundled one")
    func ownSyrup() throws {
        let toddy = Cocktail(
            id: "t", name: "Toddy", kind: .alcoholic, shortDescription: "", longDescription: "", preparationMinutes: 2,
            imageName: "", ingredients: ["45 ml bourbon", "15 ml honey syrup"], glass: .rocks, illustration: nil,
            method: .built, instructions: ["Build over ice."])
        var plan = PartyPlanner.plan([.init(cocktail: toddy, servings: 20)], guests: 20, table: try partyTable())
        var own = try #require(HouseRecipes.bundled.recipe(for: "honey syrup"))
        own.yield = .init(amount: 200, unit: .ml)
        own.lines = [
            .init(ingredient: "raw honey", amount: 100, unit: .ml), .init(ingredient: "water", amount: 100, unit: .ml),
        ]
        plan.houseRecipes = HouseRecipes.bundled.merging([own])
        // 20 × 15 ml = 300 ml of a recipe making 200 ml from 100 + 100 ml: × 1.5.
        #expect(plan.syrups.first?.lines.map(\.amount) == [150, 150])
        #expect(plan.syrups.first?.lines.map(\.unit) == [.ml, .ml])
    }

    @Test("A prep sheet rounds up: to 5 below 100, to 10 above, and to whole pieces")
    func prepRounding() {
        #expect(PartyPlanner.prepAmount(3.2, .ml) == 5)
        #expect(PartyPlanner.prepAmount(95, .g) == 95)
        #expect(PartyPlanner.prepAmount(96, .g) == 100)
        #expect(PartyPlanner.prepAmount(101, .ml) == 110)
        #expect(PartyPlanner.prepAmount(1.01, .pieces) == 2)
        #expect(PartyPlanner.prepAmount(2, .pieces) == 2)
    }
}
