/// How a glass is drawn, as plain data, so new glasses are added by writing values rather
/// than code. All coordinates are in the 400×300 core scene; the table top is at y = 262
/// and the glass is centred on x = 200.
extension CocktailIllustration {
    struct Point: Equatable {
        var x: Double
        var y: Double
        init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Which way the canvas grows beyond the core scene. Tall glasses read better in a tall
    /// frame and squat ones in a wide frame, while a 4:3 cover crop still shows exactly the core.
    enum CanvasFamily {
        case tall, wide, standard
    }

    /// What the vessel is made of. Clear glass shows the drink through its walls; metal hides
    /// it, so only the surface inside the rim is painted.
    enum Material: Equatable {
        case glass
        /// A metal body filled with a vertical gradient from `light` to `dark`.
        case metal(light: String, dark: String)
    }

    struct GlassShape {
        var family: CanvasFamily
        var material: Material = .glass
        /// The outside of the vessel, left open at the mouth so the rim ellipse closes it.
        var bowl: String
        /// The closed inside of the vessel; liquid and ice are clipped to it.
        var interior: String
        /// Stem of a stemmed glass, filled like thick glass.
        var stem: String? = nil
        /// Foot of a stemmed glass or the heavy base of a tumbler.
        var foot: String? = nil
        /// A handle, drawn as a thick stroke in the vessel's material.
        var handle: String? = nil
        /// Decorative rings or seams stroked over the body.
        var bands: String? = nil
        /// Raw SVG relief (a carved face, a glaze drip) laid over an opaque body; ignored for
        /// clear glass, whose drink would show through it.
        var decor: String? = nil
        /// The mouth: an ellipse centred on x = 200.
        var rimY: Double
        var rimHalfWidth: Double
        var rimDepth: Double = 5
        /// Where the drink's surface sits and how wide it is there.
        var liquidTop: Double
        var surfaceHalfWidth: Double
        /// Lowest point of the inside, so the liquid fill can stop there.
        var liquidBottom: Double
        /// The region (x, y, width, height) ice may occupy inside the liquid.
        var iceBox: (x: Double, y: Double, width: Double, height: Double)
        /// A highlight stroke along one wall that sells the glass as glass.
        var gloss: String
        /// Where garnishes perched on the rim sit; the first garnish takes the right.
        var rimRight: Point
        var rimLeft: Point
        /// Garnish art is drawn for a mid-sized glass; small glasses shrink it.
        var garnishScale: Double = 1
        /// Half the width of the soft shadow on the table.
        var shadowHalfWidth: Double

        /// The topmost point of the mouth, where things rising from the drink emerge.
        var rimCenter: Point { Point(200, rimY) }
    }
}
