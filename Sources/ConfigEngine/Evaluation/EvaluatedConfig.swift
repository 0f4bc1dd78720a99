public import Core

/// The values of one evaluation: every template key and every in-app default key, each with
/// its source. An immutable value; reading it takes no lock and parses nothing.
public struct EvaluatedConfig: ConfigValues {
  let template: CompiledTemplate
  /// The in-app defaults the evaluation used.
  public let defaults: InAppDefaults
  /// Per parameter: the condition whose conditional value was chosen, or -1 for the default.
  let choices: [Int32]

  /// The value for `key`: the template's choice, the in-app default, or nil when neither
  /// the template nor the defaults know the key.
  public func configValue(forKey key: String) -> ConfigValue? {
    guard let index = template.storage.parameterIndex[key] else {
      return defaults[key].map { ConfigValue(key: key, rawValue: $0, source: .default) }
    }
    return template.value(ofParameter: index, winner: Int(choices[index]), defaults: defaults)
  }

  /// Template keys and in-app default keys, sorted.
  public var keys: [String] {
    Set(template.storage.parameters.map(\.key)).union(defaults.keys).sorted()
  }

  /// The template's version number, when it has one.
  public var versionNumber: Int? { template.versionNumber }
}

extension EvaluatedConfig {
  /// The in-app defaults alone, as a template without parameters would evaluate them (one
  /// shared empty template, so no evaluation runs and nothing is written).
  package init(defaultsAlone defaults: InAppDefaults) {
    self.init(template: Self.emptyTemplate, defaults: defaults, choices: [])
  }

  /// A template without parameters, for `init(defaultsAlone:)`.
  private static let emptyTemplate = CompiledTemplate(Template())
}
