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

    /// A strip of peel curling down the outside of the glass from the rim. The fruits' peels
    /// differ in more than colour: a lemon's is a thin tight curl, an orange's a broader band
    /// with one turn less, a grapefruit's a wide short strip with its pink flesh side showing.
    private static func twist(
        dark: String, light: String, width: Double = 7,
        path d: String = "M-8-2C2-10 12-4 11 3C10 10 1 10 1 17C1 24 12 23 12 30C12 37 3 38 3 44",
        inner: String? = nil
    ) -> String {
        let n = SVGText.num
        return
            "<g fill=\"none\" stroke-linecap=\"round\"><path d=\"\(d)\" stroke=\"\(dark)\" stroke-width=\"\(n(width))\"/>"
            + "<path d=\"\(d)\" stroke=\"\(light)\" stroke-width=\"\(n(width * 0.63))\"/>"
            + (inner.map { "<path d=\"\(d)\" stroke=\"\($0)\" stroke-width=\"\(n(width * 0.3))\"/>" } ?? "")
            + "<path d=\"\(d)\" stroke=\"#fff\" stroke-opacity=\".45\" stroke-width=\"1\"/></g>"
    }

    static let fruitGarnishes: [String: GarnishArt] = [
        "lime-wheel": GarnishArt(
            // Limes are smaller than lemons, and so are their wheels.
            attachment: .rimSide, svg: wheel(rind: "#4d8c22", pith: "#eef6c8", flesh: "#a6cf45", radius: 14.5),
            reach: 21),
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
        "orange-twist": GarnishArt(
            attachment: .rimSide,
            svg: twist(
                dark: "#c0520b", light: "#f58a2c", width: 9,
                path: "M-8-2C4-11 14-3 12 5C10 13 2 14 3 22C4 30 13 31 12 38")),
        "grapefruit-twist": GarnishArt(
            attachment: .rimSide,
            svg: twist(
                dark: "#d9862a", light: "#f6b35a", width: 11,
                path: "M-8-2C6-10 16-2 13 8C10 17 4 19 6 28", inner: "#ef7d7d")),
        "grapefruit-wedge": GarnishArt(
            attachment: .rimSide,
            // Broader than a lime wedge, with a blush-pink flesh under a yellow-orange rind.
            svg: "<g transform=\"translate(2 -3) rotate(-24)\"><path d=\"M-22 0A22 22 0 0 0 22 0Z\" fill=\"#e39a3c\"/>"
                + "<path d=\"M-19.5 0A19.5 19.5 0 0 0 19.5 0Z\" fill=\"#fde8d2\"/><path d=\"M-17.5 0A17.5 17.5 0 0 0 17.5 0Z\" fill=\"#ef6f62\"/>"
                + "<path d=\"M0 1V16M0 1L-11 12M0 1L11 12\" stroke=\"#fde8d2\" stroke-width=\"1.3\"/>"
                + "<path d=\"M-22 0H22\" stroke=\"#f7c9a8\" stroke-width=\"2\" stroke-linecap=\"round\"/></g>"),
        "grapefruit-slice": GarnishArt(
            attachment: .inDrink,
            // A whole round slice standing in the drink against the glass: pink segments in a pale pith.
            svg:
                "<circle r=\"19\" fill=\"#e39a3c\"/><circle r=\"17\" fill=\"#fde8d2\"/><circle r=\"15.5\" fill=\"#f07c6e\"/>"
                + "<path d=\"M0-15.5V15.5M-15.5 0H15.5M-11-11L11 11M-11 11L11-11\" stroke=\"#fde8d2\" stroke-width=\"1.3\"/>"
                + "<circle r=\"2.2\" fill=\"#fde8d2\"/>"),
        "pineapple-wedge": GarnishArt(
            attachment: .rimSide,
            // Sits low, straddling the rim like a slit wedge, so its crown stays inside a tall glass's crop.
            svg:
                "<path d=\"M1-25C-5-32-5-37-3-41C1-36 4-32 4-27ZM4-27C8-34 13-37 18-37C14-32 10-28 6-25Z\" fill=\"#4f9a3a\"/>"
                + "<path d=\"M-16 12H20C24-6 16-20 2-26Z\" fill=\"#f8d64e\" stroke=\"#dba823\" stroke-width=\"1.2\"/>"
                + "<path d=\"M20 12C24-6 16-20 2-26L4-31C21-24 30-6 26 12Z\" fill=\"#b4781c\"/>"
                + "<path d=\"M-5 7l3-4M6 5l3-4M12-5l3-4M4-9l3-4M-2-1l3-4\" stroke=\"#e0ad2a\" stroke-width=\"1.6\"/>",
            reach: 41),
        "cherry": GarnishArt(
            attachment: .surface,
            // A darker outline keeps the cherry distinct on red drinks such as a Manhattan.
            svg:
                "<path d=\"M1-11C2-20 8-28 15-32\" fill=\"none\" stroke=\"#9a6434\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                + "<circle cy=\"-3\" r=\"9\" fill=\"#b3102d\" stroke=\"#7d0a1f\"/><circle cx=\"-3.5\" cy=\"-6.5\" r=\"2.6\" fill=\"#fff\" opacity=\".6\"/>",
            reach: 33),
        "olive": GarnishArt(
            attachment: .surface,
            svg: "<path d=\"M-20 14L18-34\" stroke=\"#caa46a\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                + "<g fill=\"#7d9b2f\" stroke=\"#5c7420\"><ellipse cx=\"-8.6\" cy=\"-.4\" rx=\"8\" ry=\"6\" transform=\"rotate(-52 -8.6 -.4)\"/>"
                + "<ellipse cx=\"1\" cy=\"-12.6\" rx=\"8\" ry=\"6\" transform=\"rotate(-52 1 -12.6)\"/></g>"
                + "<circle cx=\"-4.4\" cy=\"-5.6\" r=\"2\" fill=\"#d2402a\"/><circle cx=\"5.2\" cy=\"-17.8\" r=\"2\" fill=\"#d2402a\"/>",
            reach: 35),
        "passion-fruit": GarnishArt(
            attachment: .surface,
            // Half a fruit floating cut side up: purple shell, yellow pulp, dark seeds.
            svg: "<ellipse cx=\"0\" cy=\"-2\" rx=\"15\" ry=\"7\" fill=\"#5b2a52\" stroke=\"#3c1737\"/>"
                + "<ellipse cx=\"0\" cy=\"-3\" rx=\"12.5\" ry=\"5.2\" fill=\"#f3c232\"/>"
                + "<g fill=\"#2a1a12\"><circle cx=\"-6\" cy=\"-3\" r=\"1.1\"/><circle cx=\"-2\" cy=\"-5\" r=\"1.1\"/><circle cx=\"2\" cy=\"-2\" r=\"1.1\"/>"
                + "<circle cx=\"6\" cy=\"-4\" r=\"1.1\"/><circle cx=\"9\" cy=\"-2\" r=\"1\"/><circle cx=\"-9\" cy=\"-2\" r=\"1\"/></g>"
        ),
        "chili": GarnishArt(
            attachment: .rimSide,
            // A small red chili hooked over the rim by its green stalk.
            svg:
                "<path d=\"M-2-6C2-11 6-12 9-10\" fill=\"none\" stroke=\"#3d7d2a\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
                + "<path d=\"M8-10C14-8 15 2 12 14C10 22 7 27 5 29C6 20 5 8 4-4C4-8 6-10 8-10Z\" fill=\"#d2231c\" stroke=\"#8f140f\"/>"
                + "<path d=\"M7-5C8 3 8 12 7 20\" stroke=\"#ff8a7a\" stroke-width=\"1\" fill=\"none\"/>",
            reach: 13),
        "berries": GarnishArt(
            attachment: .surface,
            svg:
                "<g transform=\"scale(1.3)\"><g stroke=\"#7a0f3a\" stroke-width=\"1\"><circle cx=\"-8\" cy=\"-4\" r=\"6.5\" fill=\"#c8195c\"/>"
                + "<circle cx=\"6\" cy=\"-7\" r=\"6.5\" fill=\"#dc2468\"/></g>"
                + "<g fill=\"#f48fb1\"><circle cx=\"-10\" cy=\"-6\" r=\"1.2\"/><circle cx=\"-6\" cy=\"-2\" r=\"1.2\"/>"
                + "<circle cx=\"4\" cy=\"-9\" r=\"1.2\"/><circle cx=\"8\" cy=\"-5\" r=\"1.2\"/></g>"
                + "<g fill=\"#33408c\" stroke=\"#1f2860\"><circle cx=\"-1\" cy=\"0\" r=\"5\"/><circle cx=\"13\" cy=\"0\" r=\"5\"/></g>"
                + "<path d=\"M-2.5-1h3M11.5-1h3\" stroke=\"#8c96d6\" stroke-width=\"1.2\"/></g>"),
        "salt-rim": GarnishArt(
            attachment: .rim,
            // An outlined solid band with grain dots reads as a crust; dashes alone looked like a dotted line.
            svg: "<ellipse {RIM} fill=\"none\" stroke=\"#aebbc8\" stroke-width=\"8\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#f7f9fb\" stroke-width=\"6.4\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#a3b0bd\" stroke-width=\"2.6\" stroke-dasharray=\".8 2.9\"/>"),
        "sugar-rim": GarnishArt(
            attachment: .rim,
            svg: "<ellipse {RIM} fill=\"none\" stroke=\"#d9c79a\" stroke-width=\"8\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#fffaf0\" stroke-width=\"6.4\"/>"
                + "<ellipse {RIM} fill=\"none\" stroke=\"#e8cf86\" stroke-width=\"2.6\" stroke-dasharray=\".8 2.9\"/>"),
    ]
}
