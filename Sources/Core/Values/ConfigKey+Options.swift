extension ConfigKey where Value == [String] {
  /// A JSON key holding an ordered list of option names, such as a home screen's sections:
  /// `["review", "library"]`. Any JSON array of strings decodes; which names are known is
  /// decided when reading with `ConfigValues.options(_:as:noun:)`.
  public init(optionList name: String, default defaultValue: [String], description: String = "") {
    self.init(
      name, valueType: .json, default: defaultValue,
      defaultRawValue: JSONValue.array(defaultValue.map { .string($0) }).jsonText,
      description: description
    ) { value throws(ConfigValueError) in
      let expected = "a JSON array of names"
      var names: [String] = []
      for (index, element) in try value.jsonArray(expected: expected).enumerated() {
        guard case .string(let name) = element else {
          throw ConfigValueError(
            key: value.key, rawValue: value.rawValue, expected: expected,
            detail: "element [\(index)] must be a string, found \(element.kindDescription)")
        }
        names.append(name)
      }
      return names
    }
  }
}

extension ConfigValues {
  /// Reads an option list through `key` as known cases of `Option`, in the list's order.
  ///
  /// Unknown names and repeated names are dropped, each with a diagnostic; when no known
  /// option remains, the key's default stands in, with a diagnostic. A malformed value reads
  /// as the default with the key's own diagnostic. Remote lists can thus reorder and hide
  /// options, never invent them.
  /// - Parameter noun: what one option is called in diagnostics, e.g. `section`, `tab`.
  public func options<Option: RawRepresentable & CaseIterable & Equatable>(
    _ key: ConfigKey<[String]>, as type: Option.Type, noun: String
  ) -> Explained<[Option]> where Option.RawValue == String {
    let names = resolve(key)
    var diagnostics = names.diagnostic.map { [$0] } ?? []
    var options: [Option] = []
    for name in names.value {
      guard let option = Option(rawValue: name) else {
        let known = Option.allCases.map(\.rawValue).joined(separator: ", ")
        diagnostics.append(
          .diagnostic("key '\(key.name)': unknown \(noun) \"\(name)\" dropped (known: \(known))"))
        continue
      }
      guard !options.contains(option) else {
        diagnostics.append(
          .diagnostic("key '\(key.name)': \(noun) \"\(name)\" is listed twice; keeping the first"))
        continue
      }
      options.append(option)
    }
    guard options.isEmpty else { return Explained(options, reasons: diagnostics) }
    diagnostics.append(
      .diagnostic(
        "key '\(key.name)': no known \(noun) to show; using the default \(key.defaultRawValue)"))
    return Explained(key.defaultValue.compactMap(Option.init(rawValue:)), reasons: diagnostics)
  }
}
