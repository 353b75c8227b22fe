// Fuzz target: Samsung Health's water and caffeine files (SamsungHealthReader) read any
// bytes to the end or throw ImportError, and read them the same in one piece and in short
// reads (ReaderFuzzing).
func fuzzSamsungHealth(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try SamsungHealthReader(source: source, options: ReaderFuzzing.options)
  }
}
