extension BarEvaluation.Match {
    /// How the line is covered, in one line of `strings`' language: `gin ← your London dry
    /// gin`, `sugar cube ← your sugar`, `with bourbon for rye whiskey`, with the rule that made
    /// it so.
    public func text(_ strings: UIStrings) -> String {
        let key =
            switch how {
            case .own, .family, .form: "bar_reason_family"
            case .builtInRule: "bar_reason_built_in"
            case .yourRule: "bar_reason_yours"
            case .standIn: "bar_reason_stand_in"
            case .houseMade: "bar_reason_house_made"
            }
        return strings(
            key,
            [
                "needed": strings.ingredient(needed), "have": strings.ingredient(have),
                "minutes": minutes.map(String.init) ?? "?",
            ])
    }
}
