/// A QR code symbol (ISO/IEC 18004:2015, Model 2) holding bytes in byte mode, with a chosen
/// level of error correction, at the smallest version (1–40) the payload fits in.
///
///     let code = try QRCode.encode("https://example.org/s/abc123")
///     let picture = code.svg(label: "Share link of this menu")
///
/// Coordinates are in modules with (0, 0) the top-left corner, x to the right and y down; the
/// quiet zone around the symbol is not part of `size` (the renderers add it).
public struct QRCode: Sendable, Hashable {
    /// How much of the symbol may be damaged and still read: about 7 %, 15 %, 25 % and 30 % of the
    /// codewords. More correction means a larger symbol for the same payload.
    public enum Correction: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case low
        case medium
        case quartile
        case high

        /// The level's letter in the standard: L, M, Q or H.
        public var description: String {
            switch self {
            case .low: "L"
            case .medium: "M"
            case .quartile: "Q"
            case .high: "H"
            }
        }
    }

    /// Why a payload could not be encoded.
    public enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// The payload has `byteCount` bytes, more than the `capacity` of the largest version
        /// allowed at that level of correction.
        case tooLong(byteCount: Int, capacity: Int, correction: Correction, maximumVersion: Int)

        public var description: String {
            switch self {
            case .tooLong(let byteCount, let capacity, let correction, let maximumVersion):
                "The payload is \(byteCount) bytes long; a QR code of version \(maximumVersion) at "
                    + "error correction \(correction) holds at most \(capacity) bytes."
            }
        }
    }

    /// The versions this encoder produces: all of them.
    public static let versions: ClosedRange<Int> = 1...40

    /// The version, 1–40: the symbol is 17 + 4 × version modules wide.
    public let version: Int
    /// The level of error correction.
    public let correction: Correction
    /// The data mask (0–7) that was chosen, the one with the lowest penalty.
    public let mask: Int
    /// The width and height of the symbol in modules, without the quiet zone.
    public let size: Int
    /// The modules row by row: `true` for dark.
    let modules: [Bool]

    init(version: Int, correction: Correction, mask: Int, modules: [Bool]) {
        self.version = version
        self.correction = correction
        self.mask = mask
        self.size = Layout.size(version: version)
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark. Outside the symbol (the quiet zone and
    /// beyond) every module is light, which spares the renderers a bounds check.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The symbol for `text` as UTF-8 in byte mode, at the smallest version that holds it.
    ///
    /// Text beyond ASCII is preceded by the ECI that declares UTF-8 (which costs one byte of
    /// capacity), so that readers need not guess; ASCII, such as a share link, goes without.
    /// - Throws: `EncodingError.tooLong` when the text does not fit in `maximumVersion`.
    public static func encode(
        _ text: String, correction: Correction = .medium, maximumVersion: Int = 40
    ) throws(EncodingError) -> QRCode {
        try encode(Payload(text: text), correction: correction, maximumVersion: maximumVersion, mask: nil)
    }

    /// The symbol for `bytes` in byte mode as they are, no character set declared, at the smallest
    /// version that holds them.
    /// - Throws: `EncodingError.tooLong` when the bytes do not fit in `maximumVersion`.
    public static func encode(
        bytes: [UInt8], correction: Correction = .medium, maximumVersion: Int = 40
    ) throws(EncodingError) -> QRCode {
        try encode(Payload(bytes: bytes), correction: correction, maximumVersion: maximumVersion, mask: nil)
    }

    /// The same with the mask forced (`nil`: the best one), which the tests use.
    static func encode(
        _ payload: Payload, correction: Correction, maximumVersion: Int, mask: Int?
    ) throws(EncodingError) -> QRCode {
        precondition(versions.contains(maximumVersion), "QR code versions run from 1 to 40")
        func capacity(_ version: Int) -> Int {
            Payload.capacity(version: version, correction: correction, declaresUTF8: payload.declaresUTF8)
        }
        guard let version = (1...maximumVersion).first(where: { capacity($0) >= payload.bytes.count }) else {
            throw .tooLong(
                byteCount: payload.bytes.count, capacity: capacity(maximumVersion), correction: correction,
                maximumVersion: maximumVersion)
        }
        let codewords = Codewords.symbol(payload, version: version, correction: correction)
        return Symbol.build(version: version, correction: correction, codewords: codewords, mask: mask)
    }

    /// How many bytes a symbol of `version` holds in byte mode at `correction` (the standard's
    /// Table 7); UTF-8 text beyond ASCII has one byte less, taken by its ECI.
    public static func byteCapacity(version: Int, correction: Correction) -> Int {
        Payload.capacity(version: version, correction: correction, declaresUTF8: false)
    }
}
