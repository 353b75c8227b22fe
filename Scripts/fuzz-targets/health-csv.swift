// Fuzz target: the converter CSVs (HealthCSVReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
func fuzzHealthCSV(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try HealthCSVReader(source: source)
  }
}
