// Fuzz target: Health Auto Export's wide CSV (HealthAutoExportReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
func fuzzHealthAutoExport(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try HealthAutoExportReader(source: source, options: ReaderFuzzing.options)
  }
}
