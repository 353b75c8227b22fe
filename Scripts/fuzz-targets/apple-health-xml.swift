// libFuzzer target: Apple Health's export.xml (AppleHealthXMLReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppleHealthXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ReaderFuzzing.check(data, size) { source throws(ImportError) in
    AppleHealthXMLReader(source: source)
  }
  return 0
}
