// The search benchmark of BENCHMARKS.md.
//
//     swift run -c release cocktailbook-search-bench [--sizes 1000,10000,100000] [--queries 2000]
//     swift run -c release cocktailbook-search-bench --bar [--sizes …]
//     swift run -c release cocktailbook-search-bench --house [--sizes …]
//     swift run -c release cocktailbook-search-bench --party [--sizes …]
//
// `--bar` runs the bar benchmark instead: makeable=now, one-away and the suggestions for shelves
// of 20, 100 and 300 bottles at each size; `--house` the same with twenty house-made ingredients.
//
// For each catalog size: build time and resident-set growth of the CatalogSnapshot, latency of
// SearchIndex.search and CatalogSnapshot.answer over a fixed mixed query set, and the targets
// checked. Exits 0 whatever the figures. (What the search finds is the unit tests' business.)
import CocktailBook
import CocktailsAPI
import Foundation

struct Options {
    var sizes = [1_000, 10_000, 100_000]
    /// Timed searches per size (spread evenly over the query set, round-robin).
    var searches = 2_000
    /// Run the bar benchmark instead of the search one.
    var bar = false
    /// Catalogs of copies of the bundled drinks (with their Italian texts) instead of synthetic ones.
    var copies = false
    /// With `--bar`: twenty house recipes instead of the bundled eleven.
    var house = false
    /// Run the party benchmark instead of the search one.
    var party = false
    /// Write a synthetic catalog of this many cocktails to this file instead (for the HTTP benchmark).
    var writeCatalog: (count: Int, path: String)?

    init(arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--sizes":
                let parsed = (iterator.next() ?? "").split(separator: ",").compactMap {
                    Int($0.replacingOccurrences(of: "_", with: ""))
                }
                if !parsed.isEmpty, parsed.allSatisfy({ $0 > 0 }) {
                    sizes = parsed
                } else {
                    Self.usage("--sizes wants e.g. 1000,10000")
                }
            case "--queries":
                if let value = iterator.next().flatMap({ Int($0) }), value > 0 {
                    searches = value
                } else {
                    Self.usage("--queries wants a positive number")
                }
            case "--bar":
                bar = true
            case "--copies":
                copies = true
            case "--house":
                bar = true
                house = true
            case "--party":
                party = true
            case "--write-catalog":
                guard let count = iterator.next().flatMap({ Int($0) }), count > 0, let path = iterator.next() else {
                    Self.usage("--write-catalog wants a count and a file")
                }
                writeCatalog = (count, path)
            case "-h", "--help":
                Self.usage(nil)
            default:
                Self.usage("unknown argument \(argument)")
            }
        }
    }

    static func usage(_ problem: String?) -> Never {
        if let problem { print("error: \(problem)") }
        print(
            "usage: swift run -c release cocktailbook-search-bench [--sizes 1000,10000,100000] [--queries N]"
        )
        print("  --queries N  timed searches per size, spread over the fixed query set (default 2000)")
        print(
            "  --bar        instead, time makeable=now, one-away and suggestions for shelves of 20, 100 and 300 bottles"
        )
        print("  --copies     copies of the bundled drinks, with their texts in every language, not synthetic ones")
        print("  --house      the bar benchmark with twenty house-made ingredients (syrups) in the recipes")
        print("  --party      instead, time planning a party over a 100-drink list (20 guests, 2 drinks each)")
        print(
            "  --write-catalog N FILE  instead, write the N-cocktail catalog as a catalog file (for scripts/bench-http.sh)"
        )
        exit(problem == nil ? 0 : 64)
    }
}

func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" }
        ?? "unknown CPU"
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    return
        "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(model)), \(String(format: "%.1f", memory)) GB RAM, \(ProcessInfo.processInfo.operatingSystemVersionString)"
}

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
if let (count, path) = options.writeCatalog {
    // The same catalogs the search benchmark times, in the format `serve --catalog` reads.
    do {
        let table = try IngredientTable(json: BundledCatalog.ingredientsData)
        let real = try CatalogDecoder.decode(BundledCatalog.data).cocktails
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(SyntheticCatalog(real: real, table: table).make(count: count)).write(
            to: URL(fileURLWithPath: path))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: could not write the catalog: \(error)\n".utf8))
        exit(1)
    }
}
#if DEBUG
    print(
        "warning: this is a debug build; the figures mean nothing. Use: swift run -c release cocktailbook-search-bench")
