import CocktailBook
import Foundation

/// The bar benchmark of BENCHMARKS.md (`--bar`): for each catalog size and shelf size, the
/// latency of `makeable=now` and `makeable=one-away` (the shelf evaluated against every
/// recipe, the list filtered, the first page of 50 built, as the screens and `perPage=50`
/// ask), the same with every row built (the API without `perPage`), and of Buy next.
enum BarBenchmark {
    struct Row {
        var size: Int
        var shelf: Int
        var buildMilliseconds: Double
        var now: Latency
        var oneAway: Latency
        var nowAll: Latency
        var oneAwayAll: Latency
        var suggestions: Latency
        var canMake: Int
        var oneAwayCount: Int
        /// House-made ingredients the shelf makes from its bottles (beside those with a batch).
        var houseMakeable = 0
        /// With house recipes beyond the bundled ones: every bottle priced and half the
        /// house-made ingredients with a fresh batch; the cost of every drink the shelf makes
        /// now (as the bar page shows them) and what making each of the first 50 draws.
        var costs: Latency? = nil
        var draws: Latency? = nil
    }

    /// Twenty house recipes: the eleven that ship with the book and nine more over the table's
    /// other syrups, three of them made from another house-made one (passion fruit syrup from
    /// simple syrup, Donn's mix from cinnamon syrup, falernum from rich simple syrup).
    static func twentyHouseRecipes() throws -> HouseRecipes {
        let more: [(String, [String])] = [
            ("lavender syrup", ["sugar", "water"]), ("rosemary syrup", ["sugar", "water"]),
            ("elderflower syrup", ["sugar", "water", "lemon peel"]),
            ("passion fruit syrup", ["passion fruit purée", "simple syrup"]), ("rhubarb syrup", ["sugar", "water"]),
            ("chocolate syrup", ["dark chocolate", "sugar", "water"]),
            ("Donn's mix", ["fresh grapefruit juice", "cinnamon syrup"]),
            ("falernum", ["white rum", "lime peel", "whole cloves", "rich simple syrup"]),
            ("cane syrup", ["white cane sugar", "water"]),
        ]
        return try HouseRecipes(
            HouseRecipes.bundled.recipes
                + more.map { name, lines in
                    HouseRecipe(
                        ingredient: name, minutes: 10, yield: .init(amount: 300, unit: .ml), shelfLifeDays: 14,
                        storage: .fridge, lines: lines.map { .init(ingredient: $0, amount: 100, unit: .ml) },
                        steps: .init(en: ["Make it."], translated: ["it": ["Preparalo."]]))
                })
    }

    /// Shelves drawn from the values recipes use most, then the rest, seeded so every run is
    /// the same: a real home bar has the common bottles first.
    static func shelf(of count: Int, index: BarIndex, cocktails: [Cocktail], table: IngredientTable) -> Shelf {
        var usage: [String: Int] = [:]
        for cocktail in cocktails.prefix(5_000) {
            for line in cocktail.recipe {
                if let name = table.ingredient(for: line)?.name ?? line.ingredient { usage[name, default: 0] += 1 }
            }
        }
        var rng = SeededGenerator(seed: 0xBA12_5E1F + UInt64(count))
        let ranked = index.allValues.sorted { (usage[$0] ?? 0, $0) > (usage[$1] ?? 0, $1) }
        // Two thirds of the shelf from the most used, the rest at random.
        var chosen = Set(ranked.prefix(count * 2 / 3))
        while chosen.count < min(count, ranked.count) { chosen.insert(ranked[rng.below(ranked.count)]) }
        return Shelf(bottles: chosen)
    }

