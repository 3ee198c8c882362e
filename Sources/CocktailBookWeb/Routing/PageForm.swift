import CocktailBookApp
import Foundation
import Hummingbird

/// What a page's form sends, as a type: each route that reads a form declares one and reads it
/// with ``SubmittedForm/decode(_:)``, through Hummingbird's `URLEncodedFormDecoder`, so a field
/// that is missing or of the wrong type is refused in one way, naming it
/// (``AppError/invalidForm(_:)``). Fields a person may leave out are optional; a checkbox is a
/// `String?` (`on` when ticked).
protocol PageForm: Decodable {
    /// The fields a form may send several times (checkboxes of one name), read as lists; any
    /// other field sent twice is read once, its first value (as a browser's form never does).
    static var repeated: Set<String> { get }
}

extension PageForm {
    static var repeated: Set<String> { [] }
}

/// A form field of a type other than text (`Int`, `Bool`): refused naming the field when it is
/// missing or not one. (Hummingbird 2.28's `URLEncodedFormDecoder` leaves the key out of a
/// failed `Int` or `Bool` field's coding path; a field decoded as a value of its own keeps it.)
@propertyWrapper
struct Field<Value: LosslessStringConvertible & Sendable>: Decodable, Sendable {
    var wrappedValue: Value

    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        guard let key = path.last, let text = try? decoder.singleValueContainer().decode(String.self) else {
            let key = path.last ?? AnyKey(stringValue: "")
            throw DecodingError.keyNotFound(key, .init(codingPath: path.dropLast(), debugDescription: "missing"))
        }
        guard let value = Value(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(key.stringValue) is not a \(Value.self)"))
        }
        wrappedValue = value
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A form with nothing to read (a button whose route and token say everything).
struct NoFields: PageForm {}

extension SubmittedForm {
    /// The form read as `T`, or a `400 invalid_form` naming the field that is missing or wrong.
    func decode<T: PageForm>(_ type: T.Type = T.self) throws -> T {
        var seen = Set<String>()
        let encoded = fields.pairs.compactMap { pair -> String? in
            let isList = T.repeated.contains(pair.name)
            guard isList || seen.insert(pair.name).inserted else { return nil }
            return Self.escaped(pair.name) + (isList ? "[]" : "") + "=" + Self.escaped(pair.value)
        }
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: encoded.joined(separator: "&"))
        } catch let error as DecodingError {
            throw AppError.invalidForm(error)
        } catch {
            // A name the decoder cannot take apart (brackets that do not close, say).
            throw AppError(status: .badRequest, code: "invalid_form", message: "The form could not be read.").said(
                by: "form_unreadable", ["reason": "\(error)"])
        }
    }

    /// A name or value as the decoder reads it back: everything but letters, digits and `-._~`
    /// percent-encoded, so `&`, `=`, `+` and brackets a person typed stay theirs.
    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}

extension AppError {
    /// The `400 invalid_form` for a page's form that lacks a field it needs or sends one the
    /// route cannot read, naming the field; on a page, in the reader's language.
    static func invalidForm(_ error: DecodingError) -> AppError {
        var field = ""
        var key = "form_field_invalid"
        switch error {
        case .keyNotFound(let missing, let context):
            field = (context.codingPath + [missing]).map(\.stringValue).joined(separator: ".")
            key = "form_field_missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            field = context.codingPath.map(\.stringValue).joined(separator: ".")
        @unknown default: break
        }
        var refusal = AppError(
            status: .badRequest, code: "invalid_form",
            message: key == "form_field_missing" ? "The form needs \"\(field)\"." : "\"\(field)\" is not valid here."
        ).said(by: key, ["field": field])
        refusal.field = field
        return refusal
    }
}
