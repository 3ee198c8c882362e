import CGzip
import NIOCore

/// gzip for an answer with holes: the fixed parts are compressed once, and each request's own
/// text (a page's form token) goes between them as an uncompressed block, so a cached page is
/// served compressed without compressing anything per request.
///
/// Each part ends with a full flush, which leaves the stream byte-aligned and lets no later
/// part refer back to earlier bytes; the holes are stored blocks; the CRC of the whole is put
/// together from the parts' CRCs (`crc32_combine`).
struct SplicedGzip: Sendable {
    /// The compressed parts, one more than the holes.
    let parts: [ByteBuffer]
    private let crcs: [UInt32]
    private let lengths: [Int]

    private static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    /// A final, empty block with fixed codes: the stream's end after the last full flush.
    private static let lastBlock: [UInt8] = [0x03, 0x00]

    /// Compresses `literals`; `nil` if zlib refuses (it never should).
    init?(literals: [ByteBuffer]) {
        var stream = z_stream()
        guard cocktailbook_deflateInit2(&stream, 6, -15) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var parts: [ByteBuffer] = []
        var crcs: [UInt32] = []
        for literal in literals {
            var output = ByteBuffer()
            let bound = Int(deflateBound(&stream, uLong(literal.readableBytes))) + 64
            output.reserveCapacity(bound)
            var status = Z_OK
            literal.withUnsafeReadableBytes { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                repeat {
                    let written = output.writeWithUnsafeMutableBytes(minimumWritableBytes: 4096) { out in
                        stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                        stream.avail_out = uInt(out.count)
                        status = deflate(&stream, Z_FULL_FLUSH)
                        return out.count - Int(stream.avail_out)
                    }
                    _ = written
                } while status == Z_OK && (stream.avail_out == 0 || stream.avail_in > 0)
            }
            guard status == Z_OK || status == Z_BUF_ERROR else { return nil }
            parts.append(output)
            crcs.append(
                literal.withUnsafeReadableBytes {
                    UInt32(crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)))
                })
        }
        self.parts = parts
        self.crcs = crcs
        lengths = literals.map(\.readableBytes)
    }

    /// The gzip stream with `fills` in the holes, as buffers to write one after the other.
    func body(filling fills: [String]) -> [ByteBuffer] {
        precondition(fills.count == parts.count - 1, "one fill per hole")
        var buffers: [ByteBuffer] = []
        buffers.reserveCapacity(parts.count * 2 + 1)
        var crc = crcs[0]
        var size = lengths[0]
        var head = ByteBuffer(bytes: Self.header)
        head.writeImmutableBuffer(parts[0])
        buffers.append(head)
        for (index, fill) in fills.enumerated() {
            let bytes = Array(fill.utf8)
            var stored = ByteBuffer()
            // A stored block: no compression, just the length and its complement.
            stored.writeInteger(UInt8(0))
            stored.writeInteger(UInt16(bytes.count), endianness: .little)
            stored.writeInteger(~UInt16(bytes.count), endianness: .little)
            stored.writeBytes(bytes)
            buffers.append(stored)
            let fillCRC = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            crc = UInt32(crc32_combine(uLong(crc), uLong(fillCRC), Int(bytes.count)))
            crc = UInt32(crc32_combine(uLong(crc), uLong(crcs[index + 1]), Int(lengths[index + 1])))
            size += bytes.count + lengths[index + 1]
            buffers.append(parts[index + 1])
        }
        var tail = ByteBuffer(bytes: Self.lastBlock)
        tail.writeInteger(crc, endianness: .little)
        tail.writeInteger(UInt32(truncatingIfNeeded: size), endianness: .little)
        buffers.append(tail)
        return buffers
    }

    /// The compressed size, holes aside.
    var byteCount: Int { parts.reduce(0) { $0 + $1.readableBytes } + 20 }
}
