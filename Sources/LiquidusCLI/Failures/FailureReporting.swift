import ArgumentParser
import Foundation
import LiquidusPresentation
import LiquidusSources

extension ParsableCommand {
  /// Runs `body`, turning a Liquidus failure into its message on stderr and its exit code.
  ///
  /// ArgumentParser would print any error as "Error: ..." with exit code 1; Liquidus promises 64
  /// for bad arguments and 65 for bad data, and messages that say what to do.
  func reportingFailures(_ body: () throws -> Void) throws {
    let status = exitStatus(of: body)
    if status != 0 { throw ExitCode(status) }
  }
}

/// Runs `body` and returns the process exit code it calls for, printing any failure to stderr.
func exitStatus(of body: () throws -> Void) -> Int32 {
  do {
    try body()
    return 0
  } catch let failure as any CommandLineFailure {
    Terminal.warn("error: \(failure.message)")
    return failure.exitStatus.rawValue
  } catch let exit as ExitCode {
    return exit.rawValue
  } catch {
    Terminal.warn("error: \(error)")
    return ExitStatus.failure.rawValue
  }
}
