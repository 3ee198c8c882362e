// Draws QR codes as images, for the e2e suite to read back with a real decoder.
//
//     cocktailbook-qr DIR [--correction L|M|Q|H] [--scale N] [--quiet-zone N] < payloads
//
// Each line of standard input is one payload, hex-encoded (so that any bytes, a newline
// included, survive the trip); an empty line is the empty payload. Valid UTF-8 is encoded as
// text (`QRCode.encode(_:)`), anything else as bare bytes. Payload n (from 0) becomes
// DIR/nnnn.pgm, a binary greymap with `scale` pixels per module and a quiet zone of
// `quiet-zone` modules, and one line on standard output: the file's name, the version, the
// error-correction level and the mask, separated by tabs.
//
//     cocktailbook-qr --capacities
//
// prints instead how many bytes each version holds at L, M, Q and H, one version a line.
import Foundation
import QRCode

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("cocktailbook-qr: \(message)\n".utf8))
    exit(status)
}

struct Options {
    var directory = ""
    var correction = QRCode.Correction.medium
    var scale = 4
    var quietZone = 4
    var capacities = false

    init(arguments: [String]) {
        var iterator = arguments.makeIterator()
        func number(after option: String) -> Int {
            guard let value = iterator.next().flatMap({ Int($0) }), value >= 0 else {
                fail("\(option) needs a whole number")
            }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--correction":
                let letter = iterator.next() ?? ""
                guard let level = QRCode.Correction.allCases.first(where: { $0.description == letter }) else {
                    fail("--correction is one of L, M, Q, H")
                }
                correction = level
            case "--scale": scale = max(1, number(after: argument))
            case "--quiet-zone": quietZone = number(after: argument)
            case "--capacities": capacities = true
            default:
                guard directory.isEmpty, !argument.hasPrefix("-") else { fail("unknown argument \(argument)") }
                directory = argument
            }
        }
        if directory.isEmpty && !capacities {
            fail("usage: cocktailbook-qr DIR [--correction L|M|Q|H] [--scale N] [--quiet-zone N]")
        }
    }
}

/// The bytes a hex string stands for, or nil when it is not one.
func bytes(fromHex hex: Substring) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
    }
    return bytes
}

func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// The code as a binary PGM (P5): dark modules black, light ones and the quiet zone white.
func greymap(_ code: QRCode, scale: Int, quietZone: Int) -> Data {
    let side = (code.size + 2 * quietZone) * scale
    var image = Data("P5\n\(side) \(side)\n255\n".utf8)
    image.reserveCapacity(image.count + side * side)
    var row = [UInt8](repeating: 255, count: side)
    for y in -quietZone..<code.size + quietZone {
        for x in -quietZone..<code.size + quietZone {
            let pixel: UInt8 = code[x, y] ? 0 : 255
            for offset in 0..<scale { row[(x + quietZone) * scale + offset] = pixel }
        }
        for _ in 0..<scale { image.append(contentsOf: row) }
    }
    return image
}

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
if options.capacities {
    for version in QRCode.versions {
        let row = QRCode.Correction.allCases.map { String(QRCode.byteCapacity(version: version, correction: $0)) }
        print(([String(version)] + row).joined(separator: "\t"))
    }
    exit(0)
}
let directory = URL(fileURLWithPath: options.directory, isDirectory: true)
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(options.directory): \(error)")
}
var index = 0
while let line = readLine(strippingNewline: true) {
    let hex = line.hasSuffix("\r") ? line.dropLast() : Substring(line)
    guard let payload = bytes(fromHex: hex) else { fail("line \(index + 1) is not hexadecimal") }
    let code: QRCode
    do {
        // Text as the app would encode it (UTF-8 beyond ASCII declared by an ECI); other bytes as they are.
        if let text = String(validating: payload, as: UTF8.self) {
            code = try QRCode.encode(text, correction: options.correction)
        } else {
            code = try QRCode.encode(bytes: payload, correction: options.correction)
        }
    } catch {
        fail("line \(index + 1): \(error)", status: 1)
    }
    let name = String(repeating: "0", count: max(0, 4 - String(index).count)) + "\(index).pgm"
    do {
        try greymap(code, scale: options.scale, quietZone: options.quietZone)
            .write(to: directory.appendingPathComponent(name))
    } catch {
        fail("cannot write \(name): \(error)")
    }
    print("\(name)\t\(code.version)\t\(code.correction)\t\(code.mask)")
    index += 1
}