#endif
print("Cocktail Book search benchmark")
print("Machine: \(machineDescription())")
print("Load average at start (1/5/15 min): \(loadAverage()); other work on the machine inflates every figure.")

let table: IngredientTable
let real: [Cocktail]
do {
    table = try IngredientTable(json: BundledCatalog.ingredientsData)
    real = try CatalogDecoder.decode(BundledCatalog.data).cocktails
} catch {
    print("error: the bundled catalog could not be read: \(error)")
    exit(0)
}
let generator = SyntheticCatalog(real: real, table: table)
let queries = BenchQuery.all
let rounds = max(1, (options.searches + queries.count - 1) / queries.count)
print(
    "Catalogs: \(real.count) real cocktails first, then synthetic ones (seeded SplitMix64, identical on every run); "
        + "\(table.ingredients.count) table ingredients.")
print(
    "Queries: \(queries.count) fixed queries, each timed \(rounds)× round-robin after one warm-up pass "
        + "(\(rounds * queries.count) timed searches, as many timed answers per size).")

if options.party {
    print("Party: a list of 100 drinks spread over the catalog, 20 guests × 2 drinks, 200 timed rounds each.")
    PartyBenchmark.report(
        PartyBenchmark.run(sizes: options.sizes, drinks: 100, rounds: 200, generator: generator, table: table))
    print("Load average at end (1/5/15 min): \(loadAverage())")
    exit(0)
}

if options.bar {
    print(
        "Bar: shelves of 20, 100 and 300 bottles (two thirds the most used ingredients, the rest seeded at random), 200 timed rounds each."
    )
    let house = options.house ? try BarBenchmark.twentyHouseRecipes() : HouseRecipes.bundled
    print("House recipes: \(house.recipes.count).")
    BarBenchmark.report(
        BarBenchmark.run(
            sizes: options.sizes, shelves: [20, 100, 300], rounds: 200, generator: generator, table: table,
            houseRecipes: house))
    print("Load average at end (1/5/15 min): \(loadAverage())")
    exit(0)
}

var results: [SizeResult] = []
for size in options.sizes {
    let result = runSize(size, generator: generator, queries: queries, rounds: rounds, copies: options.copies)
    report(result, queries: queries)
    results.append(result)
}

// Summary across sizes.
print("\n=== Summary (ms; RSS in MB) ===")
var rows: [[String]] = []
for result in results {
    let search = result.search
    let answer = result.answer
    rows.append([
        result.size.formatted(), Format.ms(result.sortMilliseconds), Format.ms(result.indexMilliseconds),
        Format.ms(result.buildMilliseconds),
        result.residentDelta.map { String(format: "%.1f", Memory.megabytes($0)) } ?? "n/a",
        Format.ms(search.p50), Format.ms(search.p99), Format.ms(search.max), Format.ms(answer.p50),
        Format.ms(answer.p99),
    ])
}
print(
    Format.table(
        [
            "cocktails", "sort", "index", "build total", "RSS", "search p50", "p99", "max", "answer p50", "p99",
        ],
        rows
    ))

print("Load average at end (1/5/15 min): \(loadAverage())")

// Targets.
print("\n=== Targets (this machine: \(ProcessInfo.processInfo.activeProcessorCount) cores) ===")
@MainActor func check(_ label: String, size: Int, value: (SizeResult) -> Double, limit: Double) {
    guard let result = results.first(where: { $0.size == size }) else {
        print("SKIP  \(label) (size \(size.formatted()) not run)")
        return
    }
    let measured = value(result)
    print("\(measured <= limit ? "PASS" : "FAIL")  \(label): \(Format.ms(measured)) ms (limit \(Format.ms(limit)) ms)")
}
check("search p99 at 10,000 ≤ 1 ms", size: 10_000, value: { $0.search.p99 }, limit: 1)
check("search p99 at 100,000 ≤ 5 ms", size: 100_000, value: { $0.search.p99 }, limit: 5)
check(
    "index build (sort + CatalogSnapshot) at 100,000 ≤ 2 s", size: 100_000, value: { $0.buildMilliseconds },
    limit: 2_000)
exit(0)
