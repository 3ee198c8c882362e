import CocktailBook
import CocktailBookTestSupport
import Foundation
import Testing

@Suite("Photos without their metadata: JPEG")
struct PictureMetadataTests {
    typealias Bytes = PictureBytes

    @Test("a clean JPEG comes out byte for byte, its colour profile, Adobe segment and scan data intact")
    func cleanJPEG() throws {
        let photo: [UInt8] =
            Bytes.soi + Bytes.jfif + Bytes.icc + Bytes.adobe + Bytes.quantization
            + Bytes.frame(width: 16, height: 8) + Bytes.huffman + Bytes.scan + Bytes.eoi
        #expect(try PictureMetadata.cleaned(Data(photo)) == Data(photo))
    }

    @Test(
        "a JPEG loses EXIF with its GPS, XMP, IPTC, comments, EXIF hidden in APP3, a multi-picture index and the second JPEG after the end"
    )
    func jpegMetadata() throws {
        let iptc = Bytes.segment(0xED, Array("Photoshop 3.0\0by Ada".utf8))
        let comment = Bytes.segment(0xFE, Array("shot at home, GPS on".utf8))
        let app3 = Bytes.segment(0xE3, Array("Exif\0\0".utf8) + Bytes.exifTIFF(orientation: 1))
        let mpf = Bytes.segment(0xE2, Array("MPF\0".utf8) + [0x49, 0x49, 0x2A, 0x00])
        let second = Bytes.soi + Bytes.exifSegment(orientation: 1) + Bytes.quantization + Bytes.scan + Bytes.eoi
        let photo: [UInt8] =
            Bytes.soi + Bytes.jfif + Bytes.exifSegment(orientation: 1) + Bytes.xmpSegment + Bytes.icc + mpf + iptc
            + app3 + comment + Bytes.quantization + Bytes.frame(width: 16, height: 8) + Bytes.huffman + Bytes.scan
            + Bytes.eoi + second
        let clean = try PictureMetadata.cleaned(Data(photo))
        #expect(
            clean
                == Data(
                    Bytes.soi + Bytes.jfif + Bytes.icc + Bytes.quantization + Bytes.frame(width: 16, height: 8)
                        + Bytes.huffman + Bytes.scan + Bytes.eoi))
        for word in ["Exif", "GPS", "http://ns.adobe.com/xap", "Photoshop", "shot at home", "MPF"] {
            #expect(!Bytes.contains(clean, word), "\(word) is gone")
        }
        #expect(clean.suffix(2) == Data(Bytes.eoi), "nothing after the end marker")
    }

    @Test("a sideways photo keeps an EXIF block holding only Orientation 6, after JFIF")
    func orientation() throws {
        let photo: [UInt8] =
            Bytes.soi + Bytes.jfif + Bytes.exifSegment(orientation: 6) + Bytes.quantization
            + Bytes.frame(width: 16, height: 8) + Bytes.scan + Bytes.eoi
        let clean = try PictureMetadata.cleaned(Data(photo))
        // APP1, length 34, "Exif\0\0", a big-endian TIFF header, IFD0 with one entry
        // (0x0112, SHORT, 1, 6) and no next directory.
        let minimal: [UInt8] =
            [0xFF, 0xE1, 0x00, 0x22] + Array("Exif\0\0".utf8) + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]
            + [0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]
        #expect(
            clean
                == Data(
                    Bytes.soi + Bytes.jfif + minimal + Bytes.quantization + Bytes.frame(width: 16, height: 8)
                        + Bytes.scan + Bytes.eoi))
        #expect(!Bytes.contains(clean, "GPS") && !Bytes.contains(clean, "Pix"))
    }

    @Test("an upright photo (Orientation 1) keeps no EXIF at all")
    func upright() throws {
        let photo: [UInt8] = Bytes.soi + Bytes.exifSegment(orientation: 1) + Bytes.jpeg().dropFirst(2)
        #expect(try PictureMetadata.cleaned(Data(photo)) == Data(Bytes.jpeg()))
    }

    @Test("a JPEG with a stray byte after APP1 is refused, not kept with its GPS")
    func strayByte() {
        let photo: [UInt8] = Bytes.soi + Bytes.exifSegment(orientation: 1) + [0x00] + Bytes.jpeg().dropFirst(2)
        #expect(throws: PictureMetadata.Refusal.malformed("the JPEG has stray bytes where a marker should be")) {
            try PictureMetadata.cleaned(Data(photo))
        }
    }

    @Test("a JPEG that is cut short, declares a longer segment than it has, or lacks a frame header is refused")
    func brokenJPEGs() {
        let whole = Bytes.jpeg()
        let broken: [(String, [UInt8])] = [
            ("no end marker", Array(whole.dropLast(2))),
            ("cut inside the scan", Array(whole.dropLast(4))),
            ("segment longer than the file", Bytes.soi + [0xFF, 0xE1, 0x40, 0x00] + Array("Exif\0\0GPS".utf8)),
            ("scan before a frame header", Bytes.soi + Bytes.jfif + Bytes.quantization + Bytes.scan + Bytes.eoi),
            ("end marker first", Bytes.soi + Bytes.eoi),
            ("two starts", Bytes.soi + Bytes.soi + whole.dropFirst(2)),
        ]
        for (what, bytes) in broken {
            #expect(throws: PictureMetadata.Refusal.self, "\(what)") { try PictureMetadata.cleaned(Data(bytes)) }
        }
    }

    @Test("a JPEG above 100 megapixels, or whose height is zero, is refused by its frame header")
    func jpegSize() throws {
        #expect(throws: PictureMetadata.Refusal.tooManyPixels(width: 20000, height: 20000)) {
            try PictureMetadata.cleaned(Data(Bytes.jpeg(width: 20000, height: 20000)))
        }
        #expect(throws: PictureMetadata.Refusal.sizeUnreadable) {
            try PictureMetadata.cleaned(Data(Bytes.jpeg(width: 16, height: 0)))
        }
        _ = try PictureMetadata.cleaned(Data(Bytes.jpeg(width: 10000, height: 10000)))
    }

    @Test("bytes that are not a JPEG, PNG or WebP picture are refused as such")
    func notAPicture() {
        for bytes in [Data("hello".utf8), Data(), Data("GIF89a".utf8), Data("<svg/>".utf8)] {
            #expect(throws: PictureMetadata.Refusal.notAPicture) { try PictureMetadata.cleaned(bytes) }
        }
    }
}
