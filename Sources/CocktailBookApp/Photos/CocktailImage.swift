import CocktailBook
import CocktailDrawings
import Foundation
import NIOCore
import Synchronization

/// A cocktail's picture as served: the illustration's SVG and its content hash, drawn once per
/// version of the cocktail. The hash is kept for every drawn cocktail, because list answers name
/// every picture's versioned URL; the drawing itself only for the most recently served ones (a
/// drawing is 2-3 KB: at 10,000 drinks, keeping every one a list had named held about 27 MB
/// that browsers ask for once and then cache for good).
public enum CocktailImage {
    package struct Rendered: Sendable {
        package var body: ByteBuffer
        package var version: String
    }

    /// Drawings kept at most; a picture beyond them is drawn again when asked for.
    package static let keptDrawings = 256

    private static let memory = Mutex<Memory>(Memory())

    /// Each drawn cocktail's version, and the last drawings served (the oldest dropped first).
    /// A version belongs to the fingerprint of what it was drawn from; a kept drawing to the
    /// version beside it. (A copy of each cocktail took 384 bytes per drink, 6 MB once a list
    /// of 10,000 had named every picture, and held on to a replaced catalog's texts.)
    package struct Memory {
        package var versions: [String: (fingerprint: Int, version: String)] = [:]
        package var drawings: [String: ByteBuffer] = [:]
        package var order: [String] = []
        package var next = 0

        /// Keeps a version without its drawing (a list naming the picture); a drawing kept from
        /// another version of the drink goes.
        package mutating func keep(version: String, for cocktail: Cocktail, fingerprint: Int) {
            if versions[cocktail.id]?.fingerprint != fingerprint { drawings[cocktail.id] = nil }
            versions[cocktail.id] = (fingerprint, version)
        }

        package mutating func keep(_ rendered: Rendered, for cocktail: Cocktail, fingerprint: Int) {
            keep(version: rendered.version, for: cocktail, fingerprint: fingerprint)
            if drawings.updateValue(rendered.body, forKey: cocktail.id) != nil { return }
            if order.count < keptDrawings {
                order.append(cocktail.id)
            } else {
                drawings[order[next]] = nil
                order[next] = cocktail.id
                next = (next + 1) % keptDrawings
            }
        }
    }

    /// Everything a drawing is made from (see ``CocktailIllustration/svg(for:)``), hashed: two
    /// versions of a drink that draw alike have the same, and a change to any of it is a new one.
    package static func fingerprint(of cocktail: Cocktail) -> Int {
        var hasher = Hasher()
        hasher.combine(cocktail.id)
        hasher.combine(cocktail.name)
        hasher.combine(cocktail.glass)
        hasher.combine(cocktail.method)
        hasher.combine(cocktail.ingredients)
        hasher.combine(cocktail.instructions)
        if let illustration = cocktail.illustration {
            hasher.combine(illustration.color)
            hasher.combine(illustration.ice)
            hasher.combine(illustration.garnishes)
            for layer in illustration.layers {
                hasher.combine(layer.color)
                hasher.combine(layer.fraction)
            }
        }
        return hasher.finalize()
    }

    /// The drawing of `cocktail` and its version.
    package static func rendered(for cocktail: Cocktail) -> Rendered {
        let fingerprint = fingerprint(of: cocktail)
        let (known, body) = memory.withLock { ($0.versions[cocktail.id], $0.drawings[cocktail.id]) }
        if let known, let body, known.fingerprint == fingerprint { return Rendered(body: body, version: known.version) }
        // Drawn outside the lock: two requests may draw the same picture at once, and both get
        // the same bytes, since the drawing is a pure function of the cocktail.
        let svg = CocktailIllustration.svg(for: cocktail)
        let rendered = Rendered(body: ByteBuffer(string: svg), version: CocktailIllustration.version(ofDrawing: svg))
        memory.withLock { $0.keep(rendered, for: cocktail, fingerprint: fingerprint) }
        return rendered
    }

    /// The content hash of `cocktail`'s drawing, which names its version in URLs. The drawing
    /// made to take it is not kept: a list names every picture, and browsers ask for few.
    package static func version(for cocktail: Cocktail) -> String {
        let fingerprint = fingerprint(of: cocktail)
        if let known = memory.withLock({ $0.versions[cocktail.id] }), known.fingerprint == fingerprint {
            return known.version
        }
        let version = CocktailIllustration.version(for: cocktail)
        memory.withLock { $0.keep(version: version, for: cocktail, fingerprint: fingerprint) }
        return version
    }

    /// How many drawings are kept now (for tests).
    package static var keptDrawingCount: Int { memory.withLock { $0.drawings.count } }

    /// Whether the drawing of the drink with this id is kept (for tests).
    package static func keepsDrawing(of id: String) -> Bool { memory.withLock { $0.drawings[id] != nil } }

    /// The picture's path on this server; the version in it changes whenever the picture does.
    /// An imported cocktail's downloaded photo is used as it is (its name is its content hash).
    public static func url(for cocktail: Cocktail) -> String {
        if let photo = cocktail.imageURL, photo.hasPrefix(ImportedImageFiles.urlPrefix) { return photo }
        return "/images/cocktails/\(cocktail.id).svg?v=\(version(for: cocktail))"
    }

    /// The picture a list's row shows: a photo's small copy (`/medium`), or the drawing.
    public static func thumbnailURL(for cocktail: Cocktail) -> String {
        let url = url(for: cocktail)
        return url.hasPrefix(ImportedImageFiles.urlPrefix) ? url + "/medium" : url
    }

    /// The picture's alt text.
    public static func altText(for cocktail: Cocktail, strings: UIStrings = .english) -> String {
        if cocktail.imageURL?.hasPrefix(ImportedImageFiles.urlPrefix) == true {
            return strings("alt_photo", ["name": cocktail.name])
        }
        if let glass = cocktail.glass {
            let glassName = strings.names?.glasses[glass.rawValue] ?? glass.englishPhrase
            return strings("alt_illustration_glass", ["name": cocktail.name, "glass": glassName])
        }
        return strings("alt_illustration", ["name": cocktail.name])
    }
}
