import Foundation

/// Pictures built byte by byte for the metadata tests: small but well-formed JPEG, PNG and WebP
/// files, and the parts that are put into them or broken on purpose.
public enum PictureBytes {
    public static let soi: [UInt8] = [0xFF, 0xD8]
    public static let eoi: [UInt8] = [0xFF, 0xD9]
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    public static let jfif = segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
    public static let icc = segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 9, 9])
    public static let adobe = segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
    public static let quantization = segment(0xDB, [0] + Array(repeating: 1, count: 64))
    public static let huffman = segment(0xC4, [0x00] + Array(repeating: 0, count: 15) + [1] + [0])

    /// A baseline frame header: 8-bit, `width`×`height`, one component.
    public static func frame(width: Int, height: Int) -> [UInt8] {
        segment(
            0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
    }

    /// A scan header and entropy-coded data with a stuffed 0xFF00 and a restart marker in it,
    /// which a reader must not take for the end of the scan.
    public static let scan = segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]

    /// A little-endian EXIF block (after `Exif\0\0`) with Orientation = `orientation`, a camera
    /// model and a GPS directory holding a latitude reference.
    public static func exifTIFF(orientation: UInt8) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        // IFD0 at 8: three entries (2 + 36 bytes) and a next-IFD offset (4): data from 50.
        tiff += [0x03, 0x00]
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00]
        tiff += [0x10, 0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00] + Array("Pix\0".utf8)
        tiff += [0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        // GPS IFD at 50: GPSLatitudeRef "N".
        tiff += [0x01, 0x00, 0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00] + Array("N\0".utf8) + [0, 0]
        tiff += [0x00, 0x00, 0x00, 0x00] + Array("GPS 45.4642N 9.1900E".utf8)
        return tiff
    }

    public static func exifSegment(orientation: UInt8) -> [UInt8] {
        segment(0xE1, Array("Exif\0\0".utf8) + exifTIFF(orientation: orientation))
    }

    public static let xmpSegment = segment(
        0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>45</exif:GPSLatitude>".utf8))

    /// A clean JPEG: JFIF, tables, a 16×8 frame, one scan and the end marker.
    public static func jpeg(width: Int = 16, height: Int = 8) -> [UInt8] {
        soi + jfif + quantization + frame(width: width, height: height) + huffman + scan + eoi
    }

    public static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count
        let size: [UInt8] = [
            UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ]
        return size + Array(type.utf8) + payload + [0, 0, 0, 0] // the CRC is not checked
    }

    public static func header(width: Int, height: Int) -> [UInt8] {
        let size: (Int) -> [UInt8] = { value in (0..<4).map { UInt8(value >> (8 * (3 - $0)) & 0xFF) } }
        return chunk("IHDR", size(width) + size(height) + [8, 6, 0, 0, 0])
    }

    public static func webpChunk(_ type: String, _ payload: [UInt8], declaring declared: Int? = nil) -> [UInt8] {
        let size = declared ?? payload.count
        let sizeBytes: [UInt8] = (0..<4).map { UInt8(size >> (8 * $0) & 0xFF) }
        let padding: [UInt8] = payload.count % 2 == 1 && declared == nil ? [0] : []
        return Array(type.utf8) + sizeBytes + payload + padding
    }

    public static func riff(_ body: [UInt8]) -> [UInt8] {
        let size = body.count + 4
        let sizeBytes: [UInt8] = (0..<4).map { UInt8(size >> (8 * $0) & 0xFF) }
        return Array("RIFF".utf8) + sizeBytes + Array("WEBP".utf8) + body
    }

    /// A lossless bitstream header for a 3×2 picture and a little of its data.
    public static let lossless = webpChunk("VP8L", [0x2F, 0x02, 0x40, 0x00, 0x00, 0xAA, 0xBB])

    /// An extended header for a `width`×`height` canvas with `flags`.
    public static func extended(flags: UInt8, width: Int, height: Int) -> [UInt8] {
        let three: (Int) -> [UInt8] = { value in (0..<3).map { UInt8(value >> (8 * $0) & 0xFF) } }
        return webpChunk("VP8X", [flags, 0, 0, 0] + three(width - 1) + three(height - 1))
    }

    public static func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }
}
