// libFuzzer target: Samsung Health's water and caffeine files (SamsungHealthReader) read any
// bytes to the end or throw ImportError, and read them the same in one piece and in short
// reads (ReaderFuzzing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSamsungHealth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ReaderFuzzing.check(data, size) { source throws(ImportError) in
    try SamsungHealthReader(source: source, options: ReaderFuzzing.options)
  }
  return 0
}
