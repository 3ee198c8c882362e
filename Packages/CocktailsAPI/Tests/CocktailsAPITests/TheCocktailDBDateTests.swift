import Foundation
import Testing

@testable import CocktailsAPI

@Suite("TheCocktailDB dates")
struct TheCocktailDBDateTests {
    @Test(
        "a TheCocktailDB timestamp becomes ISO 8601 in UTC",
        arguments: [
            ("2016-07-18 22:49:04", "2016-07-18T22:49:04Z"), ("2024-02-29 00:00:00", "2024-02-29T00:00:00Z"),
            ("2000-02-29 23:59:59", "2000-02-29T23:59:59Z"), ("1999-12-31 12:00:00", "1999-12-31T12:00:00Z"),
        ])
    func converts(text: String, expected: String) {
        #expect(TheCocktailDBDrink.isoDate(text) == expected)
    }

    @Test(
        "anything else gives no date",
        arguments: [
            "", "2016-07-18", "2016-07-18T22:49:04", "2016-07-18 22:49", "2016-07-18 22:49:04Z",
            "2023-02-29 10:00:00", "1900-02-29 10:00:00", "2016-04-31 10:00:00", "2016-13-01 10:00:00",
            "2016-00-10 10:00:00",
            "2016-07-00 10:00:00", "2016-07-18 24:00:00", "2016-07-18 12:60:00", "2016-07-18 12:00:60",

            "2016-07-18 22:49:0x",
        ])
    func refuses(text: String) {
        #expect(TheCocktailDBDrink.isoDate(text) == nil)
    }
}
