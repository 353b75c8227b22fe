// Fuzz target: Apple Health's export.xml (AppleHealthXMLReader) reads any bytes to the end or
// throws ImportError, and reads them the same in one piece and in short reads (ReaderFuzzing).
func fuzzAppleHealthXML(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.check(bytes) { source throws(ImportError) in
    AppleHealthXMLReader(source: source)
  }
}
