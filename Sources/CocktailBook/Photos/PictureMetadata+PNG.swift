import Foundation

extension PictureMetadata {
    /// The PNG chunks kept: the critical ones, those that change how the picture looks
    /// (transparency, gamma, colour space and profile, significant bits, pixel aspect,
    /// background) and APNG's animation chunks. Text, eXIf, tIME and every private chunk go.
    static let keptPNGChunks: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "pHYs", "bKGD",
        "acTL", "fcTL", "fdAT",
    ]

    /// PNG: the signature and the kept chunks (see ``keptPNGChunks``) in order, up to and including
    /// IEND; anything after IEND goes. IHDR must come first and IEND must be there.
    static func png(_ data: [UInt8]) throws(Refusal) -> [UInt8] {
        var out = Array(data[0..<8])
        var hasData = false
        var index = 8
        while true {
            guard index + 12 <= data.count else { throw .malformed("the PNG ends before its IEND chunk") }
            let length = bigEndian(data, at: index, count: 4)
            let end = index + 12 + length
            guard length <= 0x7FFF_FFFF, end <= data.count else {
                throw .malformed("a PNG chunk declares more bytes than the file has")
            }
            let typeBytes = data[index + 4..<index + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .malformed("the PNG has stray bytes where a chunk should be")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if index == 8 {
                guard type == "IHDR", length == 13 else { throw .sizeUnreadable }
                try checkSize(
                    width: bigEndian(data, at: index + 8, count: 4), height: bigEndian(data, at: index + 12, count: 4))
            }
            if keptPNGChunks.contains(type) { out += data[index..<end] }
            hasData = hasData || type == "IDAT"
            index = end
            if type == "IEND" {
                guard hasData else { throw .malformed("the PNG has no picture data") }
                return out
            }
        }
    }
}
