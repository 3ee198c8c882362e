import Testing

@testable import QRCode

@Suite("GF(256) and Reed–Solomon")
struct ErrorCorrectionTests {
    @Test("α⁸ = α⁴ + α³ + α² + 1 = 0x1D under 0x11D, and α has order 255")
    func fieldPowers() {
        #expect(GaloisField.powers[7] == 0x80)
        #expect(GaloisField.powers[8] == 0x1D)
        #expect(GaloisField.powers[255] == 1)
        #expect(Set(GaloisField.powers[0..<255]).count == 255) // every non-zero byte once
    }

    @Test("Every non-zero element has an inverse, and multiplication agrees with shift-and-add")
    func fieldMultiplication() {
        for a in 1...255 {
            let inverse = GaloisField.powers[255 - GaloisField.logarithms[a]]
            #expect(GaloisField.multiply(UInt8(a), inverse) == 1)
        }
        // Carry-less multiplication reduced by 0x11D, done the slow way.
        func slow(_ a: Int, _ b: Int) -> Int {
            var product = 0
            for bit in 0..<8 where (b >> bit) & 1 == 1 { product ^= a << bit }
            for bit in (8...15).reversed() where (product >> bit) & 1 == 1 { product ^= 0x11D << (bit - 8) }
            return product
        }
        for (a, b) in [(3, 7), (0x53, 0xCA), (255, 255), (0x80, 2), (0, 9)] {
            #expect(Int(GaloisField.multiply(UInt8(a), UInt8(b))) == slow(a, b))
        }
    }

    @Test("The generator polynomials of Annex A, as exponents of α: 7 and 10 codewords")
    func generators() {
        func exponents(_ degree: Int) -> [Int] {
            ReedSolomon.generator(degree: degree).map { GaloisField.logarithms[Int($0)] }
        }
        #expect(exponents(7) == [0, 87, 229, 146, 149, 238, 102, 21])
        #expect(exponents(10) == [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    }

    @Test("The standard's worked example: \"01234567\" at 1-M, 16 data codewords, 10 EC codewords")
    func workedExample() {
        // ISO/IEC 18004:2015, Annex I: the numeric-mode bit stream of 01234567, terminated and
        // padded to 16 codewords, and the error-correction codewords the standard lists for it.
        let data: [UInt8] = [
            0b0001_0000, 0b0010_0000, 0b0000_1100, 0b0101_0110, 0b0110_0001, 0b1000_0000, 0b1110_1100,
            0b0001_0001, 0b1110_1100, 0b0001_0001, 0b1110_1100, 0b0001_0001, 0b1110_1100, 0b0001_0001,
            0b1110_1100, 0b0001_0001,
        ]
        let expected: [UInt8] = [
            0b1010_0101, 0b0010_0100, 0b1101_0100, 0b1100_0001, 0b1110_1101, 0b0011_0110, 0b1100_0111,
            0b1000_0111, 0b0010_1100, 0b0101_0101,
        ]
        #expect(ReedSolomon.errorCorrection(for: data, count: 10) == expected)
    }

    @Test("A codeword block followed by its error correction is a multiple of the generator")
    func codewordIsMultipleOfGenerator() {
        // Evaluating data(x)·xⁿ + remainder at each root αⁱ of the generator gives 0.
        let data: [UInt8] = Array("https://bar.example/s/Zk3q".utf8)
        let correction = ReedSolomon.errorCorrection(for: data, count: 18)
        for root in 0..<18 {
            var value: UInt8 = 0
            for coefficient in data + correction {
                value = GaloisField.multiply(value, GaloisField.powers[root]) ^ coefficient
            }
            #expect(value == 0, "root α^\(root)")
        }
    }
}
