import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Types {
  struct CaffeineType: TypeChange {
    static let configuration = CommandConfiguration(
      commandName: "caffeine",
      abstract: "Set a drink type's caffeine content, for entries logged from now on.",
      discussion: """
        Content reads like 40mg/100ml, 95mg/cup, 63mg/30ml, 80mg/8floz or 0. Entries already \
        logged keep the caffeine they were logged with.

        Example:
          liquidus types caffeine Tea 30mg/cup
        """)

    @OptionGroup var type: NamedType
    @Argument(help: "Milligrams per volume, e.g. 40mg/100ml or 95mg/cup, or 0.")
    var content: String

    var change: ChangeDrinkType.Change { .caffeine(content) }
  }

  struct HydrationType: TypeChange {
    static let configuration = CommandConfiguration(
      commandName: "hydration",
      abstract: "Set how much of a drink type's volume counts toward the goal (0 to 2).",
      discussion: """
        Water is 1. Milk and oral rehydration solution are about 1.5 by the beverage \
        hydration index (Maughan et al. 2016): a litre of milk keeps the body as hydrated as \
        1.5 litres of water. Goal progress everywhere counts volume times factor.

        Example:
          liquidus types hydration Milk 1.5
        """)

    @OptionGroup var type: NamedType
    @Argument(help: "The factor, from 0 to 2.") var factor: String

    var change: ChangeDrinkType.Change { .hydration(factor) }
  }
}
