import Foundation

/// A photo without what a camera or phone writes about where and with what it was taken: the
/// EXIF block (GPS position, camera, time), XMP and IPTC, comments and text chunks. The picture
/// itself (and its colour profile) is kept byte for byte. Pictures scaled by the editor's script
/// are re-encoded without metadata already; this is for those sent as they are (no script, the
/// API, a recipe page's picture).
public enum PictureMetadata {
    /// `bytes` without metadata; bytes that are not a well-formed JPEG, PNG or WebP come back
    /// as they are (the caller has checked the kind already).
    public static func stripped(_ bytes: Data) -> Data {
        let data = Data(bytes)
        if data.starts(with: [0xFF, 0xD8]) { return jpeg(data) ?? data }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(data) ?? data }
        if data.count > 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8) {
            return webp(data) ?? data
        }
        return data
    }

    /// JPEG: every segment before the picture data but APP1 (EXIF, XMP), APP12–APP13 (IPTC)
    /// and COM. APP0 (JFIF), APP2 (the ICC profile) and APP14 (Adobe colour) stay.
    static func jpeg(_ data: Data) -> Data? {
        var out = Data([0xFF, 0xD8])
        var index = 2
        while index + 4 <= data.count {
            guard data[index] == 0xFF else { return nil }
            let marker = data[index + 1]
            if marker == 0xFF { // fill byte
                index += 1
                continue
            }
            if marker == 0xDA { // start of scan: the rest is the picture
                out.append(data[index...])
                return out
            }
            if (0xD0...0xD9).contains(marker) || marker == 0x01 { // markers without a length
                out.append(data[index..<index + 2])
                index += 2
                continue
            }
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            guard length >= 2, index + 2 + length <= data.count else { return nil }
            let dropped = marker == 0xE1 || marker == 0xEC || marker == 0xED || marker == 0xFE
            if !dropped { out.append(data[index..<index + 2 + length]) }
            index += 2 + length
        }
        return nil
    }

    /// PNG: every chunk but the text ones (tEXt, zTXt, iTXt), eXIf and tIME.
    static func png(_ data: Data) -> Data? {
        let dropped: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]
        var out = Data(data.prefix(8))
        var index = 8
        while index + 12 <= data.count {
            let length =
                Int(data[index]) << 24 | Int(data[index + 1]) << 16 | Int(data[index + 2]) << 8 | Int(data[index + 3])
            let end = index + 12 + length
            guard length >= 0, end <= data.count else { return nil }
            let type = String(decoding: data[index + 4..<index + 8], as: UTF8.self)
            if !dropped.contains(type) { out.append(data[index..<end]) }
            index = end
            if type == "IEND" { return out }
        }
        return nil
    }

    /// WebP: every chunk but EXIF and XMP, with the extended header's flags for them cleared
    /// and the RIFF size written again.
    static func webp(_ data: Data) -> Data? {
        var chunks = Data()
        var index = 12
        while index + 8 <= data.count {
            let type = String(decoding: data[index..<index + 4], as: UTF8.self)
            let size =
                Int(data[index + 4]) | Int(data[index + 5]) << 8 | Int(data[index + 6]) << 16
                | Int(data[index + 7]) << 24
            let end = index + 8 + size + (size % 2)
            guard end <= data.count || (end == data.count + 1 && size % 2 == 1) else { return nil }
            var chunk = Data(data[index..<min(end, data.count)])
            if type == "VP8X", chunk.count > 8 {
                chunk[8] &= ~(0x08 | 0x04) // the EXIF and XMP flags
            }
            if type != "EXIF", type != "XMP " { chunks.append(chunk) }
            index = end
        }
        var out = Data("RIFF".utf8)
        let size = UInt32(chunks.count + 4)
        out.append(contentsOf: [
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
        ])
        out.append(contentsOf: Array("WEBP".utf8))
        out.append(chunks)
        return out
    }
}
