import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The gnuplot program, found on a search path and run as a subprocess with a time limit.
///
/// Scripts and data travel through files in a private folder rather than stdin: gnuplot reports
/// errors as `"file.gp" line 12: ...`, which names the chart that went wrong.
///
/// ```swift
/// let gnuplot = try Gnuplot.locate(searchPath: environment["PATH"] ?? "")
/// try gnuplot.run(script: folder.appendingPathComponent("report.gp"), in: folder)
/// ```
public struct Gnuplot: Sendable {
  /// The executable that runs.
  public let executable: URL
  /// How long one run may take before it is stopped.
  public var timeout: Duration

  /// Uses the gnuplot at `executable`.
  public init(executable: URL, timeout: Duration = .seconds(30)) {
    self.executable = executable
    self.timeout = timeout
  }

  /// Finds `gnuplot` in the colon-separated `searchPath`, as a shell would.
  ///
  /// - Throws: ``ReportError/gnuplotMissing(searchPath:)`` with the install hint.
  public static func locate(searchPath: String, timeout: Duration = .seconds(30))
    throws(ReportError) -> Gnuplot
  {
    guard let executable = ExecutablePath.find("gnuplot", searchPath: searchPath) else {
      throw .gnuplotMissing(searchPath: searchPath)
    }
    return Gnuplot(executable: executable, timeout: timeout)
  }

  /// Runs the script at `script` with `folder` as the working directory.
  ///
  /// stderr goes to a file in `folder`, so a chatty gnuplot can never block on a full pipe.
  /// - Throws: ``ReportError/gnuplotFailed(status:message:)`` on a non-zero exit status or a
  ///   gnuplot warning (a warning means a chart is wrong, e.g. a data file without points);
  ///   ``ReportError/gnuplotTimedOut(seconds:)`` when it runs past ``timeout``.
  public func run(script: URL, in folder: URL) throws(ReportError) {
    let errorURL = folder.appendingPathComponent("gnuplot.stderr")
    let process = Process()
    process.executableURL = executable
    process.arguments = [script.lastPathComponent]
    process.currentDirectoryURL = folder
    // The environment is inherited: fontconfig finds its caches through HOME and XDG_*. The
    // locale is not: the scripts are UTF-8 (`set encoding utf8`), which under LANG=C gnuplot
    // cannot convert ("iconv failed"), so every chart failed in that locale. C.UTF-8 reads them
    // in any locale, and numbers in the C locale, as the scripts write them.
    process.environment = Self.environment(ProcessInfo.processInfo.environment)
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
        throw ReportError.cannotWrite(path: errorURL.path, reason: "cannot create a file")
      }
      let errorHandle = try FileHandle(forWritingTo: errorURL)
      defer { try? errorHandle.close() }
      process.standardError = errorHandle
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
    } catch let error as ReportError {
      throw error
    } catch {
      throw .gnuplotFailed(status: -1, message: "could not start \(executable.path): \(error)")
    }

    let seconds =
      Double(timeout.components.seconds)
      + Double(timeout.components.attoseconds) / 1e18
    if finished.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      if finished.wait(timeout: .now() + 1) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        finished.wait()
      }
      throw .gnuplotTimedOut(seconds: Int(seconds.rounded(.up)))
    }
    process.waitUntilExit()

    let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    if process.terminationStatus != 0 || Self.hasWarning(message) {
      throw .gnuplotFailed(status: process.terminationStatus, message: message)
    }
  }

  /// `inherited` with every locale variable replaced by `LC_ALL=C.UTF-8`.
  static func environment(_ inherited: [String: String]) -> [String: String] {
    var environment = inherited.filter { !$0.key.hasPrefix("LC_") && $0.key != "LANG" }
    environment["LC_ALL"] = "C.UTF-8"
    return environment
  }

  /// Whether gnuplot's stderr holds one of its own warnings. Font-configuration chatter from
  /// the system libraries is not about our charts and is let through.
  static func hasWarning(_ message: String) -> Bool {
    message.split(separator: "\n").contains { line in
      line.localizedCaseInsensitiveContains("warning") && !line.hasPrefix("Fontconfig")
        && !line.contains("Pango")
    }
  }
}
