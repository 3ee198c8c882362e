import CocktailBook
import CocktailsAPI
import Foundation
import Testing

/// The two drinks of the party, as the bundled catalog writes them.
let partyNegroni = Cocktail(
    id: "30", name: "Negroni", kind: .alcoholic, shortDescription: "", longDescription: "", preparationMinutes: 3,
    imageName: "", ingredients: ["1 oz London dry gin", "1 oz Campari", "1 oz sweet vermouth"], glass: .rocks,
    illustration: .init(color: "#B0202A", ice: "cubes", garnishes: ["orange-slice"]), method: .built,
    instructions: [
        "Chill a rocks glass and fill it with ice.", "Pour in the gin, Campari and sweet vermouth.",
        "Stir gently until well chilled.", "Garnish with half an orange slice.",
    ])
let partyDaiquiri = Cocktail(
    id: "2", name: "Daiquiri", kind: .alcoholic, shortDescription: "", longDescription: "", preparationMinutes: 3,
    imageName: "", ingredients: ["60 ml white rum", "20 ml fresh lime juice", "2 barspoons superfine sugar"],
    glass: .coupe, illustration: .init(color: "#E8EBC5", ice: "none", garnishes: ["lime-wheel"]), method: .shaken,
    instructions: ["Add ice and shake hard for about 10 seconds until very cold.", "Strain into the chilled coupe."])

func partyTable() throws -> IngredientTable { try IngredientTable(json: BundledCatalog.ingredientsData) }

/// 20 guests, 2 drinks each, spread over Negroni and Daiquiri: 40 drinks, 20 of each.
func twentyGuestParty() throws -> PartyPlan {
    let servings = try PartyPlanner.servings(of: ["30", "2"], guests: 20, perGuest: 2)
    return PartyPlanner.plan(
        [.init(cocktail: partyNegroni, servings: servings[0]), .init(cocktail: partyDaiquiri, servings: servings[1])],
        guests: 20, table: try partyTable())
}

func partyTotal(_ plan: PartyPlan, _ name: String) throws -> PartyPlan.Total {
    try #require(plan.totals.first { $0.ingredient == name }, "no total for \(name)")
}

@Suite("Party planner")
struct PartyPlanTests {
    @Test("Servings: 20 guests × 2 drinks = 40, spread evenly; the remainder goes to the first drinks")
    func servings() throws {
        #expect(try PartyPlanner.servings(of: ["30", "2"], guests: 20, perGuest: 2) == [20, 20])
        // 7 guests × 1 = 7 over 3 drinks: 2 each, and the first takes the 1 left over.
        #expect(try PartyPlanner.servings(of: ["a", "b", "c"], guests: 7, perGuest: 1) == [3, 2, 2])
        // 10 guests × 2 = 20; the Negroni is fixed at 12, so the Daiquiri makes the other 8.
        #expect(try PartyPlanner.servings(of: ["30", "2"], guests: 10, perGuest: 2, counts: ["30": 12]) == [12, 8])
    }

