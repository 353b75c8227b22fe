// Fuzz target: WaterMinder's CSV export (WaterMinderReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
func fuzzWaterMinder(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try WaterMinderReader(source: source, options: ReaderFuzzing.options)
  }
}
