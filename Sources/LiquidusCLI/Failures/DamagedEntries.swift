import ArgumentParser
import LiquidusStore

/// Names each entry a read left out because it cannot be read, and says how to fix it.
func warnLeftOut(_ damaged: [StoreError]) {
  for error in damaged {
    Terminal.warn("warning: \(error.message) It was left out.")
  }
}

/// ``warnLeftOut(_:)``, then exit 65 when any was left out, for output that must be complete.
func reportLeftOut(_ damaged: [StoreError]) throws {
  warnLeftOut(damaged)
  if !damaged.isEmpty { throw ExitCode(ExitStatus.dataError.rawValue) }
}
