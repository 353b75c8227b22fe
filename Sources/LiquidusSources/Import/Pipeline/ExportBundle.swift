import Foundation
import Synchronization
import ZIPFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A folder or zip that holds exports of several apps (a Google Takeout archive, a phone's
/// download folder, a zip someone made of all of them), and the files in it that Liquidus
/// reads.
///
/// Such a folder holds hundreds of other files (steps, heart rate, settings) in CSV and JSON,
/// and a plain CSV reader would take most of them for drinks. So files are recognised by the
/// names their apps give them (``BundleFileNames``), and an XML file only when its
/// beginning is an Apple Health export. A zip inside a folder counts when it is an Apple Health
/// or Health Connect export zip; zips are not searched further down.
public struct ExportBundle: Sendable {
  /// One importable file found in the bundle.
  public struct Source: Sendable, Hashable {
    /// Its path inside the folder or zip, as the report names it.
    public var path: String
    /// The format its name (or content) says.
    public var format: ImportFormat
  }

  /// The folder or zip.
  public let url: URL
  /// Whether `url` is a zip (members are copied out to be read) rather than a folder.
  public let isZip: Bool
  /// What was found, in path order.
  public let sources: [Source]
  /// Sub-folders that could not be read (a permission), by their path inside the folder and
  /// why: their files may be exports, so the import must say it could not look.
  public let unreadable: [Unreadable]
  /// Files in no format Liquidus knows, by their path inside, in path order: the import names
  /// them, since a person who put a file there expects it read or a word why not.
  public let notRead: [String]

  /// A sub-folder that could not be listed.
  public struct Unreadable: Sendable, Hashable {
    /// Its path inside the folder.
    public var path: String
    /// Why, in the system's words.
    public var reason: String
  }

  /// Lists what `url` (a folder or a zip) holds.
  ///
  /// - Throws: ``ImportError`` when the zip is damaged or the folder cannot be read.
  public init(url: URL) throws(ImportError) {
    self.url = url
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    isZip = !isFolder.boolValue
    if isZip {
      (sources, notRead) = try Self.zipSources(url)
      unreadable = []
    } else {
      (sources, unreadable, notRead) = try Self.folderSources(url)
    }
  }

  /// Whether `url` should be imported as a bundle: a folder, or a zip holding anything but a
  /// single Apple Health or Health Connect export (which the single-file readers stream).
  public static func isBundle(url: URL) -> Bool {
    // stat follows links (/dev/stdin); a pipe or FIFO must not be read here, since the bytes
    // taken to look at it would be gone for its import.
    var info = stat()
    guard stat(url.path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { return true }
    guard kind == S_IFREG, (try? ImportFormatDetector.isZip(url: url)) == true,
      let sources = try? zipSources(url).sources
    else { return false }
    if sources.count == 1, [.appleHealth, .healthConnect].contains(sources[0].format) {
      return false
    }
    return !sources.isEmpty
  }

  /// A copy of `source` on disk for its reader, and what to call when done with it: the zip
  /// itself for an Apple Health export (streamed from inside), a private copy of any other
  /// member, the file itself in a folder.
  func file(for source: Source) throws(ImportError) -> (url: URL, done: () -> Void) {
    if !isZip { return (url.appendingPathComponent(source.path), {}) }
    if source.format == .appleHealth { return (url, {}) }
    let copy = try ExtractedZipMember(archiveURL: url, entryPath: source.path)
    return (copy.url, { copy.remove() })
  }

  private static func zipSources(_ url: URL) throws(ImportError) -> (
    sources: [Source], notRead: [String]
  ) {
    let archive = try ZipArchive(url: url)
    var sources: [Source] = []
    var notRead: [String] = []
    let export = ZipEntryByteSource.exportMember(in: archive)
    if let export { sources.append(Source(path: export.name, format: .appleHealth)) }
    for member in archive.members where member.isFile && member.name != export?.name {
      let name = (member.name as NSString).lastPathComponent
      if let format = BundleFileNames.format(of: name) {
        if format != .appleHealth { sources.append(Source(path: member.name, format: format)) }
      } else if !BundleFileNames.comesWithAppleHealth(member.name) {
        notRead.append(member.name)
      }
    }
    return (sources.sorted { $0.path < $1.path }, notRead.sorted())
  }

  private static func folderSources(_ url: URL) throws(ImportError) -> (
    [Source], [Unreadable], [String]
  ) {
    // The walk does not descend into a symbolic link, not even the folder it starts from: a
    // folder given through a link (`~/exports` pointing at a drive) is walked where it lies.
    let url = url.resolvingSymlinksInPath()
    let root = url.standardizedFileURL.path
    func relative(_ file: URL) -> String {
      let full = file.standardizedFileURL.path
      return full.hasPrefix(root + "/")
        ? String(full.dropFirst(root.count + 1)) : file.lastPathComponent
    }
    // The walk goes on past a folder it cannot list; the folder is reported, not skipped.
    let failures = Mutex<[Unreadable]>([])
    guard
      let walker = FileManager.default.enumerator(
        at: url, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles],
        errorHandler: { folder, error in
          let reason =
            ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?
            .localizedDescription ?? error.localizedDescription
          failures.withLock { $0.append(Unreadable(path: relative(folder), reason: reason)) }
          return true
        })
    else {
      throw .unreadableFile(path: url.path, reason: "cannot list the folder")
    }
    var sources: [Source] = []
    var notRead: [String] = []
    for case let file as URL in walker {
      guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      if let format = folderFormat(of: file) {
        sources.append(Source(path: relative(file), format: format))
      } else if !BundleFileNames.comesWithAppleHealth(relative(file)) {
        notRead.append(relative(file))
      }
    }
    let unreadable = failures.withLock { $0 }.sorted { $0.path < $1.path }
    return (sources.sorted { $0.path < $1.path }, unreadable, notRead.sorted())
  }

  /// The format of a file in a folder: by name, an XML file by its content, a zip when it is
  /// one export.
  private static func folderFormat(of file: URL) -> ImportFormat? {
    let name = file.lastPathComponent
    if let format = BundleFileNames.format(of: name) { return format }
    let lower = name.lowercased()
    if lower.hasSuffix(".xml") && !lower.hasSuffix("export_cda.xml") {
      return (try? ImportFormatDetector.detect(url: file)) == .appleHealth
        && startsHealthData(file) ? .appleHealth : nil
    }
    if lower.hasSuffix(".zip"), let archive = try? ZipArchive(url: file) {
      if ZipEntryByteSource.exportMember(in: archive) != nil { return .appleHealth }
      if HealthConnectReader.databaseMember(in: archive) != nil { return .healthConnect }
    }
    return nil
  }

  /// Whether an XML file is an Apple Health export (a localized name such as 导出.xml).
  private static func startsHealthData(_ file: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: ImportFormatDetector.sniffSize)) ?? Data()
    return String(decoding: head, as: UTF8.self).contains("<HealthData")
  }
}