    static func run(
        sizes: [Int], shelves: [Int], rounds: Int, generator: SyntheticCatalog, table: IngredientTable,
        houseRecipes: HouseRecipes = .bundled
    ) -> [Row] {
        var rows: [Row] = []
        for size in sizes {
            let cocktails = generator.make(count: size)
            let (snapshot, build) = Timing.measure {
                CatalogSnapshot(catalog: AlphabeticalCatalog(cocktails), table: table, houseRecipes: houseRecipes)
            }
            let ordered = snapshot.catalog.cocktails
            for bottles in shelves {
                var shelf = shelf(of: bottles, index: snapshot.bar, cocktails: ordered, table: table)
                let withStock = houseRecipes.recipes.count > HouseRecipes.bundled.recipes.count
                let now0 = Date()
                var batches: [HouseBatch] = []
                var stock: [String: BottleStock] = [:]
                if withStock {
                    for (number, value) in snapshot.bar.houseMadeValues.enumerated() where number.isMultiple(of: 2) {
                        batches.append(HouseBatch(id: Int64(number + 1), value: value, ml: 300, madeAt: now0))
                    }
                    shelf.freshBatches = Shelf.freshBatches(
                        batches, at: now0, recipes: houseRecipes, calendar: HouseBatch.calendar)
                    for value in shelf.bottles {
                        stock[value] = BottleStock(
                            ml: 500, bottleMl: 700, lowMl: 100, price: .init(minor: 2500, currency: "EUR"))
                    }
                }
                var now = CocktailQuery()
                now.makeable = .now
                var oneAway = CocktailQuery()
                oneAway.makeable = .oneAway
                let nowAll = {
                    var query = now.unpaged
                    query.makeable = .now
                    return query
                }()
                let oneAwayAll = {
                    var query = oneAway.unpaged
                    query.makeable = .oneAway
                    return query
                }()
                // One warm-up pass, then the timed rounds.
                _ = snapshot.answer(now, favorites: [], shelf: shelf)
                var nowSamples: [Double] = []
                var oneAwaySamples: [Double] = []
                var suggestionSamples: [Double] = []
                var nowAllSamples: [Double] = []
                var oneAwayAllSamples: [Double] = []
                var canMake = 0
                var oneAwayCount = 0
                var costSamples: [Double] = []
                var drawSamples: [Double] = []
                for _ in 0..<rounds {
                    if withStock {
                        let evaluation = snapshot.bar.evaluate(shelf)
                        let drinks = evaluation.canMakePositions.map { ordered[$0] }
                        costSamples.append(
                            Timing.measure { snapshot.bar.costs(of: drinks, on: shelf, stock: stock) }.1)
                        drawSamples.append(
                            Timing.measure {
                                drinks.prefix(50).map {
                                    snapshot.bar.draws(of: $0, servings: 2, on: shelf, batches: batches, at: now0)
                                }
                            }.1)
                    }
                    let (page, nowTime) = Timing.measure { snapshot.answer(now, favorites: [], shelf: shelf) }
                    canMake = page.total
                    nowSamples.append(nowTime)
                    let (away, awayTime) = Timing.measure { snapshot.answer(oneAway, favorites: [], shelf: shelf) }
                    oneAwayCount = away.total
                    oneAwaySamples.append(awayTime)
                    let (_, suggestionTime) = Timing.measure { snapshot.bar.evaluate(shelf).suggestions() }
                    suggestionSamples.append(suggestionTime)
                    nowAllSamples.append(Timing.measure { snapshot.answer(nowAll, favorites: [], shelf: shelf) }.1)
                    oneAwayAllSamples.append(
                        Timing.measure { snapshot.answer(oneAwayAll, favorites: [], shelf: shelf) }.1)
                }
                rows.append(
                    Row(
                        size: size, shelf: shelf.bottles.count, buildMilliseconds: build, now: Latency(nowSamples),
                        oneAway: Latency(oneAwaySamples),
                        nowAll: Latency(nowAllSamples), oneAwayAll: Latency(oneAwayAllSamples),
                        suggestions: Latency(suggestionSamples), canMake: canMake, oneAwayCount: oneAwayCount,
                        houseMakeable: snapshot.bar.houseMadeValues.filter {
                            if case .makeable = snapshot.bar.houseStatus(of: $0, on: shelf) { return true }
                            return false
                        }.count,
                        costs: withStock ? Latency(costSamples) : nil, draws: withStock ? Latency(drawSamples) : nil
                    ))
            }
        }
        return rows
    }

    static func report(_ rows: [Row]) {
        print("\n=== Bar (ms) ===")
        print(
            Format.table(
                [
                    "cocktails", "bottles", "snapshot build", "now p50", "p99", "one-away p50", "p99",
                    "suggestions p50", "p99",
                    "now, all rows p99", "one-away, all rows p99", "can make", "one away", "house-made makeable",
                ],
                rows.map { row in
                    [
                        row.size.formatted(), String(row.shelf), Format.ms(row.buildMilliseconds),
                        Format.ms(row.now.p50), Format.ms(row.now.p99),
                        Format.ms(row.oneAway.p50), Format.ms(row.oneAway.p99), Format.ms(row.suggestions.p50),
                        Format.ms(row.suggestions.p99),
                        Format.ms(row.nowAll.p99), Format.ms(row.oneAwayAll.p99), row.canMake.formatted(),
                        row.oneAwayCount.formatted(), String(row.houseMakeable),
                    ]
                }
            ))
        let stocked = rows.filter { $0.costs != nil }
        if !stocked.isEmpty {
            print("\n=== Bar with stock and batches (ms) ===")
            print(
                Format.table(
                    [
                        "cocktails", "bottles", "cost of every can-make drink p50", "p99", "draws of 50 makings p50",
                        "p99",
                    ],
                    stocked.map { row in
                        [
                            row.size.formatted(), String(row.shelf), Format.ms(row.costs?.p50 ?? 0),
                            Format.ms(row.costs?.p99 ?? 0), Format.ms(row.draws?.p50 ?? 0),
                            Format.ms(row.draws?.p99 ?? 0),
                        ]
                    }))
        }
        print("\n=== Bar targets ===")
        guard let row = rows.first(where: { $0.size == 10_000 && $0.shelf >= 100 && $0.shelf < 200 }) else {
            print("SKIP  (10,000 cocktails with 100 bottles not run)")
            return
        }
        for (label, value, limit) in [
            ("makeable=now p99 at 10,000 × 100 bottles ≤ 2 ms", row.now.p99, 2.0),
            ("makeable=one-away p99 at 10,000 × 100 bottles ≤ 2 ms", row.oneAway.p99, 2.0),
            ("suggestions p99 at 10,000 × 100 bottles ≤ 20 ms", row.suggestions.p99, 20.0),
        ] {
            print("\(value <= limit ? "PASS" : "FAIL")  \(label): \(Format.ms(value)) ms")
        }
    }
}
