import LiquidusModel

/// One step of a ``RecordReader``: a record, a rejected row, or a record of another kind.
public enum ReaderEvent: Sendable, Hashable {
  /// A drink, caffeine or workout record.
  case record(ImportedRecord)
  /// A bad row; `reason` says what was wrong and what was expected.
  case rejected(line: Int, reason: String)
  /// A record of another kind (StepCount, HeartRate, ...), counted by the caller.
  case skipped(recordType: String)
  /// A drink and a caffeine record from one Apple Health Food correlation: the caffeine is the
  /// drink's own, not a second intake. Both also appear as top-level records. Boxed, so that
  /// this rare event does not double the size of every event a reader returns.
  indirect case food(drink: ImportedRecord, caffeine: ImportedRecord)
}
