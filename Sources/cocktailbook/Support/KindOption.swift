import ArgumentParser
import CocktailBook

/// `--filter all|alcoholic|non-alcoholic`, shared by the commands that list cocktails.
struct KindOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Which cocktails: all, alcoholic or non-alcoholic.", valueName: "filter"))
    var filter: String = "all"

    func validate() throws {
        do { _ = try CocktailFilter(parsing: filter) } catch { throw ValidationError(error.localizedDescription) }
    }

    /// The chosen filter; `validate()` has already refused anything else.
    var kind: CocktailFilter { (try? CocktailFilter(parsing: filter)) ?? .all }
}
