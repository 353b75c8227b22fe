/// A period that splits into smaller consecutive periods ("buckets") for charts and totals.
///
/// The buckets tile the period exactly: the first starts where the period starts, each ends where
/// the next starts, and the last ends where the period ends.
public protocol DividedPeriod: DatesProtocol {
  /// The kind of period the buckets are.
  associatedtype Bucket: DatesProtocol
  /// The consecutive sub-periods covering this period, in order.
  var buckets: [Bucket] { get }
}
