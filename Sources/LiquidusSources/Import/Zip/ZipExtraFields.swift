/// The extra fields after a zip header's name: a run of (id, size, data) that tools use to say
/// what the fixed header cannot (ZIP64 sizes, a name in Unicode, times).
///
/// A field that claims more bytes than remain ends the run: Info-ZIP and 7-Zip are as lenient,
/// and the fields Liquidus reads are only refinements of what the fixed header says.
struct ZipExtraFields {
  /// The ZIP64 extended information field (APPNOTE 4.5.3).
  static let zip64: UInt16 = 0x0001
  /// Info-ZIP's Unicode Path field (APPNOTE 4.6.9): the name in UTF-8, tied to the header's
  /// bytes by their CRC-32.
  static let unicodePath: UInt16 = 0x7075

  private let fields: [(id: UInt16, data: [UInt8])]

  init(_ bytes: [UInt8]) {
    var fields: [(UInt16, [UInt8])] = []
    let reader = ZipBytes(bytes)
    var offset = 0
    while let id = reader.uint16(at: offset), let size = reader.uint16(at: offset + 2),
      let data = reader.slice(at: offset + 4, count: Int(size))
    {
      fields.append((id, data))
      offset += 4 + Int(size)
    }
    self.fields = fields
  }

  /// The data of the first field with `id`.
  subscript(id: UInt16) -> [UInt8]? {
    fields.first { $0.id == id }?.data
  }
}
