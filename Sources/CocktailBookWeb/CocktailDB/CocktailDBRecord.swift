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

    /// The answer, with every record's keys in TheCocktailDB's order (`idDrink, strDrink, …,
    /// strIngredient1…15, strMeasure1…15, …`). Foundation's encoder on Linux writes keys in hash
    /// order unless it sorts them, so the envelope writes its own JSON.
    func response() throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: json))
        )
    }

    /// The envelope as JSON text, keys in record order.
    var json: String {
        var out = "{" + OrderedJSON.string(key) + ":"
        if records.isEmpty {
            out += "null"
        } else {
            out +=
                "["
                + records.map { record in
                    "{"
                        + record.fields.map {
                            OrderedJSON.string($0.key) + ":" + ($0.value.map(OrderedJSON.string) ?? "null")
                        }.joined(separator: ",") + "}"
                }.joined(separator: ",") + "]"
        }
        return out + "}"
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

/// JSON text for the ordered records: strings escaped as RFC 8259 asks, slashes left alone.
enum OrderedJSON {
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
