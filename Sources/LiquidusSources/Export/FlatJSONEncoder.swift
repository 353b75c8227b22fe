/// Encodes a flat `Encodable` value (one object of strings, numbers, booleans and nulls) as one
/// line of JSON, keys in the order the value encodes them.
///
/// `export --format json` writes a million entries; Foundation's `JSONEncoder` builds a tree of
/// boxed values per object and costs about 5 µs an entry, which would make the export half as
/// slow again. This writes straight into a string. Nested containers are not needed by any
/// exported type and are refused.
struct FlatJSONEncoder {
  /// `value` as a compact JSON object.
  func encode(_ value: some Encodable) throws -> String {
    let object = ObjectWriter()
    try value.encode(to: object)
    return object.text + "}"
  }

  /// A failure to encode: the value is not a flat object.
  struct NotFlat: Error, CustomStringConvertible {
    var description: String { "FlatJSONEncoder encodes objects of scalar values only" }
  }
}

/// The object being written; the keyed container appends to it.
private final class ObjectWriter: Encoder {
  var text = "{"
  private var empty = true
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(FieldWriter<Key>(object: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    fatalError("\(FlatJSONEncoder.NotFlat())")
  }
  func singleValueContainer() -> any SingleValueEncodingContainer {
    fatalError("\(FlatJSONEncoder.NotFlat())")
  }

  /// Appends `"key":` and the already-encoded `json`.
  func field(_ key: some CodingKey, _ json: String) {
    // A flag, not `text.count`: counting Characters walks the whole string every time.
    if !empty { text += "," }
    empty = false
    text += JSONLiteral.string(key.stringValue) + ":" + json
  }
}

private struct FieldWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: ObjectWriter
  var codingPath: [any CodingKey] { [] }

  func encodeNil(forKey key: Key) { object.field(key, "null") }
  func encode(_ value: Bool, forKey key: Key) { object.field(key, value ? "true" : "false") }
  func encode(_ value: String, forKey key: Key) { object.field(key, JSONLiteral.string(value)) }
  func encode(_ value: Double, forKey key: Key) throws {
    object.field(key, try JSONLiteral.number(value))
  }
  func encode(_ value: Int, forKey key: Key) { object.field(key, String(value)) }
  func encode(_ value: Int64, forKey key: Key) { object.field(key, String(value)) }

  func encode(_ value: some Encodable, forKey key: Key) throws {
    if case Optional<Any>.none = value as Any {
      encodeNil(forKey: key)
      return
    }
    switch value {
    case let string as String: encode(string, forKey: key)
    case let number as Double: try encode(number, forKey: key)
    case let number as Int: encode(number, forKey: key)
    case let number as Int64: encode(number, forKey: key)
    case let flag as Bool: encode(flag, forKey: key)
    default: throw FlatJSONEncoder.NotFlat()
    }
  }

  func encodeIfPresent(_ value: String?, forKey key: Key) {
    if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> { fatalError("\(FlatJSONEncoder.NotFlat())") }
  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    fatalError("\(FlatJSONEncoder.NotFlat())")
  }
  func superEncoder() -> any Encoder { object }
  func superEncoder(forKey key: Key) -> any Encoder { object }
}

/// JSON literals as RFC 8259 writes them.
package enum JSONLiteral {
  /// A string literal: quotes, backslashes and control characters escaped, the rest as is.
  package static func string(_ text: String) -> String {
    // Most names and notes need no escaping: then the literal is the text in quotes, without
    // the scalar-by-scalar rebuild (a million entries in an export).
    var plain = true
    for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      plain = false
      break
    }
    if plain { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The shortest decimal that reads back as the same Double, without `.0` on whole numbers.
  /// - Throws: for infinity and NaN, which JSON cannot hold.
  package static func number(_ value: Double) throws -> String {
    guard value.isFinite else { throw FlatJSONEncoder.NotFlat() }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
