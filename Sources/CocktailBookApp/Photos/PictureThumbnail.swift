import CJPEG
import Foundation
import Synchronization

/// The small copies of photos that lists show (a 1,600 px photo drawn at 56 or 72 px was a
/// 300 KB download per row): made from the stored photo by Debian's libjpeg-turbo, at most
/// ``longestSide`` pixels on the longest side. They are derived, not kept: made when first asked
/// for and held in memory (the most recent ``keptCopies``), so a backup never carries them and a
/// restored photo gets its copy made again. A photo that is not a JPEG (an imported PNG or WebP)
/// has no copy and is served as it is.
package enum PictureThumbnail {
    /// The copies' longest side: 350 px covers a 72 px row at a phone's 3× density, and is
    /// TheCocktailDB's `/medium`.
    package static let longestSide = 350
    /// Copies kept in memory; about 25 KB each.
    package static let keptCopies = 256
    /// The largest photo a copy is made from (more is refused at upload already).
    package static let mostPixels: UInt = 40_000_000

    private static let kept = Mutex<(copies: [String: Data], order: [String])>(([:], []))

    /// The copy of the stored picture `name` (whose bytes are `bytes`) at most `longest` pixels
    /// across, or nil when it is not a JPEG the library reads or is that small already.
    package static func copy(of name: String, bytes: Data, longest: Int = longestSide) -> Data? {
        let key = "\(name)/\(longest)"
        if let copy = kept.withLock({ $0.copies[key] }) { return copy }
        guard let copy = jpeg(bytes, longest: longest) else { return nil }
        kept.withLock { kept in
            if kept.copies.updateValue(copy, forKey: key) == nil { kept.order.append(key) }
            while kept.order.count > keptCopies { kept.copies[kept.order.removeFirst()] = nil }
        }
        return copy
    }

    /// A JPEG of `bytes` at most `longest` pixels on its longest side, quality 82; nil when
    /// `bytes` is not a JPEG, or not larger than that.
    package static func jpeg(_ bytes: Data, longest: Int, quality: Int = 82) -> Data? {
        // Stored photos keep their EXIF Orientation (and nothing else): the copy carries it too.
        let exif = [UInt8](exifSegment(of: bytes) ?? Data())
        return bytes.withUnsafeBytes { raw -> Data? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var output: UnsafeMutablePointer<UInt8>? = nil
            let length = exif.withUnsafeBufferPointer { exif in
                cocktailbook_jpeg_thumbnail(
                    base, raw.count, Int32(longest), Int32(quality), UInt(mostPixels), exif.baseAddress,
                    UInt32(exif.count), &output)
            }
            defer { free(output) }
            guard length > 0, let output else { return nil }
            return Data(bytes: output, count: length)
        }
    }

    /// The payload of a JPEG's `Exif` APP1 segment, when it has one before its image data.
    package static func exifSegment(of jpeg: Data) -> Data? {
        let bytes = [UInt8](jpeg.prefix(262_144))
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            let payload = bytes[(at + 4)..<(at + 2 + length)]
            if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) { return Data(payload) }
            at += 2 + length
        }
        return nil
    }
}
