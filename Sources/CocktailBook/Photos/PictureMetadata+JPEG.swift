import Foundation

extension PictureMetadata {
    /// JPEG: the segments a decoder needs (tables, frame header, restart interval, the scans
    /// with their data up to the end marker), JFIF's APP0, the ICC colour profile in APP2 and
    /// Adobe's colour transform in APP14. Every other APPn (EXIF in APP1 or elsewhere, XMP,
    /// IPTC, a multi-picture index) and comments go, and so does anything after the end
    /// marker: phones append a second JPEG there (Ultra HDR, MPO).
    static func jpeg(_ data: [UInt8]) throws(Refusal) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        // Where a minimal EXIF block goes: after SOI, or after JFIF's APP0 when it comes first.
        var exifAt = out.count
        var orientation: Int?
        var hasFrame = false
        var hasScan = false
        var index = 2
        while true {
            guard index < data.count else { throw .malformed("the JPEG ends before its end marker") }
            guard data[index] == 0xFF else { throw .malformed("the JPEG has stray bytes where a marker should be") }
            // Any number of 0xFF may pad a marker.
            var markerAt = index + 1
            while markerAt < data.count, data[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < data.count else { throw .malformed("the JPEG ends before its end marker") }
            let marker = data[markerAt]
            index = markerAt + 1
            if marker == 0xD9 {
                guard hasFrame, hasScan else { throw .malformed("the JPEG ends before its picture data") }
                out += [0xFF, 0xD9]
                if let orientation, orientation != 1 {
                    out.insert(contentsOf: orientationSegment(orientation), at: exifAt)
                }
                return out
            }
            // A second start, a restart or a reserved marker outside a scan: not a JPEG we can read.
            guard !(0xD0...0xD8).contains(marker), marker != 0x00, marker != 0x01 else {
                throw .malformed("the JPEG has a marker where none belongs")
            }
            guard index + 2 <= data.count else { throw .malformed("the JPEG ends inside a segment") }
            let length = bigEndian(data, at: index, count: 2)
            guard length >= 2, index + length <= data.count else {
                throw .malformed("a JPEG segment declares more bytes than the file has")
            }
            let segment: [UInt8] = [0xFF, marker] + Array(data[index..<index + length])
            let payload = data[index + 2..<index + length]
            index += length
            switch marker {
            case 0xDB, 0xC4, 0xDD, 0xCC: // DQT, DHT, DRI, DAC
                out += segment
            case 0xC0...0xCF: // SOFn (C4, C8 and CC are not frames; C4 and CC are taken above)
                guard marker != 0xC8 else { continue }
                guard !hasFrame else { throw .malformed("the JPEG has two frame headers") }
                guard payload.count >= 6 else { throw .sizeUnreadable }
                let start = payload.startIndex
                try checkSize(
                    width: bigEndian(data, at: start + 3, count: 2), height: bigEndian(data, at: start + 1, count: 2))
                hasFrame = true
                out += segment
            case 0xE0 where payload.starts(with: Array("JFIF\0".utf8)):
                out += segment
                if exifAt == 2, out.count == 2 + segment.count { exifAt = out.count }
            case 0xE2 where payload.starts(with: Array("ICC_PROFILE\0".utf8)),
                0xEE where payload.starts(with: Array("Adobe".utf8)):
                out += segment
            case 0xE1 where orientation == nil && payload.starts(with: Array("Exif\0\0".utf8)):
                // Only the Orientation tag is carried over, into a block of its own.
                orientation = Self.orientation(inTIFF: Array(payload.dropFirst(6)))
            case 0xDA:
                guard hasFrame else { throw .malformed("the JPEG's picture data comes before its frame header") }
                out += segment
                let end = try scanEnd(in: data, from: index)
                out += data[index..<end]
                index = end
                hasScan = true
            default:
                continue // every other APPn, COM and extension segment
            }
        }
    }

    /// Where the entropy-coded data that starts at `start` ends: at the first marker that is
    /// neither a stuffed 0xFF00 nor a restart marker.
    private static func scanEnd(in data: [UInt8], from start: Int) throws(Refusal) -> Int {
        var index = start
        while true {
            guard let found = data[index...].firstIndex(of: 0xFF), found + 1 < data.count else {
                throw .malformed("the JPEG ends inside its picture data")
            }
            let next = data[found + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                index = found + 2
            } else {
                return found
            }
        }
    }
}
