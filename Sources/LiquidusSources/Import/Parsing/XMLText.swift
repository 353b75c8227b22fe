/// Decodes XML attribute text: the five predefined entities and character references.
///
/// No other entity is ever expanded: an undefined reference is reported, never looked up.
/// Attribute-value normalisation turns tabs and line breaks into spaces; other C0 control
/// characters (real exports contain stray `\u{0B}`) are dropped instead of failing the record.
enum XMLText {
  enum Failure: Error, Equatable {
    case undefinedEntity(String)
    case invalidCharacterReference(String)

    var message: String {
      switch self {
      case .undefinedEntity(let name):
        "undefined entity &\(name); (only &lt; &gt; &amp; &quot; &apos; and &#NN; are allowed)"
      case .invalidCharacterReference(let text):
        "invalid character reference &\(text);"
      }
    }
  }

  /// The decoded text of `span` as a String.
  static func decode(_ span: ByteSpan) throws(Failure) -> String {
    if isPlain(span) { return span.string }
    let bytes = try decodeBytes(span)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// True when the bytes need no decoding: no `&` and no control characters.
  static func isPlain(_ span: ByteSpan) -> Bool {
    for i in 0..<span.count where span[i] == UInt8(ascii: "&") || span[i] < 0x20 {
      return false
    }
    return true
  }

  static func decodeBytes(_ span: ByteSpan) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(span.count)
    var i = 0
    while i < span.count {
      let c = span[i]
      if c == UInt8(ascii: "&") {
        var j = i + 1
        while j < span.count, j - i <= 12, span[j] != UInt8(ascii: ";") { j += 1 }
        guard j < span.count, span[j] == UInt8(ascii: ";") else {
          throw .undefinedEntity(ByteSpan(span.start + i + 1, min(12, span.count - i - 1)).string)
        }
        try append(reference: ByteSpan(span.start + i + 1, j - i - 1), to: &out)
        i = j + 1
      } else {
        if c == 0x09 || c == 0x0A || c == 0x0D {
          out.append(0x20)
        } else if c >= 0x20 {
          out.append(c)
        }
        i += 1
      }
    }
    return out
  }

  private static func append(reference name: ByteSpan, to out: inout [UInt8]) throws(Failure) {
    if name.equals("lt") {
      out.append(UInt8(ascii: "<"))
    } else if name.equals("gt") {
      out.append(UInt8(ascii: ">"))
    } else if name.equals("amp") {
      out.append(UInt8(ascii: "&"))
    } else if name.equals("quot") {
      out.append(UInt8(ascii: "\""))
    } else if name.equals("apos") {
      out.append(UInt8(ascii: "'"))
    } else if name.count >= 2 && name[0] == UInt8(ascii: "#") {
      let hex = name[1] == UInt8(ascii: "x")
      let digits = ByteSpan(name.start + (hex ? 2 : 1), name.count - (hex ? 2 : 1))
      guard !digits.isEmpty, digits.count <= 8,
        let value = UInt32(digits.string, radix: hex ? 16 : 10),
        value != 0, let scalar = Unicode.Scalar(value)
      else { throw .invalidCharacterReference(name.string) }
      out.append(contentsOf: String(Character(scalar)).utf8)
    } else {
      throw .undefinedEntity(name.string)
    }
  }
}
