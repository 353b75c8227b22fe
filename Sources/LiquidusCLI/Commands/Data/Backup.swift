import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "backup",
      abstract: "Write a consistent copy of the database.",
      discussion: """
        Uses SQLite's online backup, so it is safe while another liquidus command writes. \
        The copy is created readable by you only (0600) and is refused if the file exists.

        Example:
          liquidus backup ~/liquidus-2026-11-21.sqlite
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Where to write the copy.") var file: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let summary = try BackUpDatabase().run(.init(destination: file), in: live.call)
        Terminal.print("Backed up \(summary.entries) entries to \(file).")
      }
    }
  }

  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore",
      abstract: "Replace the database with a backup, after checking the backup.",
      discussion: """
        The backup must pass SQLite's integrity check and hold a Liquidus schema this version \
        knows (older ones are upgraded). The current contents are kept in a copy beside the \
        database first, and the path is printed.

        Example:
          liquidus restore ~/liquidus-2026-11-21.sqlite
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The backup to restore.") var file: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let restored = try RestoreBackup().run(.init(source: file), in: live.call)
        Terminal.print("Restored \(restored.summary.entries) entries from \(file).")
        Terminal.print("The previous contents are kept in \(restored.kept).")
      }
    }
  }
}
