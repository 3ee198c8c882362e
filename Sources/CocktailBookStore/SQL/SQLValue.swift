import Foundation

/// One value going into a statement or coming out of a row, the same on both backends.
///
/// Booleans stay booleans here: SQLite keeps them as the integers 0 and 1, PostgreSQL as
/// `boolean`, and each runner writes them its way. Dates are instants: SQLite keeps them as the
/// text GRDB writes (UTC, milliseconds), PostgreSQL as `timestamptz`.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case bool(Bool)
    case date(Date)
}

/// A Swift value a statement can take as an argument (written `?` in the statement).
public protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Data: SQLBindable { public var sqlValue: SQLValue { .blob(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .bool(self) } }
extension Date: SQLBindable { public var sqlValue: SQLValue { .date(self) } }
extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// Statements are written once, with `?` for each argument; PostgreSQL numbers its arguments
/// (`$1`, `$2`…), so its runner rewrites them. A `?` inside a quoted literal or name is text.
enum SQLPlaceholders {
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
