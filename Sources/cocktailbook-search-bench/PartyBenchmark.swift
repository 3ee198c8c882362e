import CocktailBook
import Foundation

/// The party benchmark of BENCHMARKS.md (`--party`): for each catalog size, a list of 100
/// drinks spread over the catalog, 20 guests at 2 drinks each, planned as the page and the API
/// plan it (``PartyPlanner/servings(of:guests:perGuest:counts:)`` then ``PartyPlanner/plan``),
/// then with a 100-bottle shelf counted and the plan said as shopping lines in Italian (the
/// heaviest settings a user can choose).
enum PartyBenchmark {
    struct Row {
        var size: Int
        var drinks: Int
        var plan: Latency
        var full: Latency
        var lines: Int
    }

    static func run(sizes: [Int], drinks: Int, rounds: Int, generator: SyntheticCatalog, table: IngredientTable)
        -> [Row]
    {
        var rows: [Row] = []
        for size in sizes {
            let snapshot = CatalogSnapshot(catalog: AlphabeticalCatalog(generator.make(count: size)), table: table)
            let all = snapshot.catalog.cocktails
            let step = max(1, all.count / drinks)
            let chosen = stride(from: 0, to: all.count, by: step).prefix(drinks).map { all[$0] }
            let ids = chosen.map(\.id)
            let shelf = BarBenchmark.shelf(of: 100, index: snapshot.bar, cocktails: all, table: table)
            func plan() -> PartyPlan {
                let servings = (try? PartyPlanner.servings(of: ids, guests: 20, perGuest: 2)) ?? []
                return PartyPlanner.plan(
                    zip(chosen, servings).map { PartyPlan.Drink(cocktail: $0, servings: $1) }, guests: 20, table: table)
            }
            func full() -> Int {
                plan().countingShelf(snapshot.bar.covering(shelf)).shoppingNeeds(
                    index: snapshot.bar, strings: .of(.italian)
                )
                .count
            }
            _ = full()
            var planSamples: [Double] = []
            var fullSamples: [Double] = []
            var lines = 0
            for _ in 0..<rounds {
                planSamples.append(Timing.measure { plan() }.1)
                let (count, time) = Timing.measure { full() }
                lines = count
                fullSamples.append(time)
            }
            rows.append(
                Row(
                    size: size, drinks: chosen.count, plan: Latency(planSamples), full: Latency(fullSamples),
                    lines: lines))
        }
        return rows
    }

    static func report(_ rows: [Row]) {
        print("\n=== Party (ms) ===")
        print(
            Format.table(
                ["cocktails", "drinks", "plan p50", "p99", "max", "+ shelf + shopping p50", "p99", "max", "lines"],
                rows.map { row in
                    [
                        row.size.formatted(), String(row.drinks), Format.ms(row.plan.p50), Format.ms(row.plan.p99),
                        Format.ms(row.plan.max), Format.ms(row.full.p50), Format.ms(row.full.p99),
                        Format.ms(row.full.max), String(row.lines),
                    ]
                }))
        print("\n=== Party target ===")
        guard let row = rows.first(where: { $0.size == 10_000 }) else {
            return print("SKIP  (10,000 cocktails not run)")
        }
        let limit = 50.0
        print(
            "\(row.full.p99 <= limit ? "PASS" : "FAIL")  a 100-drink party at 10,000 ≤ 50 ms (p99, shelf and shopping lines included): \(Format.ms(row.full.p99)) ms"
        )
    }
}
