import CocktailBook
import Foundation

/// How one cached cocktail is stored: a compact binary form, decoded several times faster than
/// JSON (at 10,000 drinks decoding the cache was the larger part of a start). Its first byte is
/// the format's version; JSON payloads written before it start with `{` and are still read, so
/// a database made by an older build keeps its cache until the next fetch rewrites it.
///
/// The layout is the cocktail's fields in a fixed order: strings as a length then UTF-8,
/// optionals behind a presence byte, lists behind their count, numbers as little-endian 64-bit.
/// A field added to ``Cocktail`` must be added here (a test counts the fields).
enum CatalogPayload {
    /// The version byte of the current layout.
    static let version: UInt8 = 1

    /// The stored form of `cocktail`.
    static func encode(_ cocktail: Cocktail) -> Data {
        var writer = Writer()
        writer.bytes.reserveCapacity(1_024)
        writer.bytes.append(version)
        writer.write(cocktail)
        return Data(writer.bytes)
    }

    /// The cocktail stored as `payload`, in either the binary form or the older JSON.
    static func decode(_ payload: Data, json: JSONDecoder) throws -> Cocktail {
        try payload.withUnsafeBytes { try decode($0, json: json) }
    }

    /// The same, from the bytes of one stored row.
    static func decode(_ raw: UnsafeRawBufferPointer, json: JSONDecoder) throws -> Cocktail {
        guard raw.first == version else { return try json.decode(Cocktail.self, from: Data(raw)) }
        var reader = Reader(bytes: raw, offset: 1)
        let cocktail = try reader.cocktail()
        guard reader.offset == raw.count else { throw Malformed() }
        return cocktail
    }

