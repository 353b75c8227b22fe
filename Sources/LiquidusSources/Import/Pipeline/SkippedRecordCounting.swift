/// A reader that can count the records it skips itself, by the bytes of their type (see
/// ``SkippedTypeTally`` for why). ``PrefetchingReader`` switches it on and collects the counts
/// with each batch; read on its own, the reader names each skipped record's type as before.
protocol SkippedRecordCounting: AnyObject {
  /// When true, a skipped record is counted for ``takeSkippedCounts()`` and ``RecordReader/next()``
  /// returns `.skipped(recordType: "")` for it: a constant, which costs no String, but still
  /// an event, so that a long run of skipped records moves the progress as before. A skipped
  /// event with a name (a workout out of range) is the caller's to count, as before.
  var countsSkippedRecords: Bool { get set }
  /// Records skipped since the last call, by record type.
  func takeSkippedCounts() -> [String: Int]
}
