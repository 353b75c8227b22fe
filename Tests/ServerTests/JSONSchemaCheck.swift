import Foundation

/// A JSON value as decoded, booleans apart from numbers (which JSONSerialization blurs).
indirect enum JSONValue: Decodable, Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else if let value = try? single.decode(String.self) {
      self = .string(value)
    } else if let value = try? single.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try single.decode([String: JSONValue].self))
    }
  }

  static func parse(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}

/// The part of JSON Schema the OpenAPI document uses (`$ref`, `anyOf`, `type`, `const`,
/// `enum`, `required`, `properties`, `additionalProperties`, `items`), enough to tell whether
/// a real answer is what the document promises. Every mismatch is named by its path.
struct JSONSchemaCheck {
  let document: JSONValue

  func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$")
    -> [String]
  {
    guard case .object(let rule) = schema else { return [] }
    if case .string(let reference)? = rule["$ref"] {
      guard let target = resolve(reference) else { return ["\(path): no schema \(reference)"] }
      return problems(value, against: target, at: path)
    }
    if case .array(let choices)? = rule["anyOf"] {
      let failures = choices.map { problems(value, against: $0, at: path) }
      return failures.contains { $0.isEmpty }
        ? [] : ["\(path): matches none of anyOf"] + failures[0]
    }
    var found: [String] = []
    if let constant = rule["const"], constant != value { found.append("\(path): not \(constant)") }
    if case .array(let allowed)? = rule["enum"], !allowed.contains(value) {
      found.append("\(path): \(value) is not one of \(allowed)")
    }
    if let type = rule["type"], !Self.types(type).contains(where: { Self.value(value, is: $0) }) {
      return found + ["\(path): \(value) is not \(type)"]
    }
    switch value {
    case .object(let members):
      if case .array(let required)? = rule["required"] {
        for case .string(let name) in required where members[name] == nil {
          found.append("\(path): \(name) is missing")
        }
      }
      let properties: [String: JSONValue]
      if case .object(let declared)? = rule["properties"] {
        properties = declared
      } else {
        properties = [:]
      }
      for (name, member) in members {
        if let property = properties[name] {
          found += problems(member, against: property, at: "\(path).\(name)")
        } else if rule["additionalProperties"] == .bool(false) {
          found.append("\(path).\(name) is not in the document")
        } else if let extra = rule["additionalProperties"] {
          found += problems(member, against: extra, at: "\(path).\(name)")
        }
      }
    case .array(let items):
      if let itemRule = rule["items"] {
        for (index, item) in items.enumerated() {
          found += problems(item, against: itemRule, at: "\(path)[\(index)]")
        }
      }
    default: break
    }
    return found
  }

  /// The schema a local `$ref` (`#/components/...`) names.
  func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/") else { return nil }
    var node: JSONValue? = document
    for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
    return node
  }

  private static func types(_ type: JSONValue) -> [String] {
    switch type {
    case .string(let one): [one]
    case .array(let many): many.compactMap { if case .string(let name) = $0 { name } else { nil } }
    default: []
    }
  }

  private static func value(_ value: JSONValue, is type: String) -> Bool {
    switch (value, type) {
    case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"),
      (.object, "object"), (.number, "number"):
      true
    case (.number(let number), "integer"): number == number.rounded()
    default: false
    }
  }
}
