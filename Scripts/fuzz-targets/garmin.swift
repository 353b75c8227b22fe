// Fuzz target: Garmin Connect's hydration log (GarminHydrationReader), a JSON file read from
// a path: any bytes read to the end or throw ImportError, and no event is negative or NaN.
func fuzzGarmin(_ bytes: UnsafeBufferPointer<UInt8>) {
  ReaderFuzzing.checkFile(bytes) { url throws(ImportError) in
    try GarminHydrationReader(url: url, options: ReaderFuzzing.options)
  }
}
