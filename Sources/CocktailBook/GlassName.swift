/// How glass identifiers read in prose: `nick-and-nora` → `Nick & Nora`.
public enum GlassName {
    private static let names: [String: String] = [
        "coupe": "Coupe", "martini": "Martini glass", "nick-and-nora": "Nick & Nora", "rocks": "Rocks glass",
        "double-rocks": "Double rocks glass", "highball": "Highball", "collins": "Collins glass",
        "hurricane": "Hurricane glass", "copper-mug": "Copper mug", "tiki-mug": "Tiki mug", "flute": "Flute",
        "wine": "Wine glass", "margarita": "Margarita glass", "julep-cup": "Julep cup", "shot": "Shot glass",
        "copa": "Copa (balloon glass)", "mug": "Mug",
    ]

    /// The identifiers the catalog may use.
    public static var known: Set<String> { Set(names.keys) }

    /// The glass's name for people.
    public static func display(_ id: String) -> String {
        names[id] ?? id.replacingOccurrences(of: "-", with: " ").capitalized
    }
}
