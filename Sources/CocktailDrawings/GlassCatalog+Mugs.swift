import CocktailsAPI

/// Vessels with a handle or a ceramic body: hot drinks and tiki drinks.
extension CocktailIllustration {
    /// The carved face and teal glaze of the tiki mug. A face is what makes a brown cylinder read
    /// as "tiki" at thumbnail size; the glaze drip ties it to the rim so it is not a sticker.
    private static let tikiDecor: String = {
        let glaze = "#2b8a80"
        let glazeLight = "#5cbcae"
        let carve = "#4a2712"
        let deep = "#2e170a"
        let bone = "#efe2c4"
        return
            // Glaze poured over the rim and running down in drips.
            "<path d=\"M147.5 118Q200 128 252.5 118L252 133C248 133 247 143 244 143C241 143 241 134 237 135"
            + "C226 138 219 137 214 138C211 138 211 151 207 151C203 151 204 139 199 139C188 139 181 137 176 137"
            + "C172 137 172 146 168 146C164 146 165 135 160 134Q154 133 148.5 132Z\" fill=\"\(glaze)\"/>"
            + "<path d=\"M150 121Q200 130.5 250 121\" fill=\"none\" stroke=\"\(glazeLight)\" stroke-width=\"2\" stroke-opacity=\".8\"/>"
            // Heavy brow ridge, then eyes glazed teal with dark pupils.
            + "<path d=\"M160 158Q179 146 197 156Q200 158 203 156Q221 146 240 158\" fill=\"none\" stroke=\"\(carve)\""
            + " stroke-width=\"4.5\" stroke-linecap=\"round\"/>"
            + "<g stroke=\"\(deep)\" stroke-width=\"1.6\"><ellipse cx=\"180\" cy=\"170\" rx=\"11\" ry=\"6.5\" fill=\"\(glaze)\"/>"
            + "<ellipse cx=\"220\" cy=\"170\" rx=\"11\" ry=\"6.5\" fill=\"\(glaze)\"/></g>"
            + "<circle cx=\"181\" cy=\"170\" r=\"3\" fill=\"\(deep)\"/><circle cx=\"219\" cy=\"170\" r=\"3\" fill=\"\(deep)\"/>"
            // Broad nose and a wide mouth full of square teeth.
            + "<path d=\"M196 162Q194 180 185 190Q200 198 215 190Q206 180 204 162\" fill=\"\(carve)\" fill-opacity=\".55\""
            + " stroke=\"\(deep)\" stroke-width=\"1.4\"/>"
            + "<rect x=\"170\" y=\"203\" width=\"60\" height=\"20\" rx=\"6\" fill=\"\(deep)\"/>"
            + "<path d=\"M174 206H226V212H174ZM174 214H226V220H174Z\" fill=\"\(bone)\"/>"
            + "<path d=\"M182.5 206V220M191 206V220M200 206V220M209 206V220M217.5 206V220M174 213H226\""
            + " stroke=\"\(deep)\" stroke-width=\"1.5\"/>"
            // Carved cheek lines.
            + "<path d=\"M163 184Q166 198 164 212M237 184Q234 198 236 212\" fill=\"none\" stroke=\"\(carve)\""
            + " stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-opacity=\".8\"/>"
    }()

    static let mugGlasses: [Glass: GlassShape] = [
        .tikiMug: GlassShape(
            family: .standard,
            material: .metal(light: "#c0824f", dark: "#5c3218"),
            bowl: "M148 118C141 156 141 222 151 262H249C259 222 259 156 252 118",
            interior: "M152 118C145 156 145 220 155 258H245C255 220 255 156 248 118Z",
            bands: "M148.5 250Q200 258 251.5 250",
            decor: tikiDecor,
            rimY: 118, rimHalfWidth: 52, rimDepth: 7,
            liquidTop: 118, surfaceHalfWidth: 48, liquidBottom: 258,
            iceBox: (150, 100, 100, 20),
            gloss: "M156 140C151 176 151 214 157 242",
            rimRight: Point(252, 118), rimLeft: Point(148, 118),
            shadowHalfWidth: 64),
        // A footed Irish-coffee glass: clear so a float of cream shows over the coffee.
        .mug: GlassShape(
            family: .standard,
            bowl: "M156 92C155 130 158 168 170 187Q182 200 200 200Q218 200 230 187C242 168 245 130 244 92",
            interior:
                "M160 93C159 130 162 166 173.5 184Q184 195.5 200 195.5Q216 195.5 226.5 184C238 166 241 130 240 93Z",
            stem: "M191 198C195 212 195 230 193 250H207C205 230 205 212 209 198Z",
            foot: foot(half: 38),
            handle: "M244.5 110C281 108 284 170 236 176",
            rimY: 92, rimHalfWidth: 44, rimDepth: 5,
            liquidTop: 106, surfaceHalfWidth: 40.5, liquidBottom: 195.5,
            iceBox: (166, 106, 68, 70),
            gloss: "M166 108C166 140 169 164 178 178",
            rimRight: Point(244, 92), rimLeft: Point(156, 92),
            shadowHalfWidth: 46),
    ]
}
