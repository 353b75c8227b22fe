// libFuzzer target: WaterMinder's CSV export (WaterMinderReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWaterMinder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ReaderFuzzing.check(data, size) { source throws(ImportError) in
    try WaterMinderReader(source: source, options: ReaderFuzzing.options)
  }
  return 0
}
