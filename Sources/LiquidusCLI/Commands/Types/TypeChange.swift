import ArgumentParser
import LiquidusStore
import LiquidusUseCases

/// A `types` subcommand that changes one drink type and says in one line what it did: the
/// opening of the database and the printing are written once, here.
protocol TypeChange: ParsableCommand {
  var type: NamedType { get }

  /// The change asked for.
  var change: ChangeDrinkType.Change { get }
}

extension TypeChange {
  func run() throws {
    try reportingFailures {
      let live = try LiveEnvironment.open()
      Terminal.print(try live.change(type.name, change).sentence)
    }
  }
}

extension LiveEnvironment {
  /// Makes one change to the type named `name` (``ChangeDrinkType``).
  /// - Throws: ``UnknownTypeToChange`` for a name no type has: changing a type that does not
  ///   exist is a typo, so the advice is the list, never to add it (which `log` suggests).
  func change(_ name: String, _ change: ChangeDrinkType.Change) throws -> ChangeDrinkType.View {
    do {
      return try ChangeDrinkType().run(.init(name, change), in: call)
    } catch StoreError.unknownDrinkType(let typed, let suggestion) {
      throw UnknownTypeToChange(name: typed, suggestion: suggestion)
    }
  }
}

/// A `types` change named a type that does not exist.
struct UnknownTypeToChange: CommandLineFailure {
  var name: String
  var suggestion: String?

  var exitStatus: ExitStatus { .usage }
  var message: String {
    StoreError.unknownDrinkType(name, suggestion: suggestion).description
      + " See `liquidus types` for the names."
  }
}

/// The database and the drink type a ``TypeChange`` works on.
struct NamedType: ParsableArguments {
  @OptionGroup var global: GlobalOptions
  @Argument(help: "The drink type's name.") var name: String
}

extension CommandConfiguration {
  /// A `types` subcommand's configuration, with its one example.
  static func typeChange(_ name: String, _ abstract: String, example: String) -> Self {
    CommandConfiguration(
      commandName: name, abstract: abstract, discussion: "Example:\n  liquidus types \(example)")
  }
}
