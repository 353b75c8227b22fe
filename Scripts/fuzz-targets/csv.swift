// Fuzz target: the plain date,drink,amount,unit CSV (PlainCSVReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
func fuzzPlainCSV(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try PlainCSVReader(source: source, options: ReaderFuzzing.options)
  }
}
