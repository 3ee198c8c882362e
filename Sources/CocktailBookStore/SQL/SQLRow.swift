import Foundation
import GRDB

/// One row a statement returned: its columns' names and values, in order.
public struct SQLRow: Sendable {
    public let columns: [String]
    public let values: [SQLValue]
    /// The columns' names as Swift properties name them (`added_at` is `addedAt`).
    let keys: [String]

    /// A row; the rows of one statement pass the same `keys` (see ``keys(of:)``), worked out once.
    public init(columns: [String], values: [SQLValue], keys: [String]? = nil) {
        self.columns = columns
        self.values = values
        self.keys = keys ?? Self.keys(of: columns)
    }

    /// The value of column `index` as `T` (one element of a tuple).
    func decode<T: Decodable>(column index: Int, as type: T.Type) throws -> T {
        if let value = try SQLCell.decodeScalar(T.self, values[index], column: columns[index]) { return value }
        return try T(from: SQLValueDecoder(value: values[index], column: columns[index]))
    }

    /// `added_at` → `addedAt`, for each column.
    public static func keys(of columns: [String]) -> [String] {
        columns.map { column in
            let parts = column.split(separator: "_", omittingEmptySubsequences: false)
            return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
        }
    }

    /// The value of the column named `name`, or `nil` when the row has no such column.
    public subscript(_ name: String) -> SQLValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    /// Decodes the row into `T`: a `Decodable` type's properties are read from the columns of the
    /// same name in snake case (`addedAt` from `added_at`); a plain value (`String`, `Date`,
    /// `Int64`…) from the first column.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = try SQLCell.decodeScalar(T.self, values.first ?? .null, column: columns.first ?? "?") {
            return value
        }
        return try T(from: SQLRowDecoder(row: self))
    }
}

/// Reading one column's value as a Swift type.
enum SQLCell {
    struct Mismatch: Error, CustomStringConvertible {
        let column: String
        let value: SQLValue
        let type: Any.Type
        var description: String { "column \(column) holds \(value), not a \(type)" }
    }

    /// The value as `T` when `T` is one of the types a column holds directly; `nil` for any other
    /// type (which is then decoded from the row or the value as a whole).
    static func decodeScalar<T>(_ type: T.Type, _ value: SQLValue, column: String) throws -> T? {
        func fail() -> Mismatch { Mismatch(column: column, value: value, type: T.self) }
        switch type {
        case is String.Type:
            guard case .text(let text) = value else { throw fail() }
            return text as? T
        case is Int64.Type, is Int.Type, is Int32.Type:
            let number: Int64
            switch value {
            case .integer(let integer): number = integer
            case .bool(let flag): number = flag ? 1 : 0
            default: throw fail()
            }
            if T.self == Int.self { return Int(number) as? T }
            if T.self == Int32.self { return Int32(truncatingIfNeeded: number) as? T }
            return number as? T
        case is Double.Type:
            switch value {
            case .real(let real): return real as? T
            case .integer(let integer): return Double(integer) as? T
            default: throw fail()
            }
        case is Bool.Type:
            switch value {
            case .bool(let flag): return flag as? T
            case .integer(let integer): return (integer != 0) as? T
            default: throw fail()
            }
        case is Date.Type:
            switch value {
            case .date(let date): return date as? T
            case .text(let text):
                // SQLite keeps dates as the text GRDB wrote.
                guard let date = Date.fromDatabaseValue(text.databaseValue) else { throw fail() }
                return date as? T
            default: throw fail()
            }
        case is Data.Type:
            switch value {
            case .blob(let data): return data as? T
            case .text(let text): return Data(text.utf8) as? T
            default: throw fail()
            }
        default:
            return nil
        }
    }
}

/// Decodes a row's columns into a `Decodable` type's properties.
private struct SQLRowDecoder: Decoder {
    let row: SQLRow
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a row is read by column name"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SQLValueDecoder(value: row.values.first ?? .null, column: row.columns.first ?? "?")
    }

    struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let row: SQLRow
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { row.keys.compactMap { Key(stringValue: $0) } }

        func value(_ key: Key) throws -> SQLValue {
            guard let index = row.keys.firstIndex(of: key.stringValue) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no such column"))
            }
            return row.values[index]
        }

        func column(_ key: Key) -> String {
            row.keys.firstIndex(of: key.stringValue).map { row.columns[$0] } ?? key.stringValue
        }

        func contains(_ key: Key) -> Bool { row.keys.contains(key.stringValue) }

        func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let value = try value(key)
            if let scalar = try SQLCell.decodeScalar(T.self, value, column: column(key)) { return scalar }
            return try T(from: SQLValueDecoder(value: value, column: column(key)))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: [key], debugDescription: "a column holds one value"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: [key], debugDescription: "a column holds one value"))
        }

        func superDecoder() throws -> any Decoder { SQLRowDecoder(row: row) }
        func superDecoder(forKey key: Key) throws -> any Decoder { SQLRowDecoder(row: row) }
    }
}

/// Decodes one column's value: an enum by its raw value, say.
private struct SQLValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: SQLValue
    let column: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "column \(column)"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "column \(column)"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try SQLCell.decodeScalar(T.self, value, column: column) { return scalar }
        return try T(from: self)
    }
}
