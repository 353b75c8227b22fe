// libFuzzer target: the converter CSVs (HealthCSVReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHealthCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ReaderFuzzing.check(data, size) { source throws(ImportError) in
    try HealthCSVReader(source: source)
  }
  return 0
}
