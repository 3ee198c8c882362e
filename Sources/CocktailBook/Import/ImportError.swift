import Foundation

/// Why an import was refused as a whole; the database is left exactly as it was.
public enum ImportError: Error, Equatable, Sendable {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file is larger than ``CatalogImport/maximumBytes``.
    case fileTooLarge(bytes: Int)
    /// The payload is not JSON, or not in a shape we know.
    case malformed(String)
    /// A value has the wrong JSON type.
    case wrongType(String)
    /// The payload has more than ``CatalogImport/maximumEntries`` entries.
    case tooManyEntries(Int)
    /// One entry breaks a size limit.
    case oversizedEntry(String)
    /// Nothing usable was found.
    case nothingToImport(String)
    /// The server could not be read, or a download broke off.
    case unreachable(String)
}

extension ImportError: LocalizedError {
    /// One line for the person running the import; it always says nothing was changed.
    public var errorDescription: String? {
        let detail: String
        switch self {
        case .unreadable(let path): detail = "cannot read \(path)"
        case .fileTooLarge(let bytes):
            detail = "the file is \(bytes / 1_048_576) MB; the limit is \(CatalogImport.maximumBytes / 1_048_576) MB"
        case .malformed(let reason): detail = "the file is malformed: \(reason)"
        case .wrongType(let reason): detail = "wrong type: \(reason)"
        case .tooManyEntries(let count): detail = "\(count) entries; the limit is \(CatalogImport.maximumEntries)"
        case .oversizedEntry(let reason): detail = "oversized entry: \(reason)"
        case .nothingToImport(let reason): detail = "nothing to import: \(reason)"
        case .unreachable(let reason): detail = reason
        }
        return "Import refused, nothing was changed: \(detail)."
    }
}
