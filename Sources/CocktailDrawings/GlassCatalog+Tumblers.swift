import CocktailsAPI

/// Flat-bottomed vessels. Each has a thick glass base (`foot`) because that heavy bottom is
/// what makes a tumbler read as one at small sizes.
extension CocktailIllustration {
    /// Every glass the renderer knows, by the catalog's `glass` identifier.
    static let glasses: [Glass: GlassShape] = tumblerGlasses.merging(stemmedGlasses) { first, _ in first }
        .merging(mugGlasses) { first, _ in first }

    /// Used when the catalog names no glass or one we cannot draw yet.
    static let defaultGlass = Glass.rocks

    static let tumblerGlasses: [Glass: GlassShape] = [
        .rocks: GlassShape(
            family: .wide,
            bowl: "M142 160L147.5 254Q148.5 262 156 262H244Q251.5 262 252.5 254L258 160",
            interior: "M146.5 160L151 244H249L253.5 160Z",
            foot: "M151 244H249L251.5 254Q250.5 259 244 259H156Q149.5 259 148.5 254Z",
            rimY: 160, rimHalfWidth: 58,
            liquidTop: 188, surfaceHalfWidth: 52.5, liquidBottom: 244,
            iceBox: (154, 186, 92, 58),
            gloss: "M153.5 174L157 234",
            rimRight: Point(258, 160), rimLeft: Point(142, 160),
            shadowHalfWidth: 64),
        .doubleRocks: GlassShape(
            family: .wide,
            bowl: "M132 140L138.5 253Q139.5 262 148 262H252Q260.5 262 261.5 253L268 140",
            interior: "M136.5 140L142 244H258L263.5 140Z",
            foot: "M142 244H258L260.5 253Q259.5 259 252 259H148Q140.5 259 139.5 253Z",
            rimY: 140, rimHalfWidth: 68,
            liquidTop: 166, surfaceHalfWidth: 62, liquidBottom: 244,
            iceBox: (145, 164, 110, 80),
            gloss: "M144 156L148 234",
            rimRight: Point(268, 140), rimLeft: Point(132, 140),
            shadowHalfWidth: 74),
        .highball: GlassShape(
            family: .tall,
            bowl: "M154 66L157.5 254Q158 262 166 262H234Q242 262 242.5 254L246 66",
            interior: "M158 66L161 246H239L242 66Z",
            foot: "M161 246H239L240.5 254Q240 259 234 259H166Q160 259 159.5 254Z",
            rimY: 66, rimHalfWidth: 46, rimDepth: 4.5,
            liquidTop: 86, surfaceHalfWidth: 41.7, liquidBottom: 246,
            iceBox: (163, 84, 74, 160),
            gloss: "M165 82L168 236",
            rimRight: Point(246, 66), rimLeft: Point(154, 66),
            shadowHalfWidth: 52),
        .collins: GlassShape(
            family: .tall,
            bowl: "M163 56L164 254Q164.5 262 172 262H228Q235.5 262 236 254L237 56",
            interior: "M167 56L168 247H232L233 56Z",
            foot: "M168 247H232L232.5 254Q232 259 228 259H172Q168 259 167.5 254Z",
            rimY: 56, rimHalfWidth: 37, rimDepth: 4,
            liquidTop: 74, surfaceHalfWidth: 33, liquidBottom: 247,
            iceBox: (170, 72, 60, 174),
            gloss: "M173 70L174 238",
            rimRight: Point(237, 56), rimLeft: Point(163, 56),
            shadowHalfWidth: 44),
        .shot: GlassShape(
            family: .wide,
            bowl: "M167 176L172.5 256Q173 262 180 262H220Q227 262 227.5 256L233 176",
            interior: "M171 176L175.5 238H224.5L229 176Z",
            foot: "M175.5 238H224.5L226.5 256Q226 259 220 259H180Q174 259 173.5 256Z",
            rimY: 176, rimHalfWidth: 33, rimDepth: 4,
            liquidTop: 188, surfaceHalfWidth: 28, liquidBottom: 238,
            iceBox: (177, 186, 46, 52),
            gloss: "M177 188L179.5 230",
            rimRight: Point(233, 176), rimLeft: Point(167, 176),
            garnishScale: 0.75,
            shadowHalfWidth: 38),
        .julepCup: GlassShape(
            family: .standard,
            material: .metal(light: "#eef1f4", dark: "#8e99a6"),
            bowl: "M146 128L153 247C150 249 149 251 149 254V262H251V254C251 251 250 249 247 247L254 128",
            interior: "M150 128L156 244H244L250 128Z",
            bands: "M149.5 254H250.5M146.5 134Q200 141 253.5 134",
            rimY: 128, rimHalfWidth: 54, rimDepth: 7,
            liquidTop: 128, surfaceHalfWidth: 50, liquidBottom: 244,
            iceBox: (148, 110, 104, 20),
            gloss: "M160 144L165 240",
            rimRight: Point(254, 128), rimLeft: Point(146, 128),
            shadowHalfWidth: 62),
        .copperMug: GlassShape(
            family: .standard,
            material: .metal(light: "#f0a06a", dark: "#8f4220"),
            bowl: "M142 125C138 160 137 225 144 262H256C263 225 262 160 258 125",
            interior: "M146 125C142 160 141 222 148 258H252C259 222 258 160 254 125Z",
            handle: "M259 152C302 150 304 226 258 232",
            bands: "M140.5 140Q200 148 259.5 140M141.5 248Q200 256 258.5 248",
            rimY: 125, rimHalfWidth: 58, rimDepth: 7,
            liquidTop: 125, surfaceHalfWidth: 54, liquidBottom: 258,
            iceBox: (148, 108, 104, 20),
            gloss: "M154 146C151.5 180 151.5 214 156 240",
            rimRight: Point(258, 125), rimLeft: Point(142, 125),
            shadowHalfWidth: 72),
    ]
}
