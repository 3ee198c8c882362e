import ArgumentParser

@main
struct CocktailBookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cocktailbook",
        abstract: "A self-hostable cocktail recipe book: a web app, a JSON API and this command line.",
        discussion: "With no subcommand, runs `serve`.",
        version: BuildVersion.text,
        subcommands: [
            Serve.self, List.self, Search.self, Show.self, Random.self, Favorite.self, Bar.self, Import.self, User.self,
            BackupCommand.self, RestoreCommand.self, Export.self, ImportURL.self, NoteCommand.self, RateCommand.self,
            MadeCommand.self, Lists.self, Party.self, BookSettingsCommand.self,
        ],
        defaultSubcommand: Serve.self
    )
}
