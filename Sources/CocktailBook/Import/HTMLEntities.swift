/// Character references as recipe pages write them: the named entities such pages use (quotes,
/// dashes, fractions, accented letters, spaces) and every numeric one (`&#8217;`, `&#x2019;`).
/// A reference it does not know stays as written.
enum HTMLEntities {
    /// `text` with its character references replaced by the characters they stand for.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", let (decoded, length) = reference(in: scalars, at: index) else {
                result.append(scalar)
                index += 1
                continue
            }
            result.append(contentsOf: decoded)
            index += length
        }
        return String(result)
    }

    /// The characters of the reference starting at `start` (an `&`) and how many scalars it takes.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            let isHex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < scalars.count, index - digitsStart < 8,
                let digit = hexValue(scalars[index]), isHex || digit < 10
            {
                value = value * (isHex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart else { return nil }
            // The semicolon may be missing, as browsers forgive.
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return ([numeric(value)], index - start)
        }
        var name = ""
        while index < scalars.count, index - start <= 10,
            scalars[index].properties.isAlphabetic
                || ("0"..."9").contains(scalars[index])
        {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let character = named[name] else { return nil }
        return (Array(character.unicodeScalars), index + 1 - start)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    /// The character of a numeric reference: nothing, a surrogate or a value beyond Unicode
    /// is the replacement character; 128–159 are read as Windows-1252, as browsers do (pages
    /// written in it say `&#146;` for a right quote).
    private static func numeric(_ value: UInt32) -> Unicode.Scalar {
        if let mapped = windows1252[value] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    /// The named references recipe pages use.
    static let named: [String: String] = {
        var table: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
            "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "shy": "\u{00AD}", "zwj": "\u{200D}",
            "zwnj": "\u{200C}", "ndash": "\u{2013}", "mdash": "\u{2014}", "minus": "\u{2212}", "hellip": "\u{2026}",
            "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
            "bdquo": "\u{201E}", "laquo": "\u{00AB}", "raquo": "\u{00BB}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}",
            "prime": "\u{2032}", "Prime": "\u{2033}", "bull": "\u{2022}", "middot": "\u{00B7}", "deg": "\u{00B0}",
            "times": "\u{00D7}", "divide": "\u{00F7}", "frasl": "\u{2044}", "frac12": "\u{00BD}", "frac14": "\u{00BC}",
            "frac34": "\u{00BE}", "frac13": "\u{2153}", "frac23": "\u{2154}", "frac15": "\u{2155}",
            "frac18": "\u{215B}", "frac38": "\u{215C}", "frac58": "\u{215D}", "frac78": "\u{215E}",
            "half": "\u{00BD}", "copy": "\u{00A9}", "reg": "\u{00AE}", "trade": "\u{2122}", "cent": "\u{00A2}",
            "pound": "\u{00A3}", "euro": "\u{20AC}", "yen": "\u{00A5}", "sect": "\u{00A7}", "para": "\u{00B6}",
            "iexcl": "\u{00A1}", "iquest": "\u{00BF}", "ordm": "\u{00BA}", "ordf": "\u{00AA}", "sup1": "\u{00B9}",
            "sup2": "\u{00B2}", "sup3": "\u{00B3}", "micro": "\u{00B5}", "szlig": "\u{00DF}", "oelig": "\u{0153}",
            "OElig": "\u{0152}", "aelig": "\u{00E6}", "AElig": "\u{00C6}", "oslash": "\u{00F8}", "Oslash": "\u{00D8}",
            "aring": "\u{00E5}", "Aring": "\u{00C5}", "eth": "\u{00F0}", "thorn": "\u{00FE}", "star": "\u{2606}",
            "starf": "\u{2605}", "hearts": "\u{2665}", "check": "\u{2713}", "rarr": "\u{2192}", "larr": "\u{2190}",
        ]
        // The accented letters, each in both cases: `&eacute;` é, `&Ntilde;` Ñ, `&uuml;` ü.
        let accents: [(mark: String, letters: String, combining: Unicode.Scalar)] = [
            ("acute", "aeiouyAEIOUY", "\u{0301}"), ("grave", "aeiouAEIOU", "\u{0300}"),
            ("circ", "aeiouAEIOU", "\u{0302}"), ("uml", "aeiouyAEIOUY", "\u{0308}"), ("tilde", "anoANO", "\u{0303}"),
            ("cedil", "cC", "\u{0327}"),
        ]
        for accent in accents {
            for letter in accent.letters {
                table["\(letter)\(accent.mark)"] =
                    ("\(letter)" + String(Character(accent.combining)))
                    .precomposedStringWithCanonicalMapping
            }
        }
        table["uml"] = "\u{00A8}"
        table["acute"] = "\u{00B4}"
        table["cedil"] = "\u{00B8}"
        return table
    }()
}
