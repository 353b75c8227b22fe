import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Types {
  struct DeleteType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete a drink type: archive it if it has entries, or purge it with them.",
      discussion: """
        A type with entries is archived: it leaves the choices for new entries, and its entries \
        stay in every report. With --purge the type and all its entries are removed, after an \
        automatic backup of the whole database into backups/ beside it (the newest five are \
        kept); its path is printed, and `liquidus restore` brings it back. --purge first says \
        how many entries it will remove and asks; scripts add --yes (without a terminal it \
        refuses unless --yes is given).

        Examples:
          liquidus types delete Tea
          liquidus types delete Tea --purge
          liquidus types delete Tea --purge --yes
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The type's name.") var name: String
    @Flag(help: "Remove the type's entries too.") var purge = false
    @Flag(help: "With --purge: remove without asking (for scripts).") var yes = false

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        if purge, !yes {
          guard try PurgeConfirmation.ask(name, live: live) else {
            Terminal.print("Nothing was removed.")
            return
          }
        }
        Terminal.print(try live.change(name, purge ? .purge : .delete).sentence)
      }
    }
  }
}
