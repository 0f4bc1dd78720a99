/// A Firebase Remote Config template, client or server format, as read from JSON: ordered
/// conditions, parameters (group members included) and version metadata.
///
/// A `Template` is plain data. `CompiledTemplate(template)` prepares it for evaluation.
public struct Template: Sendable, Hashable {
  /// The conditions in template order: earlier conditions win.
  public var conditions: [NamedCondition]
  /// Every parameter, top-level ones first, then each group's, in document order.
  public var parameters: [TemplateParameter]
  /// The parameter groups with their descriptions, in document order.
  public var parameterGroups: [ParameterGroup]
  /// The template's version number (`version.versionNumber`), when present.
  public var versionNumber: Int?
  /// The template's ETag, when present in the body.
  public var etag: String?

  /// Creates a template.
  public init(
    conditions: [NamedCondition] = [], parameters: [TemplateParameter] = [],
    parameterGroups: [ParameterGroup] = [], versionNumber: Int? = nil, etag: String? = nil
  ) {
    self.conditions = conditions
    self.parameters = parameters
    self.parameterGroups = parameterGroups
    self.versionNumber = versionNumber
    self.etag = etag
  }
}

/// A parameter group: organisational only, its parameters are ordinary parameters.
public struct ParameterGroup: Sendable, Hashable {
  /// The group's name.
  public var name: String
  /// The group's description.
  public var description: String?

  /// Creates a group.
  public init(name: String, description: String? = nil) {
    self.name = name
    self.description = description
  }
}
