/// Herbs, vegetables and toppings. Leaves share one outline so sprigs stay small in bytes.
extension CocktailIllustration {
    /// A leaf pointing up from its stalk end at the origin, `length` long; `width` is relative.
    private static func leaf(
        _ length: Double, at x: Double, _ y: Double, angle: Double, fill: String, width: Double = 0.3
    ) -> String {
        let n = SVGText.num
        let w = length * width
        return "<path transform=\"translate(\(n(x)) \(n(y))) rotate(\(n(angle)))\" fill=\"\(fill)\""
            + " d=\"M0 0C-\(n(w)) -\(n(length * 0.3)) -\(n(w)) -\(n(length * 0.75)) 0 -\(n(length))"
            + "C\(n(w)) -\(n(length * 0.75)) \(n(w)) -\(n(length * 0.3)) 0 0Z\"/>"
    }

    static let herbGarnishes: [String: GarnishArt] = [
        "mint-sprig": GarnishArt(
            attachment: .top,
            // Seven broad, paired leaves: the thin five-leaf sprig read as a fern at thumbnail size.
            svg: "<path d=\"M0 26C0 10 1-10 2-28\" fill=\"none\" stroke=\"#3b7a28\" stroke-width=\"2.2\"/>"
                + "<g stroke=\"#2a6420\" stroke-width=\".8\">"
                + leaf(24, at: 1, -4, angle: -62, fill: "#3f9a3a", width: 0.38)
                + leaf(24, at: 1, -4, angle: 58, fill: "#3f9a3a", width: 0.38)
                + leaf(22, at: 2, -14, angle: -40, fill: "#4fae45", width: 0.38)
                + leaf(22, at: 2, -14, angle: 42, fill: "#4fae45", width: 0.38)
                + leaf(19, at: 2, -24, angle: -20, fill: "#62c153", width: 0.38)
                + leaf(19, at: 2, -24, angle: 24, fill: "#62c153", width: 0.38)
                + leaf(17, at: 2, -28, angle: 2, fill: "#72cc5e") + "</g>",
            reach: 45, stalk: 26),
        "basil-leaf": GarnishArt(
            attachment: .top,
            svg: "<path d=\"M0 24C0 10 2-4 4-12\" fill=\"none\" stroke=\"#2f6b25\" stroke-width=\"2\"/>"
                + "<g stroke=\"#1f5a1e\" stroke-width=\".8\">"
                + leaf(30, at: 3, -8, angle: -38, fill: "#2f8a36") + leaf(28, at: 4, -12, angle: 30, fill: "#3c9d40")
                + "</g><path d=\"M3-8L-15-31M4-12L18-35\" stroke=\"#7cc66e\" stroke-width=\".9\"/>",
            reach: 38, stalk: 24),
        "lavender": GarnishArt(
            attachment: .top,
            // A thin stalk with a spike of small purple buds.
            svg: "<path d=\"M0 26C0 8 1-8 2-26\" fill=\"none\" stroke=\"#5f7d46\" stroke-width=\"1.6\"/>"
                + "<g fill=\"#8c6bc8\" stroke=\"#5c3f9a\" stroke-width=\".6\">"
                + "<ellipse cx=\"-1.5\" cy=\"-12\" rx=\"2.4\" ry=\"3.2\"/><ellipse cx=\"3.5\" cy=\"-15\" rx=\"2.4\" ry=\"3.2\"/>"
                + "<ellipse cx=\"-1\" cy=\"-19\" rx=\"2.3\" ry=\"3\"/><ellipse cx=\"4\" cy=\"-22\" rx=\"2.2\" ry=\"3\"/>"
                + "<ellipse cx=\"0.5\" cy=\"-26\" rx=\"2.1\" ry=\"2.9\"/><ellipse cx=\"2.5\" cy=\"-30\" rx=\"1.8\" ry=\"2.5\"/></g>"
                + "<path d=\"M1-2L-6-9M1.5-4L8-10\" stroke=\"#6f9a52\" stroke-width=\"1.4\" stroke-linecap=\"round\"/>",
            reach: 34, stalk: 26),
        "rosemary-sprig": GarnishArt(
            attachment: .top,
            // A woody stem with many short, narrow, dark needles: unlike mint's few broad leaves.
            svg: "<path d=\"M0 26C0 10 1-10 2-30\" fill=\"none\" stroke=\"#6b5a3a\" stroke-width=\"1.8\"/>"
                + "<g stroke=\"#2f5a36\" stroke-width=\"1.9\" stroke-linecap=\"round\">"
                + "<path d=\"M0 14l-7-5M0 14l7-5M0 6l-7-5M0 6l7-5M1-2l-7-5M1-2l7-5M1-10l-6-5M1-10l6-5M2-18l-5-5M2-18l5-5M2-25l-3-5M2-25l3-5\"/>"
                + "</g>",
            reach: 34, stalk: 26),
        "candied-ginger": GarnishArt(
            attachment: .rimSide,
            // A sugared cube of ginger speared on a pick laid across the rim.
            svg: "<path d=\"M-14 4L16-12\" stroke=\"#caa46a\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
                + "<g transform=\"translate(4 -6) rotate(-28)\"><rect x=\"-7\" y=\"-7\" width=\"14\" height=\"13\" rx=\"3\""
                + " fill=\"#d9a441\" stroke=\"#a8741f\"/><g fill=\"#fff6dc\"><circle cx=\"-3\" cy=\"-3\" r=\"1\"/>"
                + "<circle cx=\"2\" cy=\"-4\" r=\".9\"/><circle cx=\"3\" cy=\"2\" r=\"1\"/><circle cx=\"-2\" cy=\"3\" r=\".8\"/></g></g>",
            reach: 16),
        "bitters-drops": GarnishArt(
            attachment: .surface,
            // A few dark-red drops of bitters on a foam, the way a Pisco Sour is finished.
            svg:
                "<g fill=\"#7a1a12\"><ellipse cx=\"-10\" cy=\"-1\" rx=\"3\" ry=\"1.6\"/><ellipse cx=\"0\" cy=\"-2\" rx=\"3.4\" ry=\"1.8\"/>"
                + "<ellipse cx=\"10\" cy=\"-1\" rx=\"3\" ry=\"1.6\"/></g>"
                + "<g fill=\"#b33a2a\" opacity=\".6\"><ellipse cx=\"-10\" cy=\"-1.4\" rx=\"1.4\" ry=\".7\"/>"
                + "<ellipse cx=\"0\" cy=\"-2.4\" rx=\"1.6\" ry=\".8\"/><ellipse cx=\"10\" cy=\"-1.4\" rx=\"1.4\" ry=\".7\"/></g>"
        ),
        "celery": GarnishArt(
            attachment: .top,
            svg:
                "<g transform=\"rotate(10)\"><path d=\"M-5 44V-28Q0-32 5-28V44Z\" fill=\"#b1d878\" stroke=\"#73a33c\" stroke-width=\"1.2\"/>"
                + "<path d=\"M-1.5 42V-26M2 42V-26\" stroke=\"#8fc055\" stroke-width=\".9\"/>"
                + "<g fill=\"#5aa537\" stroke=\"#3f7f24\" stroke-width=\".8\"><circle cx=\"-7\" cy=\"-33\" r=\"6\"/>"
                + "<circle cx=\"6\" cy=\"-35\" r=\"6.5\"/><circle cx=\"-1\" cy=\"-42\" r=\"6\"/></g></g>",
            reach: 50, stalk: 44),
        "cucumber-slice": GarnishArt(
            attachment: .inDrink,
            svg: "<circle r=\"14\" fill=\"#2f6b2a\"/><circle r=\"12.5\" fill=\"#d7ecb8\" opacity=\".95\"/>"
                + "<circle r=\"6\" fill=\"#bcdc94\"/><g fill=\"#f5fbe9\"><ellipse cx=\"0\" cy=\"-4\" rx=\"1\" ry=\"1.8\"/>"
                + "<ellipse cx=\"3.5\" cy=\"2\" rx=\"1\" ry=\"1.8\" transform=\"rotate(120 3.5 2)\"/>"
                + "<ellipse cx=\"-3.5\" cy=\"2\" rx=\"1\" ry=\"1.8\" transform=\"rotate(-120 -3.5 2)\"/></g>"),
        "coffee-beans": GarnishArt(
            attachment: .surface,
            svg:
                "<g fill=\"#4a2a14\"><ellipse cx=\"-11\" cy=\"-1\" rx=\"5.5\" ry=\"3.6\" transform=\"rotate(-15 -11 -1)\"/>"
                + "<ellipse cx=\"0\" cy=\"-2\" rx=\"5.5\" ry=\"3.6\"/><ellipse cx=\"11\" cy=\"-1\" rx=\"5.5\" ry=\"3.6\" transform=\"rotate(15 11 -1)\"/></g>"
                + "<path d=\"M-15-1Q-11-2-7-2M-4-2Q0-1 4-2M7-2Q11-2 15 0\" fill=\"none\" stroke=\"#241208\" stroke-width=\".9\"/>"
        ),
        "nutmeg": GarnishArt(
            attachment: .surface,
            svg: "<g fill=\"#8a5526\"><circle cx=\"-16\" cy=\"1\" r=\"1\"/><circle cx=\"-9\" cy=\"-1\" r=\"1.3\"/>"
                + "<circle cx=\"-3\" cy=\"1.5\" r=\"1\"/><circle cx=\"2\" cy=\"-1.5\" r=\"1.4\"/><circle cx=\"8\" cy=\"1\" r=\"1.1\"/>"
                + "<circle cx=\"14\" cy=\"-.5\" r=\"1.2\"/><circle cx=\"-6\" cy=\"-2.5\" r=\".8\"/><circle cx=\"11\" cy=\"2.5\" r=\".8\"/></g>"
        ),
    ]
}
