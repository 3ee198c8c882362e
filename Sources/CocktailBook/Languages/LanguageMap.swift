import Foundation

/// Values by language code, as JSON writes them: one object whose keys are codes (`{"en": …,
/// "it": …}`). A key that is not two or three small letters is refused, naming the key.
public struct LanguageMap<Value: Codable & Sendable>: Codable, Sendable {
    public var values: [String: Value]

    public init(values: [String: Value]) { self.values = values }

    /// A language code as a key.
    public struct Code: CodingKey {
        public var stringValue: String
        public var intValue: Int? { nil }
        public init(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }

    /// Whether `code` reads as a language code: two or three lower-case letters.
    public static func isCode(_ code: String) -> Bool {
        (2...3).contains(code.count) && code.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Code.self)
        var values: [String: Value] = [:]
        for key in container.allKeys {
            guard Self.isCode(key.stringValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(key.stringValue) is not a language code")
            }
            // A language given as null is none, as for every optional field.
            if let value = try container.decodeIfPresent(Value.self, forKey: key) { values[key.stringValue] = value }
        }
        self.values = values
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Code.self)
        for (code, value) in values.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: Code(stringValue: code))
        }
    }
}

extension Language {
    /// `Italiano` for `it`: the book's own name of a language it speaks (its strings'
    /// `language_name`), Foundation's name of it in itself otherwise.
    public static func name(of code: String) -> String {
        if let language = Language(rawValue: code) { return UIStrings.of(language)["language_name"] }
        let name = Locale(identifier: code).localizedString(forLanguageCode: code) ?? code
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
