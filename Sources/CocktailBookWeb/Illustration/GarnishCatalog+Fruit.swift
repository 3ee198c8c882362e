/// Citrus, fruit and rim coatings. Colours are fixed: a lime should look like a lime whatever
/// the drink, and the art stays legible on both the light and the dark backdrop.
extension CocktailIllustration {
    /// Every garnish the renderer can draw, by the catalog's garnish identifier.
    static let garnishes: [String: GarnishArt] = fruitGarnishes.merging(herbGarnishes) { first, _ in first }

    /// A citrus wheel seen face-on: rind, pith, flesh and segment lines, slit onto the rim.
    private static func wheel(rind: String, pith: String, flesh: String, radius r: Double) -> String {
        let n = SVGText.num
        let d = r * 0.7
        return "<g transform=\"translate(3 -7)\"><circle r=\"\(n(r))\" fill=\"\(rind)\"/>"
            + "<circle r=\"\(n(r - 2))\" fill=\"\(pith)\"/><circle r=\"\(n(r - 3.5))\" fill=\"\(flesh)\"/>"
            + "<path d=\"M0 -\(n(r - 3.5))V\(n(r - 3.5))M-\(n(r - 3.5)) 0H\(n(r - 3.5))"
            + "M-\(n(d - 2.5)) -\(n(d - 2.5))L\(n(d - 2.5)) \(n(d - 2.5))M-\(n(d - 2.5)) \(n(d - 2.5))L\(n(d - 2.5)) -\(n(d - 2.5))\""
            + " stroke=\"\(pith)\" stroke-width=\"1.3\"/><circle r=\"2\" fill=\"\(pith)\"/></g>"
    }

    /// A strip of peel curling down the outside of the glass from the rim.
    private static func twist(dark: String, light: String) -> String {
        let d = "M-8-2C0-9 9-5 9 1C9 8 0 9 0 15C0 21 10 21 10 27C10 33 2 35 2 40"
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(dark)\" stroke-width=\"6\" stroke-linecap=\"round\"/>"
            + "<path d=\"\(d)\" fill=\"none\" stroke=\"\(light)\" stroke-width=\"3.6\" stroke-linecap=\"round\"/>"
    }

