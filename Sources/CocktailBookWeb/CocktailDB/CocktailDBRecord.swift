import Foundation
import Hummingbird

/// One object of a TheCocktailDB answer: string-or-null values under TheCocktailDB's own keys.
///
/// Keys such as `strInstructionsZH-HANS` and `strIngredient1…15` are no Swift identifiers, and
/// every value must be written even when absent, so the record is a plain list of pairs rather
/// than a `Codable` struct.
struct CocktailDBRecord: Encodable, Sendable, Equatable {
    /// The pairs in TheCocktailDB's order; a `nil` value is written as `null`.
    var fields: [Field]

    /// One key and its value.
    struct Field: Sendable, Equatable {
        var key: String
        var value: String?
    }

    init(_ fields: [(String, String?)]) {
        self.fields = fields.map { Field(key: $0.0, value: $0.1) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for field in fields {
            if let value = field.value {
                try container.encode(value, forKey: AnyKey(field.key))
            } else {
                try container.encodeNil(forKey: AnyKey(field.key))
            }
        }
    }
}

/// TheCocktailDB's envelope: `{"drinks":[…]}` or `{"ingredients":[…]}`, and `null` in place of
/// the array when nothing matched, which clients test for instead of an empty array.
struct CocktailDBEnvelope: Encodable, Sendable {
    /// `drinks` or `ingredients`.
    var key: String
    /// The records; empty is written as `null`.
    var records: [CocktailDBRecord]

    static func drinks(_ records: [CocktailDBRecord]) -> Self { Self(key: "drinks", records: records) }
    static func ingredients(_ records: [CocktailDBRecord]) -> Self { Self(key: "ingredients", records: records) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        if records.isEmpty {
            try container.encodeNil(forKey: AnyKey(key))
        } else {
            try container.encode(records, forKey: AnyKey(key))
        }
    }

    /// The answer, encoded as the rest of our JSON API encodes.
    func response() throws -> Response {
        try APIResponse.json(self)
    }
}

/// A coding key made at run time.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
