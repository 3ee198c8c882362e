/// Arithmetic in GF(256), the field QR codes compute their error correction in: bytes are
/// polynomials over GF(2) reduced modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D), addition is XOR, and
/// every non-zero element is a power of α = 2 (ISO/IEC 18004:2015, 7.5.2).
enum GaloisField {
    /// `powers[i]` is αⁱ for i in 0..<255, repeated once so that `powers[log a + log b]` needs no
    /// reduction modulo 255.
    static let powers: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for exponent in 0..<255 {
            table[exponent] = UInt8(value)
            table[exponent + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// `logarithms[a]` is the i with αⁱ = a, for a ≠ 0 (`logarithms[0]` is unused).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for exponent in 0..<255 { table[Int(powers[exponent])] = exponent }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return powers[logarithms[Int(a)] + logarithms[Int(b)]]
    }
}

/// The Reed–Solomon error-correction codewords of one block (ISO/IEC 18004:2015, 7.5.2).
enum ReedSolomon {
    /// The generator polynomial of degree `degree`, (x − α⁰)(x − α¹)…(x − α^(degree−1)), as its
    /// coefficients from the highest power down; the leading coefficient is always 1.
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0..<degree {
            // Multiply by (x + αʳᵒᵒᵗ): subtraction is addition (XOR) in a field of characteristic 2.
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= GaloisField.multiply(coefficient, GaloisField.powers[root])
            }
            polynomial = product
        }
        return polynomial
    }

    /// The `count` error-correction codewords for `data`: the remainder of data(x)·x^count divided
    /// by the generator polynomial of that degree, highest power first.
    static func errorCorrection(for data: [UInt8], count: Int) -> [UInt8] {
        errorCorrection(for: data, generator: generator(degree: count))
    }

    /// The same with the generator already computed (every block of a symbol shares it).
    static func errorCorrection(for data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let count = generator.count - 1
        // Long division kept as a shift register of the remainder's `count` coefficients.
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            for index in 0..<count - 1 {
                remainder[index] = remainder[index + 1] ^ GaloisField.multiply(generator[index + 1], factor)
            }
            remainder[count - 1] = GaloisField.multiply(generator[count], factor)
        }
        return remainder
    }
}
