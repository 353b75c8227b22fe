/// An error the library throws: typed, with associated values, and a `description` that says
/// what went wrong in the words of the domain (drinks, amounts, files), never in those of a
/// command line.
///
/// Exit codes, option names and the commands that fix a problem belong to the executable,
/// which maps every error to them in one place (`LiquidusCLI/Failures`).
public protocol LiquidusError: Error, CustomStringConvertible {}
