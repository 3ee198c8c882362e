import Foundation

/// A photo cut down to what a browser needs to draw it, so that nothing a camera or phone wrote
/// about where and with what it was taken (EXIF with its GPS position, XMP, IPTC, comments, text
/// chunks, a second picture after the first) is ever stored or served.
///
/// It fails closed: each format is read by an allow-list of the parts a picture needs, and a
/// file that cannot be read cleanly to its end is refused rather than kept as it came, since
/// what could not be parsed could not be cleaned either. Pictures scaled by the editor's script
/// are re-encoded without metadata already; this is for those sent as they are (no script, the
/// API, a recipe page's picture, an import's downloads).
public enum PictureMetadata {
    /// The most pixels a picture may have: 100 megapixels, far beyond any phone's photo, while a
    /// few bytes of header declaring 20000×20000 would make every browser that shows it decode
    /// 1.6 GB.
    public static let maximumPixels = 100_000_000

    /// Why a picture was refused.
    public enum Refusal: Error, Equatable, Sendable, LocalizedError {
        /// The bytes are not a JPEG, PNG or WebP picture.
        case notAPicture
        /// The file does not follow its format to the end; the text says where it went wrong.
        case malformed(String)
        /// The header that gives the picture's width and height is missing or says zero.
        case sizeUnreadable
        /// The picture has more than ``PictureMetadata/maximumPixels``.
        case tooManyPixels(width: Int, height: Int)

        /// The reason in one line, for logs and an import's summary.
        public var errorDescription: String? {
            switch self {
            case .notAPicture: "not a JPEG, PNG or WebP picture"
            case .malformed(let reason): reason
            case .sizeUnreadable: "its width and height cannot be read"
            case .tooManyPixels(let width, let height): "\(width)×\(height) pixels is more than 100 megapixels"
            }
        }
    }

    /// `bytes` with only what the picture needs to be drawn (and drawn upright: a JPEG keeps an
    /// EXIF block holding the Orientation tag alone).
    ///
    /// - Throws: ``Refusal`` when `bytes` are not a JPEG, PNG or WebP picture, cannot be read
    ///   cleanly to their end, or have a size that is unreadable or above ``maximumPixels``.
    public static func cleaned(_ bytes: Data) throws(Refusal) -> Data {
        let data = [UInt8](bytes)
        if data.starts(with: [0xFF, 0xD8]) { return Data(try jpeg(data)) }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return Data(try png(data)) }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8) {
            return Data(try webp(data))
        }
        throw .notAPicture
    }

    /// Refuses a size that is unknown or too large, as soon as the header gives it: the rest of
    /// such a file need not be read.
    static func checkSize(width: Int, height: Int) throws(Refusal) {
        guard width > 0, height > 0 else { throw .sizeUnreadable }
        guard width * height <= maximumPixels else { throw .tooManyPixels(width: width, height: height) }
    }

    /// The unsigned big-endian number in `count` bytes of `data` at `offset`.
    static func bigEndian(_ data: [UInt8], at offset: Int, count: Int) -> Int {
        data[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The unsigned little-endian number in `count` bytes of `data` at `offset`.
    static func littleEndian(_ data: [UInt8], at offset: Int, count: Int) -> Int {
        data[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
