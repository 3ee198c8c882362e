import CocktailsAPI

/// Glasses on a stem. Bowls are drawn as open outlines closed by the rim ellipse, so the
/// mouth reads as round rather than as a flat line.
extension CocktailIllustration {
    /// A foot centred under the stem; `half` is its half-width.
    static func foot(half: Double) -> String {
        let left = 200 - half
        let right = 200 + half
        return "M\(SVGText.num(left)) 259C\(SVGText.num(left + 4)) 253 \(SVGText.num(left + 22)) 250 197 249H203"
            + "C\(SVGText.num(right - 22)) 250 \(SVGText.num(right - 4)) 253 \(SVGText.num(right)) 259"
            + "C\(SVGText.num(right - 7)) 263 \(SVGText.num(left + 7)) 263 \(SVGText.num(left)) 259Z"
    }

    /// A plain straight stem from the bowl's bottom to the foot.
    private static func stem(from top: Double) -> String {
        "M197.6 \(SVGText.num(top))V250H202.4V\(SVGText.num(top))Z"
    }

    static let stemmedGlasses: [Glass: GlassShape] = [
        .coupe: GlassShape(
            family: .wide,
            bowl: "M124 122C126 152 160 171 196 172H204C240 171 274 152 276 122",
            interior: "M128.5 122C131 149 162 166.5 196 167H204C238 166.5 269 149 271.5 122Z",
            stem: "M196 172C197.5 195 197.5 230 195.5 250H204.5C202.5 230 202.5 195 204 172Z",
            foot: foot(half: 42),
            rimY: 122, rimHalfWidth: 76, rimDepth: 6,
            liquidTop: 131, surfaceHalfWidth: 69, liquidBottom: 167,
            iceBox: (150, 130, 100, 34),
            gloss: "M137 136C144 151 157 160 172 164",
            rimRight: Point(276, 122), rimLeft: Point(124, 122),
            shadowHalfWidth: 48),
        .martini: GlassShape(
            family: .wide,
            bowl: "M120 100L195 183Q200 188 205 183L280 100",
            interior: "M127 101.5L200 181L273 101.5Z",
            stem: stem(from: 186),
            foot: foot(half: 40),
            rimY: 100, rimHalfWidth: 80, rimDepth: 6,
            liquidTop: 114, surfaceHalfWidth: 61.5, liquidBottom: 181,
            iceBox: (165, 114, 70, 45),
            gloss: "M138 116L176 158",
            rimRight: Point(280, 100), rimLeft: Point(120, 100),
            shadowHalfWidth: 46),
        .margarita: GlassShape(
            family: .wide,
            bowl:
                "M120 112C121 134 146 146 172 148C169 160 176 173 194 177H206C224 173 231 160 228 148C254 146 279 134 280 112",
            interior:
                "M124.5 112.5C126 131 149 142 175.5 144C172.5 158 180 169 196 172H204C220 169 227.5 158 224.5 144C251 142 274 131 275.5 112.5Z",
            stem: "M196 177C197.5 200 197.5 230 196 250H204C202.5 230 202.5 200 204 177Z",
            foot: foot(half: 40),
            rimY: 112, rimHalfWidth: 80, rimDepth: 6,
            liquidTop: 121, surfaceHalfWidth: 74, liquidBottom: 172,
            iceBox: (160, 120, 80, 40),
            gloss: "M133 125C141 136 152 141 165 143",
            rimRight: Point(280, 112), rimLeft: Point(120, 112),
            shadowHalfWidth: 46),
        .nickAndNora: GlassShape(
            family: .standard,
            bowl: "M156 98C156 140 172 176 200 177C228 176 244 140 244 98",
            interior: "M160 98C160 137 175 171.5 200 172.5C225 171.5 240 137 240 98Z",
            stem: "M195.5 176Q198 182 198 192V250H202V192Q202 182 204.5 176Z",
            foot: foot(half: 36),
            rimY: 98, rimHalfWidth: 44, rimDepth: 5,
            liquidTop: 110, surfaceHalfWidth: 40, liquidBottom: 172.5,
            iceBox: (170, 110, 60, 55),
            gloss: "M166 112C167 136 174 154 184 163",
            rimRight: Point(244, 98), rimLeft: Point(156, 98),
            shadowHalfWidth: 42),
        .hurricane: GlassShape(
            family: .tall,
            bowl:
                "M154 50C152 76 171 93 171 114C171 132 150 143 150 166C150 191 170 207 194 209H206C230 207 250 191 250 166C250 143 229 132 229 114C229 93 248 76 246 50",
            interior:
                "M158.5 51C157 76 175 93 175 114C175 133 154.5 144 154.5 166C154.5 188 172 202.5 196 204H204C228 202.5 245.5 188 245.5 166C245.5 144 225 133 225 114C225 93 243 76 241.5 51Z",
            stem: "M193 209C195.5 222 196 236 193 248H207C204 236 204.5 222 207 209Z",
            foot: foot(half: 38),
            rimY: 50, rimHalfWidth: 46, rimDepth: 4.5,
            liquidTop: 62, surfaceHalfWidth: 42, liquidBottom: 204,
            iceBox: (164, 62, 72, 136),
            gloss: "M162 64C162 80 172 92 174 104M160 152C157.5 170 164 188 179 197",
            rimRight: Point(246, 50), rimLeft: Point(154, 50),
            shadowHalfWidth: 46),
        .flute: GlassShape(
            family: .tall,
            bowl: "M177 44C176 104 180 162 190 190Q200 198 210 190C220 162 224 104 223 44",
            interior: "M181 45C180 104 183.5 160 192.5 186Q200 192 207.5 186C216.5 160 220 104 219 45Z",
            stem: stem(from: 194),
            foot: foot(half: 34),
            rimY: 44, rimHalfWidth: 23, rimDepth: 3.5,
            liquidTop: 66, surfaceHalfWidth: 19, liquidBottom: 190,
            iceBox: (184, 66, 32, 110),
            gloss: "M185 60C185 112 188 152 194 176",
            rimRight: Point(223, 44), rimLeft: Point(177, 44),
            garnishScale: 0.85,
            shadowHalfWidth: 38),
        .wine: GlassShape(
            family: .standard,
            bowl:
                "M160 70C154 96 146 118 146 140C146 166 170 182 200 183C230 182 254 166 254 140C254 118 246 96 240 70",
            interior:
                "M164 71C158 96 150.5 118 150.5 140C150.5 163 172 177.5 200 178.5C228 177.5 249.5 163 249.5 140C249.5 118 242 96 236 71Z",
            stem: stem(from: 183),
            foot: foot(half: 40),
            rimY: 70, rimHalfWidth: 40, rimDepth: 5,
            liquidTop: 134, surfaceHalfWidth: 49.5, liquidBottom: 178.5,
            iceBox: (160, 128, 80, 48),
            gloss: "M156 132C156 150 164 163 176 170",
            rimRight: Point(240, 70), rimLeft: Point(160, 70),
            shadowHalfWidth: 46),
        .copa: GlassShape(
            family: .standard,
            bowl:
                "M150 78C141 100 130 124 130 148C130 178 162 200 200 201C238 200 270 178 270 148C270 124 259 100 250 78",
            interior:
                "M154 79C145 100 134.5 124 134.5 148C134.5 175 164.5 195.5 200 196.5C235.5 195.5 265.5 175 265.5 148C265.5 124 255 100 246 79Z",
            stem: stem(from: 201),
            foot: foot(half: 44),
            rimY: 78, rimHalfWidth: 50, rimDepth: 5.5,
            liquidTop: 118, surfaceHalfWidth: 63, liquidBottom: 196.5,
            iceBox: (146, 112, 108, 80),
            gloss: "M141 130C138 155 146 175 162 186",
            rimRight: Point(250, 78), rimLeft: Point(150, 78),
            shadowHalfWidth: 52),
    ]
}
