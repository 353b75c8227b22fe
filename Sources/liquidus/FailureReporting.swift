import ArgumentParser
import Foundation
import LiquidusKit

extension ParsableCommand {
  /// Runs `body`, turning a Liquidus failure into its message on stderr and its exit code.
  ///
  /// ArgumentParser would print any error as "Error: ..." with exit code 1; Liquidus promises 64
  /// for bad arguments and 65 for bad data (DESIGN.md), and messages that say what to do.
  func reportingFailures(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let failure as any LiquidusFailure {
      Terminal.warn("error: \(failure.description)")
      throw ExitCode(failure.exitStatus.rawValue)
    } catch let exit as ExitCode {
      throw exit
    } catch {
      Terminal.warn("error: \(error)")
      throw ExitCode(ExitStatus.failure.rawValue)
    }
  }
}