    static let fruitGarnishes: [String: GarnishArt] = [
        "lime-wheel": GarnishArt(
            attachment: .rimSide, svg: wheel(rind: "#4d8c22", pith: "#eef6c8", flesh: "#a6cf45", radius: 17), reach: 24),
        "lemon-wheel": GarnishArt(
            attachment: .rimSide, svg: wheel(rind: "#e0b10f", pith: "#fff8d2", flesh: "#f7dc4f", radius: 17), reach: 24),
        "orange-slice": GarnishArt(
            attachment: .rimSide,
            svg: "<g transform=\"translate(-3 1) rotate(-12)\"><path d=\"M-22 0A22 22 0 0 1 22 0Z\" fill=\"#e0690f\"/>"
                + "<path d=\"M-20 0A20 20 0 0 1 20 0Z\" fill=\"#ffe8c2\"/><path d=\"M-18 0A18 18 0 0 1 18 0Z\" fill=\"#f99a2b\"/>"
                + "<path d=\"M0 0V-18M0 0L-12.7-12.7M0 0L12.7-12.7M0 0L-17-6M0 0L17-6\" stroke=\"#ffe8c2\" stroke-width=\"1.3\"/></g>",
            reach: 24),
        "lime-wedge": GarnishArt(
            attachment: .rimSide,
            svg: "<g transform=\"translate(2 -3) rotate(-28)\"><path d=\"M-18 0A18 18 0 0 0 18 0Z\" fill=\"#4d8c22\"/>"
                + "<path d=\"M-15.5 0A15.5 15.5 0 0 0 15.5 0Z\" fill=\"#eef6c8\"/><path d=\"M-14 0A14 14 0 0 0 14 0Z\" fill=\"#a6cf45\"/>"
                + "<path d=\"M0 1V13M0 1L-9 9.5M0 1L9 9.5\" stroke=\"#eef6c8\" stroke-width=\"1.2\"/>"
                + "<path d=\"M-18 0H18\" stroke=\"#d5eaa0\" stroke-width=\"2\" stroke-linecap=\"round\"/></g>"),
        "lemon-twist": GarnishArt(attachment: .rimSide, svg: twist(dark: "#c99a0c", light: "#f6d335")),
        "orange-twist": GarnishArt(attachment: .rimSide, svg: twist(dark: "#c0520b", light: "#f58a2c")),
        "pineapple-wedge": GarnishArt(
            attachment: .rimSide,
            svg: "<path d=\"M-6-34C-14-48-12-56-10-60C-5-50-2-44-1-36ZM-3-35C0-50 6-56 12-58C8-48 4-42 1-34Z"
                + "M-9-33C-20-42-24-44-28-44C-22-36-16-32-10-30Z\" fill=\"#4f9a3a\"/>"
                + "<path d=\"M-16 6L26 6C28-14 16-32-4-34Z\" fill=\"#f8d64e\" stroke=\"#dba823\" stroke-width=\"1.2\"/>"
                + "<path d=\"M26 6C28-14 16-32-4-34L-2-39C20-37 33-17 31 6Z\" fill=\"#b4781c\"/>"
                + "<path d=\"M2-22l2 2M10-14l2 2M4-6l2 2M14-2l2 2M18-16l2 2\" stroke=\"#e0ad2a\" stroke-width=\"1.6\"/>",
            reach: 60),
        "cherry": GarnishArt(
            attachment: .surface,
            svg: "<path d=\"M1-9C2-18 8-26 15-30\" fill=\"none\" stroke=\"#9a6434\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                + "<circle cy=\"-3\" r=\"8\" fill=\"#b3102d\"/><circle cx=\"-3\" cy=\"-6\" r=\"2.4\" fill=\"#fff\" opacity=\".6\"/>",
            reach: 31),
        "olive": GarnishArt(
            attachment: .surface,
            svg: "<path d=\"M-20 14L18-34\" stroke=\"#caa46a\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                + "<g fill=\"#7d9b2f\" stroke=\"#5c7420\"><ellipse cx=\"-8.6\" cy=\"-.4\" rx=\"8\" ry=\"6\" transform=\"rotate(-52 -8.6 -.4)\"/>"
                + "<ellipse cx=\"1\" cy=\"-12.6\" rx=\"8\" ry=\"6\" transform=\"rotate(-52 1 -12.6)\"/></g>"
                + "<circle cx=\"-4.4\" cy=\"-5.6\" r=\"2\" fill=\"#d2402a\"/><circle cx=\"5.2\" cy=\"-17.8\" r=\"2\" fill=\"#d2402a\"/>",
            reach: 35),
        "berries": GarnishArt(
            attachment: .surface,
            svg: "<g stroke=\"#7a0f3a\" stroke-width=\"1\"><circle cx=\"-8\" cy=\"-4\" r=\"6.5\" fill=\"#c8195c\"/>"
                + "<circle cx=\"6\" cy=\"-7\" r=\"6.5\" fill=\"#dc2468\"/></g>"
                + "<g fill=\"#f48fb1\"><circle cx=\"-10\" cy=\"-6\" r=\"1.2\"/><circle cx=\"-6\" cy=\"-2\" r=\"1.2\"/>"
                + "<circle cx=\"4\" cy=\"-9\" r=\"1.2\"/><circle cx=\"8\" cy=\"-5\" r=\"1.2\"/></g>"
                + "<g fill=\"#33408c\" stroke=\"#1f2860\"><circle cx=\"-1\" cy=\"0\" r=\"5\"/><circle cx=\"13\" cy=\"0\" r=\"5\"/></g>"
                + "<path d=\"M-2.5-1h3M11.5-1h3\" stroke=\"#8c96d6\" stroke-width=\"1.2\"/>"),
        "salt-rim": GarnishArt(
            attachment: .rim,
            svg: "<ellipse {RIM} fill=\"none\" stroke=\"#f6f8fa\" stroke-width=\"6\" stroke-dasharray=\"2.2 1.2\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#b9c4cf\" stroke-width=\"3\" stroke-dasharray=\"1 3.4\"/>"),
        "sugar-rim": GarnishArt(
            attachment: .rim,
            svg: "<ellipse {RIM} fill=\"none\" stroke=\"#fffaf0\" stroke-width=\"6\" stroke-dasharray=\"2.2 1.2\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#ead9a8\" stroke-width=\"3\" stroke-dasharray=\"1 3.4\"/>"),
    ]
}
