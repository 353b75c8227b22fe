extension BundleFileNames {
  /// The format a file holds, judged by its name alone (any case), as the registry's
  /// ``ImportFormatDescriptor``s name their files; nil for names no app writes. `export.xml` is
  /// Apple Health's; other XML is decided by content.
  public static func format(of name: String) -> ImportFormat? {
    let lower = name.lowercased()
    return ImportFormats.all.first { descriptor in
      descriptor.fileNames.contains { $0.matches(lower) }
    }?.format
  }
}
