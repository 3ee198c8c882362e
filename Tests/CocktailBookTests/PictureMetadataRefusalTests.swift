import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@Suite("Photos without their metadata: PNG and WebP")
struct PictureMetadataRefusalTests {
    typealias Bytes = PictureBytes

    static let pixels = Bytes.chunk("IDAT", [0x78, 0x9C, 1, 2, 3])
    static let end = Bytes.chunk("IEND", [])

    @Test("a clean PNG comes out byte for byte, with its palette, transparency and colour chunks")
    func cleanPNG() throws {
        let picture =
            Bytes.pngSignature + Bytes.header(width: 3, height: 2) + Bytes.chunk("gAMA", [0, 0, 0xB1, 0x8F])
            + Bytes.chunk("sRGB", [0]) + Bytes.chunk("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1])
            + Bytes.chunk("tRNS", [0, 0]) + Self.pixels + Self.pixels + Self.end
        #expect(try PictureMetadata.cleaned(Data(picture)) == Data(picture))
    }

    @Test("a PNG loses text, XMP, eXIf, tIME, private chunks and whatever follows IEND")
    func pngMetadata() throws {
        let picture =
            Bytes.pngSignature + Bytes.header(width: 3, height: 2) + Bytes.chunk("tEXt", Array("Author\0Ada".utf8))
            + Bytes.chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0http://ns.adobe.com/xap/1.0/".utf8))
            + Bytes.chunk("eXIf", Bytes.exifTIFF(orientation: 6)) + Bytes.chunk("prVt", Array("GPS 45N 9E".utf8))
            + Self.pixels + Bytes.chunk("tIME", [7, 234, 11, 25, 12, 0, 0]) + Self.end
            + Array("Exif GPS after the end".utf8)
        let clean = try PictureMetadata.cleaned(Data(picture))
        #expect(clean == Data(Bytes.pngSignature + Bytes.header(width: 3, height: 2) + Self.pixels + Self.end))
        for word in ["Exif", "GPS", "http://ns.adobe.com/xap", "Ada", "prVt"] {
            #expect(!Bytes.contains(clean, word), "\(word) is gone")
        }
    }

    @Test("a PNG without IEND, with a chunk longer than the file or with stray bytes between chunks is refused")
    func brokenPNGs() {
        let start = Bytes.pngSignature + Bytes.header(width: 3, height: 2)
        let broken: [(String, [UInt8], PictureMetadata.Refusal)] = [
            (
                "eXIf and tEXt, no IEND",
                start + Bytes.chunk("eXIf", Array("GPS".utf8)) + Bytes.chunk("tEXt", Array("GPS\0here".utf8))
                    + Self.pixels,
                .malformed("the PNG ends before its IEND chunk")
            ),
            (
                "a chunk declaring more than there is",
                start + Self.pixels + [0, 0, 0x03, 0xE8] + Array("tEXtGPS 45N 9E".utf8),
                .malformed("a PNG chunk declares more bytes than the file has")
            ),
            (
                "stray bytes", start + [0] + Self.pixels + Self.end,
                .malformed("the PNG has stray bytes where a chunk should be")
            ),
            ("no picture data", start + Self.end, .malformed("the PNG has no picture data")),
            ("IHDR not first", Bytes.pngSignature + Self.pixels + Self.end, .sizeUnreadable),
            (
                "zero width", Bytes.pngSignature + Bytes.header(width: 0, height: 2) + Self.pixels + Self.end,
                .sizeUnreadable
            ),
        ]
        for (what, bytes, refusal) in broken {
            #expect(throws: refusal, "\(what)") { try PictureMetadata.cleaned(Data(bytes)) }
        }
    }

    @Test("a 20000×20000 PNG is refused from its header alone")
    func hugePNG() {
        let header = Bytes.pngSignature + Bytes.header(width: 20000, height: 20000)
        #expect(throws: PictureMetadata.Refusal.tooManyPixels(width: 20000, height: 20000)) {
            try PictureMetadata.cleaned(Data(header + Self.pixels + Self.end))
        }
        #expect(throws: PictureMetadata.Refusal.tooManyPixels(width: 20000, height: 20000)) {
            try PictureMetadata.cleaned(Data(header))
        }
    }

    @Test("a clean lossless WebP comes out byte for byte")
    func cleanWebP() throws {
        let picture = Bytes.riff(Bytes.lossless)
        #expect(try PictureMetadata.cleaned(Data(picture)) == Data(picture))
    }

    @Test("a WebP loses its EXIF, XMP and unknown chunks, its header's flags for them, and a frame's extra chunk")
    func webpMetadata() throws {
        let icc = Bytes.webpChunk("ICCP", [1, 2, 3, 4])
        let animation = Bytes.webpChunk("ANIM", [0, 0, 0, 0, 0, 0])
        let frameHeader: [UInt8] = Array(repeating: 0, count: 16)
        let frame = Bytes.webpChunk("ANMF", frameHeader + Bytes.lossless + Bytes.webpChunk("XMP ", Array("GPS".utf8)))
        let picture = Bytes.riff(
            Bytes.extended(flags: 0x20 | 0x02 | 0x08 | 0x04, width: 3, height: 2) + icc + animation + frame
                + Bytes.webpChunk("EXIF", Bytes.exifTIFF(orientation: 6))
                + Bytes.webpChunk("XMP ", Array("<x:xmpmeta xmlns:x='http://ns.adobe.com/xap/1.0/'/>".utf8))
                + Bytes.webpChunk("prVt", Array("GPS".utf8)))
        let clean = try PictureMetadata.cleaned(Data(picture))
        let expected = Bytes.riff(
            Bytes.extended(flags: 0x20 | 0x02, width: 3, height: 2) + icc + animation
                + Bytes.webpChunk("ANMF", frameHeader + Bytes.lossless))
        #expect(clean == Data(expected))
        for word in ["Exif", "EXIF", "GPS", "http://ns.adobe.com/xap", "prVt"] {
            #expect(!Bytes.contains(clean, word), "\(word) is gone")
        }
    }

    @Test("a WebP whose last chunk declares 1000 bytes and has 2, or whose RIFF size is too large, is refused")
    func brokenWebPs() {
        let truncated = Bytes.riff(
            Bytes.extended(flags: 0x08, width: 3, height: 2) + Bytes.lossless
                + Bytes.webpChunk("EXIF", Array("GP".utf8), declaring: 1000))
        #expect(throws: PictureMetadata.Refusal.malformed("a WebP chunk declares more bytes than the file has")) {
            try PictureMetadata.cleaned(Data(truncated))
        }
        var longer = Bytes.riff(Bytes.lossless)
        longer[4] &+= 100
        #expect(throws: PictureMetadata.Refusal.malformed("the WebP file is shorter than its header says")) {
            try PictureMetadata.cleaned(Data(longer))
        }
        #expect(throws: PictureMetadata.Refusal.malformed("the WebP file has no picture data")) {
            try PictureMetadata.cleaned(Data(Bytes.riff(Bytes.extended(flags: 0, width: 3, height: 2))))
        }
    }

    @Test("a WebP above 100 megapixels, or without a size, is refused")
    func webpSize() {
        #expect(throws: PictureMetadata.Refusal.tooManyPixels(width: 20000, height: 20000)) {
            try PictureMetadata.cleaned(Data(Bytes.riff(Bytes.extended(flags: 0, width: 20000, height: 20000))))
        }
        #expect(throws: PictureMetadata.Refusal.sizeUnreadable) {
            try PictureMetadata.cleaned(Data(Bytes.riff(Bytes.webpChunk("EXIF", [1, 2]) + Bytes.lossless)))
        }
    }
}
