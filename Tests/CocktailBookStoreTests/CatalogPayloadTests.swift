import CocktailBook
import Foundation
import GRDB
import Testing

@testable import CocktailBookStore

/// The compact stored form of a cached cocktail: every field comes back, older JSON rows are
/// still read, and a damaged row is refused by name rather than crashing or misreading.
@Suite("Catalog payloads: the compact stored form")
struct CatalogPayloadTests {
    /// A cocktail with every field set, nested ones included, and text beyond ASCII.
    static let full = Cocktail(
        id: "x-1", name: "Pêche Ñ Fizz 🍑", kind: .nonAlcoholic, shortDescription: "Short.",
        longDescription: "Long\nwith a line break.",
        preparationMinutes: 7, imageName: "peche", ingredients: ["2 oz peach purée", "Soda"],
        glass: "highball",
        illustration: .init(
            color: "#FFAA00", ice: "cubes", garnishes: ["mint-sprig"],
            layers: [.init(color: "#112233", fraction: 0.3), .init(color: "#445566", fraction: 0.7)]),
        category: "Highball", method: "built", instructions: ["Fill with ice.", "Top with soda."], garnish: "Mint",
        tags: ["brunch", "fruity"], iba: "new-era", dateModified: "2026-01-02T03:04:05Z",
        imageURL: "/images/imported/0123456789abcdef.jpg",
        preparationEstimated: true, video: "https://example.org/v", imageAttribution: "Photo: someone",
        imageSource: "https://example.org/p",
        translations: [
            "it": .init(
                shortDescription: "Breve.", longDescription: "Lungo.", instructions: ["Ghiaccio.", "Soda."],
                garnish: "Menta", variants: [.init(name: "Della casa", description: nil)]),
            "fr": .init(shortDescription: "Court.", longDescription: "Long."),
        ],
        variants: [
            .init(name: "House", description: "Less sweet.", ingredients: ["1 oz peach purée"]),
            .init(name: "Plain", ingredients: []),
        ]
    )

    /// The same drink with every optional field absent.
    static let bare = Cocktail(
        id: "7", name: "Plain", kind: .alcoholic, shortDescription: "", longDescription: "", preparationMinutes: 0,
        imageName: "", ingredients: [])

    @Test("every field of a cocktail is in the stored form: the fixture sets all of them, and they all come back")
    func everyField() throws {
        // A new field on Cocktail must be written and read by CatalogPayload, and set here. The
        // less common ones sit behind one reference, `rare`: counted there.
        let inline = Mirror(reflecting: Self.full).children
        let box = try #require(
            inline.first { $0.label == "rare" }.flatMap { Mirror(reflecting: $0.value).children.first?.value })
        let rare = try #require(Mirror(reflecting: box).children.first { $0.label == "fields" }?.value)
        let fields = Array(inline.filter { $0.label != "rare" }) + Array(Mirror(reflecting: rare).children)
        #expect(fields.count == 24)
        for field in fields {
            let value = Mirror(reflecting: field.value)
            #expect(
                value.displayStyle != .optional || !value.children.isEmpty,
                "\(field.label ?? "?") is not set in the fixture")
        }
        let json = JSONDecoder()
        for cocktail in [Self.full, Self.bare] {
            let stored = CatalogPayload.encode(cocktail)
            #expect(stored.first == CatalogPayload.version)
            #expect(try CatalogPayload.decode(stored, json: json) == cocktail)
        }
        #expect(
            try CatalogPayload.decode(CatalogPayload.encode(Self.full), json: json).illustration?.layers.map(\.fraction)
                == [0.3, 0.7])
    }

    @Test("the bundled catalog comes back unchanged and takes less room than as JSON")
    func bundled() throws {
        let cocktails = try StoreFixtures.bundled()
        let payloads = cocktails.map(CatalogPayload.encode)
        #expect(try StoreRules.decodeCatalog(ids: cocktails.map(\.id), payloads: payloads) == cocktails)
        let json = try cocktails.map { try JSONEncoder().encode($0) }
        let compactSize: Int = payloads.reduce(0) { $0 + $1.count }
        let jsonSize: Int = json.reduce(0) { $0 + $1.count }
        #expect(compactSize < jsonSize)
    }

    @Test("a cache written as JSON by an older build is still read, and the next save stores the compact form")
    func olderJSONRows() async throws {
        let tmp = try TemporaryDatabase()
        defer { tmp.remove() }
        let database = try AppDatabase(path: tmp.path)
        try await database.saveCatalog(
            CachedCatalog(cocktails: [Self.full, Self.bare], fetchedAt: StoreFixtures.firstDate))
        let queue = try DatabaseQueue(path: tmp.path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try await queue.write { db in
            for cocktail in [Self.full, Self.bare] {
                try db.execute(
                    sql: "UPDATE catalogCocktail SET payload = ? WHERE id = ?",
                    arguments: [try encoder.encode(cocktail), cocktail.id])
            }
        }
        func firstBytes() throws -> [UInt8] {
            try queue.read { db in
                try Data.fetchAll(db, sql: "SELECT payload FROM catalogCocktail ORDER BY position").compactMap(\.first)
            }
        }
        #expect(try firstBytes() == [UInt8(ascii: "{"), UInt8(ascii: "{")])
        let loaded = try #require(try await database.loadCatalog())
        #expect(loaded.cocktails == [Self.full, Self.bare])

        try await database.saveCatalog(loaded)
        #expect(try firstBytes() == [CatalogPayload.version, CatalogPayload.version])
        #expect(try await database.loadCatalog()?.cocktails == [Self.full, Self.bare])
    }

    @Test("a damaged payload is refused by name: cut short anywhere, with bytes left over, or with a bad marker")
    func damaged() throws {
        let stored = CatalogPayload.encode(Self.full)
        let json = JSONDecoder()
        // Every shorter prefix is refused: a length or count never reads past the end.
        for length in 1..<stored.count {
            #expect(throws: (any Error).self, "cut at \(length)") {
                try CatalogPayload.decode(stored.prefix(length), json: json)
            }
        }
        #expect(throws: (any Error).self) { try CatalogPayload.decode(stored + [0], json: json) }
        var badMarker = CatalogPayload.encode(Self.bare)
        badMarker[badMarker.count - 1] = 7 // the variants' presence byte
        #expect(throws: (any Error).self) { try CatalogPayload.decode(badMarker, json: json) }
        var hugeCount = Data([CatalogPayload.version])
        hugeCount.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: (any Error).self) { try CatalogPayload.decode(hugeCount, json: json) }

        let cocktails = try StoreFixtures.bundled()
        var payloads = cocktails.map(CatalogPayload.encode)
        payloads[3] = payloads[3].prefix(20)
        #expect(throws: StoreError.corruptCatalog("entry \(cocktails[3].id) is unreadable")) {
            try StoreRules.decodeCatalog(ids: cocktails.map(\.id), payloads: payloads)
        }
    }
}

extension StoreRules {
    /// Stored payloads as cocktails, as a backend reads them (one id per payload).
    static func decodeCatalog(ids: [String], payloads: [Data]) throws -> [Cocktail] {
        var rows = StoredRows()
        for (id, payload) in zip(ids, payloads) { rows.append(id: id, payload: payload) }
        return try decodeCatalog(rows)
    }
}
