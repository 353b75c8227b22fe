/// One thing that tells a format by its content, and the step of detection at which it is
/// asked.
///
/// ``ImportFormatDetector/detect(url:)`` goes through the steps in the order of
/// ``DetectionStep``, and at each step through ``ImportFormats/all`` in order; the first format
/// with a rule that claims the file wins. Rules of one step should not claim the same files;
/// where they could (a header that would satisfy two formats' columns), the step and the list's
/// order decide.
enum ContentRule: Sendable {
  /// A zip (named `.zip`, or starting with a zip signature), by what it holds; nil when the zip
  /// cannot be opened.
  case zip(@Sendable (_ archive: ZipArchive?) -> Bool)
  /// Any zip that no ``zip(_:)`` rule claimed, a damaged one included.
  case anyZip
  /// The file's first bytes as they are: the signature of a binary file.
  case signature(@Sendable (_ head: ArraySlice<UInt8>) -> Bool)
  /// The first character of the text and what follows: `<`, `{`, `[`. Text that opens as JSON
  /// and is claimed by no rule here is no format's.
  case opening(@Sendable (TextSample) -> Bool)
  /// A word that marks the format anywhere in the text, or on its first line.
  case marker(@Sendable (TextSample) -> Bool)
  /// The columns of the first line read as a CSV header.
  case header(@Sendable (CSVHeader) -> Bool)
  /// A looser header rule, asked only when no ``header(_:)`` rule claimed the file.
  case looseHeader(@Sendable (CSVHeader) -> Bool)

  /// When the rule is asked.
  var step: DetectionStep {
    switch self {
    case .zip: .zip
    case .anyZip: .anyZip
    case .signature: .signature
    case .opening: .opening
    case .marker: .marker
    case .header: .header
    case .looseHeader: .looseHeader
    }
  }

  /// Whether the rule claims the file that `sample` has read so far.
  func claims(_ sample: DetectionSample) -> Bool {
    switch self {
    case .zip(let holds): holds(sample.archive)
    case .anyZip: true
    case .signature(let starts): starts(sample.head)
    case .opening(let looks), .marker(let looks): sample.text.map(looks) ?? false
    case .header(let has), .looseHeader(let has): sample.header.map(has) ?? false
    }
  }
}

/// The steps of detection, in the order they are taken: the container, then the bytes, then
/// the text, then the CSV header, from the most telling evidence to the least.
enum DetectionStep: CaseIterable {
  case zip, anyZip, signature, opening, marker, header, looseHeader
}

/// What detection has read of a file by the step it is at.
struct DetectionSample {
  /// The zip, at the zip steps (nil when it cannot be opened).
  var archive: ZipArchive?
  /// The first 64 KiB as they are.
  var head: ArraySlice<UInt8> = []
  /// The text, once the bytes are known to be text.
  var text: TextSample?
  /// The first line as a CSV header, at the header steps.
  var header: CSVHeader?
}

/// The start of a text file, with a byte-order mark and leading blank space dropped.
struct TextSample {
  /// The bytes, from the first that is not blank.
  let bytes: ArraySlice<UInt8>
  /// The bytes as a string.
  let text: String
  /// The first line.
  let firstLine: String

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    text = String(decoding: bytes, as: UTF8.self)
    firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
  }

  /// Whether the text starts with `character`.
  func opens(with character: Unicode.Scalar) -> Bool {
    bytes.first == UInt8(ascii: character)
  }
}
