import Foundation
import LiquidusTestSupport
import Testing

/// Zips made at test time by the tools people re-zip an export with: Debian's Info-ZIP `zip`,
/// 7-Zip (`p7zip-full`), bsdtar (`libarchive-tools`) and Python's `zipfile`.
///
/// Scripts/install-deps installs them. A missing tool fails its test with the package to
/// install, never skips it: a skipped test would stop checking these zips unnoticed.
enum ZipTools {
  /// Writes `files` (path inside the folder: contents) under `directory`.
  static func write(_ files: [String: Data], in directory: URL) throws {
    for (path, contents) in files {
      let file = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: file)
    }
  }

  /// Runs `tool` with `arguments` in `directory`, and fails with what it printed unless it
  /// succeeds.
  static func run(_ tool: String, _ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let (printed, timedOut) = process.bounded {
      defer { process.waitUntilExit() }
      return output.fileHandleForReading.readDataToEndOfFile()
    }
    if timedOut { Issue.record("\(process.commandLine) ran past its limit and was killed") }
    guard process.terminationStatus == 0 else {
      let package = packages[tool] ?? tool
      throw Failure(
        "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)"
          + " (missing? Scripts/install-deps installs \(package)):\n"
          + String(decoding: printed, as: UTF8.self))
    }
  }

  /// Python's `zipfile` writing the folder `folder` (inside `directory`) into `zip`: `mode` is
  /// `streamed` (to a stream it cannot seek, so each member ends with a data descriptor),
  /// `zip64` (`force_zip64`), `legacy` (names as the bytes of `encoding`, without the UTF-8
  /// flag, as Windows and Android tools write them), `unicode-path` (the same, plus
  /// Info-ZIP's Unicode Path extra field holding the name in UTF-8) or `stale-unicode-path`
  /// (that field with the CRC of other bytes, as when a tool renamed the member since).
  static func python(
    _ mode: String, folder: String, zip: String, encoding: String = "utf-8", in directory: URL
  ) throws {
    let script = directory.appendingPathComponent("make-zip.py")
    try Data(pythonScript.utf8).write(to: script)
    try run("python3", [script.path, mode, folder, zip, encoding], in: directory)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  private static let packages = [
    "zip": "zip", "7z": "p7zip-full", "bsdtar": "libarchive-tools", "python3": "python3",
  ]

  private static let pythonScript = """
    import os, struct, sys, zipfile, zlib

    mode, folder, out, encoding = sys.argv[1:5]


    class Unseekable:
        def __init__(self, file):
            self.file = file

        def write(self, data):
            return self.file.write(data)

        def flush(self):
            self.file.flush()


    # A member whose name goes into the headers as the given bytes, without the flag.
    class RawName(zipfile.ZipInfo):
        __slots__ = ("header",)

        def _encodeFilenameFlags(self):
            return self.header, self.flag_bits


    def members():
        for root, folders, files in os.walk(folder):
            folders.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                yield path, os.path.relpath(path, ".")


    with open(out, "wb") as raw:
        target = Unseekable(raw) if mode == "streamed" else raw
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for path, name in members():
                data = open(path, "rb").read()
                legacy = mode in ("legacy", "unicode-path", "stale-unicode-path")
                # zipfile writes a non-ASCII name as UTF-8 with the flag; a legacy name's
                # bytes go into the headers as they are, without it.
                info = (RawName if legacy else zipfile.ZipInfo)(
                    name, date_time=(2026, 11, 20, 12, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                if legacy:
                    info.header = name.encode(encoding)
                if mode in ("unicode-path", "stale-unicode-path"):
                    # A stale field's CRC is of other bytes: a tool renamed the member since.
                    crc = zlib.crc32(info.header) ^ (mode == "stale-unicode-path")
                    field = struct.pack("<BI", 1, crc) + name.encode()
                    info.extra = struct.pack("<HH", 0x7075, len(field)) + field
                if mode == "zip64":
                    with archive.open(info, "w", force_zip64=True) as member:
                        member.write(data)
                else:
                    archive.writestr(info, data)
    """
}
