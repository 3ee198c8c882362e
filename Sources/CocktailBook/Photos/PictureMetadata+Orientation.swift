import Foundation

extension PictureMetadata {
    /// EXIF's Orientation (1–8) in IFD0 of `tiff` (an EXIF block after its `Exif\0\0`), or
    /// `nil` when it is absent or cannot be read: a photo then shows as stored, which loses
    /// nothing private.
    static func orientation(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func number(at offset: Int, count: Int) -> Int? {
            guard offset >= 0, offset + count <= tiff.count else { return nil }
            return littleEndian
                ? Self.littleEndian(tiff, at: offset, count: count) : bigEndian(tiff, at: offset, count: count)
        }
        guard number(at: 2, count: 2) == 42, let directory = number(at: 4, count: 4),
            let entries = number(at: directory, count: 2)
        else { return nil }
        for entry in 0..<entries {
            let offset = directory + 2 + 12 * entry
            guard let tag = number(at: offset, count: 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // One SHORT, held in the first two bytes of the entry's value field.
            guard number(at: offset + 2, count: 2) == 3, let value = number(at: offset + 8, count: 2),
                (1...8).contains(value)
            else { return nil }
            return value
        }
        return nil
    }

    /// A JPEG APP1 segment whose EXIF holds one tag, Orientation = `value`: a big-endian TIFF
    /// header and IFD0 with a single entry, and no further directory.
    static func orientationSegment(_ value: Int) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
            0x00, 0x01, // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(value), 0x00, 0x00, // Orientation, SHORT ×1
            0x00, 0x00, 0x00, 0x00, // no next IFD
        ]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