    struct Malformed: Error {}

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ cocktail: Cocktail) {
            write(cocktail.id)
            write(cocktail.name)
            write(cocktail.kind.rawValue)
            write(cocktail.shortDescription)
            write(cocktail.longDescription)
            write(Int64(cocktail.preparationMinutes))
            write(cocktail.imageName)
            write(cocktail.ingredients)
            write(cocktail.glass)
            optional(cocktail.illustration) { writer, illustration in
                writer.write(illustration.color)
                writer.write(illustration.ice)
                writer.write(illustration.garnishes)
                writer.count(illustration.layers.count)
                for layer in illustration.layers {
                    writer.write(layer.color)
                    writer.write(Int64(bitPattern: layer.fraction.bitPattern))
                }
            }
            write(cocktail.category)
            write(cocktail.method)
            optional(cocktail.instructions) { $0.write($1) }
            write(cocktail.garnish)
            optional(cocktail.tags) { $0.write($1) }
            write(cocktail.iba)
            write(cocktail.dateModified)
            write(cocktail.imageURL)
            optional(cocktail.preparationEstimated) { $0.bytes.append($1 ? 1 : 0) }
            write(cocktail.video)
            write(cocktail.imageAttribution)
            write(cocktail.imageSource)
            optional(cocktail.translations) { writer, translations in
                writer.count(translations.count)
                for (language, texts) in translations.sorted(by: { $0.key < $1.key }) {
                    writer.write(language)
                    writer.write(texts.shortDescription)
                    writer.write(texts.longDescription)
                    writer.optional(texts.instructions) { $0.write($1) }
                    writer.write(texts.garnish)
                    writer.optional(texts.variants) { writer, variants in
                        writer.count(variants.count)
                        for variant in variants {
                            writer.write(variant.name)
                            writer.write(variant.description)
                        }
                    }
                }
            }
            optional(cocktail.variants) { writer, variants in
                writer.count(variants.count)
                for variant in variants {
                    writer.write(variant.name)
                    writer.write(variant.description)
                    writer.write(variant.ingredients)
                }
            }
        }

        mutating func count(_ value: Int) {
            var rest = UInt64(value)
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func write(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func write(_ text: String) {
            count(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func write(_ text: String?) {
            optional(text) { $0.write($1) }
        }

        mutating func write(_ texts: [String]) {
            count(texts.count)
            for text in texts { write(text) }
        }

        mutating func optional<T>(_ value: T?, _ body: (inout Writer, T) -> Void) {
            guard let value else {
                bytes.append(0)
                return
            }
            bytes.append(1)
            body(&self, value)
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        mutating func cocktail() throws -> Cocktail {
            let id = try string()
            let name = try string()
            guard let kind = CocktailKind(rawValue: try string()) else { throw Malformed() }
            let short = try string()
            let long = try string()
            let minutes = Int(try int64())
            let imageName = try string()
            let ingredients = try strings()
            let glass = try optionalString()
            let illustration = try optional { reader in
                let color = try reader.string()
                let ice = try reader.string()
                let garnishes = try reader.strings()
                let layers = try (0..<reader.count()).map { _ in
                    Cocktail.Illustration.Layer(
                        color: try reader.string(), fraction: Double(bitPattern: UInt64(bitPattern: try reader.int64()))
                    )
                }
                return Cocktail.Illustration(color: color, ice: ice, garnishes: garnishes, layers: layers)
            }
            let category = try optionalString()
            let method = try optionalString()
            let instructions = try optional { try $0.strings() }
            let garnish = try optionalString()
            let tags = try optional { try $0.strings() }
            let iba = try optionalString()
            let dateModified = try optionalString()
            let imageURL = try optionalString()
            let estimated = try optional { reader -> Bool in
                switch try reader.byte() {
                case 0: false
                case 1: true
                default: throw Malformed()
                }
            }
            let video = try optionalString()
            let attribution = try optionalString()
            let source = try optionalString()
            let translations = try optional { reader in
                var translations: [String: CocktailTexts] = [:]
                for _ in 0..<(try reader.count()) {
                    let language = try reader.string()
                    let short = try reader.string()
                    let long = try reader.string()
                    let instructions = try reader.optional { try $0.strings() }
                    let garnish = try reader.optionalString()
                    let variants = try reader.optional { reader in
                        try (0..<reader.count()).map { _ in
                            CocktailTexts.VariantTexts(
                                name: try reader.string(), description: try reader.optionalString())
                        }
                    }
                    translations[language] = CocktailTexts(
                        shortDescription: short, longDescription: long, instructions: instructions, garnish: garnish,
                        variants: variants)
                }
                return translations
            }
            let variants = try optional { reader in
                try (0..<reader.count()).map { _ in
                    Cocktail.Variant(
                        name: try reader.string(), description: try reader.optionalString(),
                        ingredients: try reader.strings())
                }
            }
            return Cocktail(
                id: id, name: name, kind: kind, shortDescription: short, longDescription: long,
                preparationMinutes: minutes,
                imageName: imageName, ingredients: ingredients, glass: glass, illustration: illustration,
                category: category,
                method: method, instructions: instructions, garnish: garnish, tags: tags, iba: iba,
                dateModified: dateModified,
                imageURL: imageURL, preparationEstimated: estimated, video: video, imageAttribution: attribution,
                imageSource: source, translations: translations, variants: variants
            )
        }

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func count() throws -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 63 else { throw Malformed() }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { break }
                shift += 7
            }
            // No count can be larger than the bytes left: a list needs one byte per element.
            guard value <= UInt64(bytes.count - offset) else { throw Malformed() }
            return Int(value)
        }

        mutating func int64() throws -> Int64 {
            guard bytes.count - offset >= 8 else { throw Malformed() }
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 8]))
            }
            offset += 8
            return Int64(littleEndian: value)
        }

        mutating func string() throws -> String {
            let length = try count()
            let text = String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            offset += length
            return text
        }

        mutating func optionalString() throws -> String? {
            try optional { try $0.string() }
        }

        mutating func strings() throws -> [String] {
            try (0..<count()).map { _ in try string() }
        }

        mutating func optional<T>(_ body: (inout Reader) throws -> T) throws -> T? {
            switch try byte() {
            case 0: return nil
            case 1: return try body(&self)
            default: throw Malformed()
            }
        }
    }
}
