import CocktailBook
import Foundation
import Testing

@Suite("Photos without their metadata")
struct PictureMetadataTests {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count
        let size: [UInt8] = [
            UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF),
        ]
        return size + Array(type.utf8) + payload + [0, 0, 0, 0] // the CRC is not checked here
    }

    @Test(
        "a JPEG loses EXIF (with its GPS), XMP, IPTC and comments, and keeps JFIF, its colour profile and the picture")
    func jpeg() {
        let jfif = Self.segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        let exif = Self.segment(0xE1, Array("Exif\0\0GPS 45.4642N 9.1900E".utf8))
        let icc = Self.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 9, 9])
        let iptc = Self.segment(0xED, Array("Photoshop 3.0\0by Ada".utf8))
        let comment = Self.segment(0xFE, Array("shot at home".utf8))
        let table = Self.segment(0xDB, [0] + Array(repeating: 1, count: 64))
        let scan = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0, 0x12, 0x34, 0x56, 0xFF, 0xD9] as [UInt8]
        let photo = Data([0xFF, 0xD8] + jfif + exif + icc + iptc + comment + table + scan)
        let clean = PictureMetadata.stripped(photo)
        #expect(clean == Data([0xFF, 0xD8] + jfif + icc + table + scan))
        #expect(!String(decoding: clean, as: UTF8.self).contains("GPS"))
    }

    @Test("a PNG loses its text, eXIf and tIME chunks and keeps the rest in order")
    func png() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = Self.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        let text = Self.chunk("tEXt", Array("Author\0Ada".utf8))
        let exif = Self.chunk("eXIf", Array("GPS".utf8))
        let time = Self.chunk("tIME", [7, 234, 11, 25, 12, 0, 0])
        let data = Self.chunk("IDAT", [1, 2, 3])
        let end = Self.chunk("IEND", [])
        let clean = PictureMetadata.stripped(Data(signature + header + text + data + exif + time + end))
        #expect(clean == Data(signature + header + data + end))
    }

    @Test("bytes that are not a well-formed picture come back unchanged")
    func notAPicture() {
        let truncated = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 1, 2])
        #expect(PictureMetadata.stripped(truncated) == truncated)
        #expect(PictureMetadata.stripped(Data("hello".utf8)) == Data("hello".utf8))
        #expect(PictureMetadata.stripped(Data()) == Data())
    }
}
