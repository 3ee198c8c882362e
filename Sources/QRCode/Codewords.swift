/// What goes into the symbol: bytes in byte mode, optionally preceded by the ECI designator 26
/// that declares them UTF-8 (ISO/IEC 18004:2015, 7.4.3). Without it, readers guess the
/// character set, and a short UTF-8 text can pass for Shift JIS or Big5 (zbar reads "ñ" as "簽").
struct Payload: Equatable {
    var bytes: [UInt8]
    var declaresUTF8: Bool

    /// Text as UTF-8, with the ECI only when there is something beyond ASCII to declare: ASCII
    /// reads the same in every character set, and some old readers show an ECI as text.
    init(text: String) {
        bytes = Array(text.utf8)
        declaresUTF8 = bytes.contains { $0 >= 0x80 }
    }

    init(bytes: [UInt8], declaresUTF8: Bool = false) {
        self.bytes = bytes
        self.declaresUTF8 = declaresUTF8
    }

    /// The bits before the bytes: the ECI (mode 0111, designator 26 in one byte), then the byte
    /// mode indicator and the count.
    static func headerBits(version: Int, declaresUTF8: Bool) -> Int {
        (declaresUTF8 ? 4 + 8 : 0) + 4 + Codewords.countBits(version: version)
    }

    /// How many bytes fit in the version at that level, with or without the ECI.
    static func capacity(version: Int, correction: QRCode.Correction, declaresUTF8: Bool) -> Int {
        let dataBits = Layout.dataCodewords(version: version, correction: correction) * 8
        return (dataBits - headerBits(version: version, declaresUTF8: declaresUTF8)) / 8
    }
}

/// From the payload to the sequence of codewords placed in the symbol: the data bit stream, its
/// division into blocks, each block's error correction, and the interleaving (7.4–7.6).
enum Codewords {
    /// The length of the character count indicator in byte mode (Table 3): 8 bits up to version
    /// 9, 16 bits from version 10.
    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The data codewords: the ECI header if any (0111 and 00011010), the mode indicator 0100
    /// (byte), the byte count, the bytes, the terminator (up to four zero bits), zero bits to the
    /// next byte, then the pad codewords 11101100 and 00010001 in turn until the version's data
    /// capacity is filled (7.4.9–7.4.10).
    static func data(_ payload: Payload, version: Int, correction: QRCode.Correction) -> [UInt8] {
        let capacity = Layout.dataCodewords(version: version, correction: correction)
        var stream = BitStream()
        if payload.declaresUTF8 {
            stream.append(0b0111, bits: 4)
            stream.append(26, bits: 8)
        }
        stream.append(0b0100, bits: 4)
        stream.append(payload.bytes.count, bits: countBits(version: version))
        for byte in payload.bytes { stream.append(Int(byte), bits: 8) }
        stream.append(0, bits: min(4, capacity * 8 - stream.count))
        stream.append(0, bits: (8 - stream.count % 8) % 8)
        var codewords = stream.bytes
        precondition(codewords.count <= capacity, "the version was chosen too small")
        var pad: UInt8 = 0b1110_1100
        while codewords.count < capacity {
            codewords.append(pad)
            pad ^= 0b1110_1100 ^ 0b0001_0001
        }
        return codewords
    }

    /// The data codewords split into the version's blocks, as the standard's Table 9 lists them:
    /// the blocks with fewer data codewords first, those with one more after.
    static func blocks(of data: [UInt8], version: Int, correction: QRCode.Correction) -> [[UInt8]] {
        let count = SymbolTables.blocks(version: version, correction: correction).count
        let shortLength = data.count / count
        let longCount = data.count % count
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<count {
            let length = shortLength + (index >= count - longCount ? 1 : 0)
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        return blocks
    }

    /// Every codeword of the symbol in placement order: the data codewords taken one from each
    /// block in turn (the short blocks have run out on the last round), then the error-correction
    /// codewords the same way (7.6).
    static func symbol(_ payload: Payload, version: Int, correction: QRCode.Correction) -> [UInt8] {
        let dataBlocks = blocks(
            of: data(payload, version: version, correction: correction), version: version,
            correction: correction)
        let generator = ReedSolomon.generator(
            degree: SymbolTables.blocks(version: version, correction: correction).errorCorrectionPerBlock)
        let correctionBlocks = dataBlocks.map { ReedSolomon.errorCorrection(for: $0, generator: generator) }
        return interleave(dataBlocks) + interleave(correctionBlocks)
    }

    static func interleave(_ blocks: [[UInt8]]) -> [UInt8] {
        var result: [UInt8] = []
        let longest = blocks.map(\.count).max() ?? 0
        for position in 0..<longest {
            for block in blocks where position < block.count { result.append(block[position]) }
        }
        return result
    }
}

/// Bits appended most significant first and packed into bytes.
struct BitStream {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}
