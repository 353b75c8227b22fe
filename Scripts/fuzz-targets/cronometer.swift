// Fuzz target: Cronometer's servings export (CronometerReader) reads any bytes to the end or
// throws ImportError, the same in one piece and in short reads (ReaderFuzzing).
func fuzzCronometer(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    try CronometerReader(source: source, options: ReaderFuzzing.options)
  }
}
