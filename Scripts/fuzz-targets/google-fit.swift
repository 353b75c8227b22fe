// Fuzz target: Google Fit's hydration data points from Takeout (GoogleFitReader), a JSON file
// read from a path: any bytes read to the end or throw ImportError.
func fuzzGoogleFit(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.checkFile(bytes) { url throws(ImportError) in
    try GoogleFitReader(url: url)
  }
}