    @Test("Bad requests are refused: 0 or 10,000 guests, a negative count, a drink not on the list")
    func refusals() {
        #expect(throws: PartyPlanError.guests) { try PartyPlanner.servings(of: ["2"], guests: 0, perGuest: 1) }
        #expect(throws: PartyPlanError.guests) { try PartyPlanner.servings(of: ["2"], guests: 10_000, perGuest: 1) }
        #expect(throws: PartyPlanError.perGuest) { try PartyPlanner.servings(of: ["2"], guests: 2, perGuest: 0) }
        #expect(throws: PartyPlanError.count("2")) {
            try PartyPlanner.servings(of: ["2"], guests: 2, perGuest: 1, counts: ["2": -1])
        }
        #expect(throws: PartyPlanError.notOnList("9")) {
            try PartyPlanner.servings(of: ["2"], guests: 2, perGuest: 1, counts: ["9": 3])
        }
        #expect(throws: PartyPlanError.empty) { try PartyPlanner.servings(of: [], guests: 2, perGuest: 1) }
    }

    @Test("Spirits and wines in whole bottles: 700 ml for spirits and liqueurs, 750 ml for vermouth")
    func bottles() throws {
        let plan = try twentyGuestParty()
        // Negroni: 1 oz = 30 ml × 20 = 600 ml of each → one 700 ml gin, one 700 ml Campari, one 750 ml vermouth.
        let gin = try partyTotal(plan, "London dry gin")
        #expect(gin.ml == 600)
        #expect(gin.bottles == 1 && gin.bottleMl == 700)
        #expect(gin.buy == "1 × 700 ml")
        #expect(try partyTotal(plan, "Campari").bottles == 1)
        let vermouth = try partyTotal(plan, "sweet vermouth")
        #expect(vermouth.ml == 600 && vermouth.bottles == 1 && vermouth.bottleMl == 750)
        // Daiquiri: 60 ml × 20 = 1200 ml of rum → 1200 / 700 = 1.71 → 2 bottles.
        let rum = try partyTotal(plan, "white rum")
        #expect(rum.ml == 1200 && rum.bottles == 2)
        #expect(rum.uses.map(\.name) == ["Daiquiri"] && rum.uses.map(\.servings) == [20])
    }

    @Test("Citrus as fruit: 400 ml of lime juice is 16 limes; garnishes are pieces, eight to a fruit")
    func fruit() throws {
        let plan = try twentyGuestParty()
        // 20 ml × 20 = 400 ml of fresh lime juice; a lime gives 25 ml → 400 / 25 = 16 limes.
        let lime = try partyTotal(plan, "fresh lime juice")
        #expect(lime.ml == 400 && lime.fruit == "lime" && lime.fruitCount == 16)
        #expect(lime.buy == "16 limes")
        #expect(lime.bottles == nil)
        // One lime wheel per Daiquiri: 20 pieces; 8 wheels to a lime → 20 / 8 = 2.5 → 3 limes.
        let wheel = try partyTotal(plan, "lime wheel")
        #expect(wheel.pieces == 20 && wheel.fruitCount == 3)
        // One orange slice per Negroni: 20 pieces → 3 oranges.
        #expect(try partyTotal(plan, "orange slice").fruitCount == 3)
        // Sugar is weighed: 2 barspoons × 5 ml × 20 = 200 ml spooned, × 0.85 g/ml = 170 g.
        let sugar = try partyTotal(plan, "superfine sugar")
        #expect(sugar.grams == 170 && sugar.ml == nil && sugar.bottles == nil && sugar.buy == "170 g")
    }

    @Test("A salt rim is the recipe's salt line, counted once; the lime wheel beside it is still a garnish")
    func rimCountedOnce() throws {
        let mocktail = Cocktail(
            id: "44", name: "Margarita Mocktail", kind: .nonAlcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 3, imageName: "",
            ingredients: [
                "1 oz fresh lime juice", "1/2 oz agave syrup", "Kosher salt, for the rim", "2 oz soda water",
            ],
            glass: .rocks, illustration: .init(color: "#F0D98A", ice: "cubes", garnishes: ["salt-rim", "lime-wheel"]),
            method: .shaken)
        let plan = PartyPlanner.plan([.init(cocktail: mocktail, servings: 13)], guests: 13, table: try partyTable())
        let salty = plan.totals.filter { $0.ingredient.contains("salt") }.map(\.ingredient)
        #expect(salty.count == 1, "\(salty)")
        #expect(!salty.contains("salt rim"))
        #expect(try partyTotal(plan, "lime wheel").pieces == 13)
    }

    @Test("One fruit, one row: the limes for the juice and the wheels are added before rounding up")
    func fruitTotalled() throws {
        let plan = PartyPlanner.plan(
            [.init(cocktail: partyDaiquiri, servings: 14)], guests: 14, table: try partyTable())
        // 20 ml × 14 = 280 ml of juice, 25 ml a lime: 11.2 limes; 14 wheels, 8 a lime: 1.75. Each
        // alone rounds up to 12 + 2 = 14; together 12.95 → 13 limes.
        #expect(try partyTotal(plan, "fresh lime juice").fruitCount == 12)
        #expect(try partyTotal(plan, "lime wheel").fruitCount == 2)
        #expect(
            plan.fruitTotals == [.init(fruit: "lime", count: 13, ingredients: ["fresh lime juice", "lime wheel"])])
        let rows = plan.buyRows(strings: .english) { "\(Int($0)) ml" }
        #expect(rows.map(\.name) == ["white rum", "limes", "superfine sugar"])
        let limes = try #require(rows.first { $0.name == "limes" })
        #expect(limes.pour == "280 ml fresh lime juice, 14 × lime wheel")
        #expect(limes.buy == "13 limes" && limes.why == "for 14 Daiquiris" && limes.isToBuy)
        // The shopping list says the same 13.
        let index = BarIndex(cocktails: [partyDaiquiri], table: try partyTable())
        #expect(plan.shoppingNeeds(index: index, strings: .english).map(\.reason).contains("13 limes for 14 Daiquiris"))
    }

    @Test("What each glass gets is said in the sheet's units and language, not the recipe's ounces")
    func perServeInUnits() throws {
        let spritz = Cocktail(
            id: "101", name: "Spritz", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 2, imageName: "", ingredients: ["3 oz prosecco", "2 oz Aperol", "1 splash soda water"],
            glass: .wine, illustration: .init(color: "#F26B1D", ice: "cubes", garnishes: []), method: .built,
            instructions: ["Fill a wine glass with ice.", "Add the Aperol, then the prosecco and a splash of soda."])
        let plan = PartyPlanner.plan([.init(cocktail: spritz, servings: 13)], guests: 13, table: try partyTable())
        let batch = try #require(plan.batches.first)
        // Built: the Aperol alone is batched; the prosecco and the soda top each glass.
        #expect(batch.kind == .built && batch.lines.map(\.ingredient) == ["Aperol"])
        #expect(batch.addPerServe == ["3 oz prosecco", "1 splash soda water"])
        #expect(batch.addPerServe(in: .ml, strings: .english) == ["90 ml prosecco", "1 splash soda water"])
        #expect(batch.addPerServe(in: .oz, strings: .english) == ["3 oz prosecco", "1 splash soda water"])
        let italian = batch.addPerServe(in: .ml, strings: .of(.italian))
        #expect(italian.first == "90 ml di prosecco" && !italian.joined().contains("soda water"), "\(italian)")
    }

    @Test("Sugar: the shopping table and the prep sheet weigh the same grams (13 Daiquiris)")
    func sugarAgrees() throws {
        let plan = PartyPlanner.plan(
            [.init(cocktail: partyDaiquiri, servings: 13)], guests: 13, table: try partyTable())
        // 2 barspoons of sugar a Daiquiri: 10 ml × 13 = 130 ml spooned → 130 × 0.85 = 110.5 g.
        let bought = try partyTotal(plan, "superfine sugar")
        #expect(bought.grams == 110.5 && bought.buy == "111 g")
        let batch = try #require(plan.batches.first)
        let batched = try #require(batch.lines.first { $0.ingredient == "superfine sugar" })
        #expect(batched.grams == 110.5, "the prep sheet weighs what the table buys")
        // Dissolved, it adds half its spoon volume to the mix: 65 ml.
        #expect(batched.ml == 65)
    }

    @Test("Ice: a Negroni on the rocks takes 150 g, a shaken Daiquiri 120 g to shake, each batch bottle 1 kg")
    func ice() throws {
        // Served on: 20 Negronis × 150 g = 3000 g; shaken per serve: 20 Daiquiris × 120 g = 2400 g.
        // Kept cold on ice: the Negroni batch's 3 bottles and the Daiquiri batch's 2, 1 kg each = 5000 g.
        // 3000 + 2400 + 5000 = 10400 g = 10.4 kg.
        let plan = try twentyGuestParty()
        #expect(plan.iceGrams == 10400)
        #expect(plan.iceKg == 10.4)
    }

    @Test("A stirred drink served up: batched with Arnold's water, from the freezer, no ice to stir or chill it")
    func servedUp() throws {
        let manhattan = Cocktail(
            id: "m", name: "Manhattan", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 3, imageName: "", ingredients: ["2 oz rye whiskey", "1 oz sweet vermouth"],
            glass: .nickAndNora, illustration: .init(color: "#8B2500", ice: "none"), method: .stirred,
            instructions: ["Stir with ice until very cold.", "Strain into a chilled Nick & Nora glass."])
        let plan = PartyPlanner.plan([.init(cocktail: manhattan, servings: 10)], guests: 10, table: try partyTable())
        let batch = try #require(plan.batches.first)
        // Mix: 10 × (60 + 30) = 900 ml. Alcohol: 600 × 0.45 + 300 × 0.16 = 270 + 48 = 318 ml (the
        // table's strengths), x = 0.35333; water share −1.21 × 0.124844 + 1.246 × 0.35333 + 0.145
        // = −0.151061 + 0.440253 + 0.145 = 0.434192 → 390.8 ml.
        #expect(batch.kind == .stirred && batch.servedUp)
        #expect(batch.howKey == "party_batch_up")
        #expect(batch.mixMl == 900)
        #expect(abs(batch.waterMl - 390.8) < 0.1, "\(batch.waterMl)")
        // Served up from the freezer: no ice to stir it, none in the glass, none around the bottles.
        #expect(plan.iceGrams == 0)
        // 600 ml of rye + 10 % = 660 ml → one 700 ml bottle.
        #expect(try partyTotal(plan, "rye whiskey").bottles == 1)
    }

    @Test("Bottles carry 10 % to spare: 700 ml of rye poured buys 2 × 700 ml")
    func margin() throws {
        let rye = Cocktail(
            id: "r", name: "Rye Neat", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 1, imageName: "", ingredients: ["70 ml rye whiskey"], glass: .rocks,
            illustration: .init(color: "#8B2500", ice: "none"), method: .built, instructions: ["Pour."])
        let plan = PartyPlanner.plan([.init(cocktail: rye, servings: 10)], guests: 10, table: try partyTable())
        // 10 × 70 = 700 ml; with 10 % to spare 770 ml → 770 / 700 = 1.1 → 2 bottles.
        #expect(try partyTotal(plan, "rye whiskey").bottles == 2)
    }

    @Test(
        "The built Negroni is batched without water, to pour over ice; the Daiquiri batch leaves the lime for each serve"
    )
    func batches() throws {
        let plan = try twentyGuestParty()
        let built = try #require(plan.batches.first { $0.cocktailId == "30" })
        // Mix: 3 × 600 ml = 1800 ml and no water: the glass's ice dilutes it. 1800 / 750 = 2.4 → 3
        // bottles; 90 ml a serve, poured over the glass's ice.
        #expect(built.kind == .built && !built.servedUp)
        #expect(built.howKey == "party_batch_built")
        #expect(built.mixMl == 1800 && built.waterMl == 0)
        #expect(built.bottles == 3)
        #expect(built.pourMl == 90)
        #expect(built.addPerServe.isEmpty)
        let shaken = try #require(plan.batches.first { $0.cocktailId == "2" })
        // Rum 60 ml + sugar 10 ml dissolving to 5 ml = 65 ml a serve × 20 = 1300 ml, no water
        // (the shaker adds it) → 1300 / 750 = 1.73 → 2 bottles; the lime juice goes in per serve.
        #expect(shaken.kind == .shaken)
        #expect(shaken.mixMl == 1300 && shaken.waterMl == 0 && shaken.bottles == 2)
        #expect(shaken.lines.map { $0.ingredient } == ["white rum", "superfine sugar"])
        #expect(shaken.addPerServe == ["20 ml fresh lime juice"])
    }

    @Test("A drink made to order has no batch; soda tops are left out of a built batch")
    func madeToOrder() throws {
        let highball = Cocktail(
            id: "h", name: "Highball", kind: .alcoholic, shortDescription: "", longDescription: "",
            preparationMinutes: 1, imageName: "", ingredients: ["50 ml Scotch whisky", "Soda water, to top"],
            glass: .highball, illustration: .init(color: "#ddd", ice: "cubes"), method: .built,
            instructions: ["Fill the glass with ice, pour the whisky, top with soda and stir briefly."])
        let plan = PartyPlanner.plan([.init(cocktail: highball, servings: 10)], guests: 10, table: try partyTable())
        let batch = try #require(plan.batches.first)
        #expect(batch.mixMl == 500 && batch.waterMl == 0 && batch.addPerServe == ["Soda water, to top"])
        #expect(batch.kind == .built)
        // A bare top-up is 90 ml: 10 × 90 = 900 ml of soda + 10 % = 990 ml → one 1 l bottle.
        #expect(try partyTotal(plan, "soda water").bottles == 1)
        // A tall glass holds 250 g of ice: 2500 g; the batch's one bottle kept cold: 1000 g.
        #expect(plan.iceGrams == 3500)
    }
}
