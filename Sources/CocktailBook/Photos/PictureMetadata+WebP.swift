import Foundation

extension PictureMetadata {
    /// The WebP chunks kept at the top level; EXIF, XMP and every unknown chunk go.
    static let keptWebPChunks: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ICCP", "ANIM", "ANMF"]
    /// The chunks kept inside an animation frame.
    static let keptWebPFrameChunks: Set<String> = ["VP8 ", "VP8L", "ALPH"]

    /// WebP: the kept chunks (see ``keptWebPChunks``; an animation frame keeps only its picture),
    /// the extended header's EXIF and XMP flags cleared, and the RIFF size written again.
    /// Bytes after the RIFF's declared end go.
    static func webp(_ data: [UInt8]) throws(Refusal) -> [UInt8] {
        let riffEnd = 8 + littleEndian(data, at: 4, count: 4)
        guard riffEnd <= data.count else { throw .malformed("the WebP file is shorter than its header says") }
        let chunks = try webpChunks(in: data, from: 12, to: riffEnd)
        guard let first = chunks.first else { throw .sizeUnreadable }
        let size = webpSize(first)
        try checkSize(width: size.width, height: size.height)
        var body: [UInt8] = []
        var hasPicture = false
        for chunk in chunks where keptWebPChunks.contains(chunk.type) {
            var payload = chunk.payload
            switch chunk.type {
            case "VP8X":
                guard payload.count >= 10 else { throw .malformed("the WebP extended header is cut short") }
                payload[0] &= ~(0x08 | 0x04) // the EXIF and XMP flags
            case "ANMF":
                guard payload.count >= 16 else { throw .malformed("a WebP animation frame is cut short") }
                let inner = try webpChunks(in: payload, from: 16, to: payload.count)
                payload = Array(payload[0..<16])
                for frameChunk in inner where keptWebPFrameChunks.contains(frameChunk.type) {
                    payload += webpChunk(frameChunk.type, frameChunk.payload)
                }
                hasPicture = true
            case "VP8 ", "VP8L":
                hasPicture = true
            default:
                break
            }
            body += webpChunk(chunk.type, payload)
        }
        guard hasPicture else { throw .malformed("the WebP file has no picture data") }
        var out = Array("RIFF".utf8)
        out += littleEndianBytes(body.count + 4)
        out += Array("WEBP".utf8)
        return out + body
    }

    /// The chunks of `data` from `start` to `end`, each of which must fit; a final chunk of odd
    /// size may lack its padding byte, which some encoders leave out.
    private static func webpChunks(in data: [UInt8], from start: Int, to end: Int) throws(Refusal) -> [(
        type: String, payload: [UInt8]
    )] {
        var chunks: [(type: String, payload: [UInt8])] = []
        var index = start
        while index < end {
            guard index + 8 <= end else { throw .malformed("a WebP chunk is cut short") }
            let size = littleEndian(data, at: index + 4, count: 4)
            guard index + 8 + size <= end else {
                throw .malformed("a WebP chunk declares more bytes than the file has")
            }
            let type = String(decoding: data[index..<index + 4], as: UTF8.self)
            chunks.append((type, Array(data[index + 8..<index + 8 + size])))
            index += 8 + size + size % 2
        }
        return chunks
    }

    /// One chunk as written: its type, little-endian size, payload and padding to an even size.
    private static func webpChunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        var out = Array(type.utf8)
        out += littleEndianBytes(payload.count)
        out += payload
        if payload.count % 2 == 1 { out.append(0) }
        return out
    }

    /// `value` in four little-endian bytes, as RIFF writes sizes.
    private static func littleEndianBytes(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) }
    }

    /// The canvas size the first chunk gives (the extended header, or a simple file's lossy or
    /// lossless bitstream), or zero when it does not give one.
    private static func webpSize(_ chunk: (type: String, payload: [UInt8])) -> (width: Int, height: Int) {
        let payload = chunk.payload
        switch chunk.type {
        case "VP8X" where payload.count >= 10:
            return (littleEndian(payload, at: 4, count: 3) + 1, littleEndian(payload, at: 7, count: 3) + 1)
        case "VP8 " where payload.count >= 10 && payload[3..<6].elementsEqual([0x9D, 0x01, 0x2A]):
            return (littleEndian(payload, at: 6, count: 2) & 0x3FFF, littleEndian(payload, at: 8, count: 2) & 0x3FFF)
        case "VP8L" where payload.count >= 5 && payload[0] == 0x2F:
            let bits = littleEndian(payload, at: 1, count: 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        default:
            return (0, 0)
        }
    }
}
