/// A Firebase Remote Config template, client or server format, as read from JSON: ordered
/// conditions, parameters (group members included) and version metadata.
///
/// A `Template` is plain data. `CompiledTemplate(template)` prepares it for evaluation;
/// `TemplateWriter` writes it back as JSON, with everything the model does not hold (each
/// level's `otherMembers`, unevaluated value kinds, member order) as it was read.
public struct Template: Sendable, Hashable {
  /// The conditions in template order: earlier conditions win.
  public var conditions: [NamedCondition]
  /// Every parameter, top-level ones first, then each group's, in document order.
  public var parameters: [TemplateParameter]
  /// The parameter groups with their descriptions, in document order.
  public var parameterGroups: [ParameterGroup]
  /// The `version` object, when present.
  public var version: TemplateVersion?
  /// The template's ETag, when present in the body.
  public var etag: String?
  /// The members of the template object besides the ones above.
  public var otherMembers: OtherMembers

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    conditions: [NamedCondition] = [], parameters: [TemplateParameter] = [],
    parameterGroups: [ParameterGroup] = [], versionNumber: Int? = nil, etag: String? = nil
  ) {
    self.conditions = conditions
    self.parameters = parameters
    self.parameterGroups = parameterGroups
    self.version = versionNumber.map { TemplateVersion(number: $0) }
    self.etag = etag
    self.otherMembers = OtherMembers()
  }

  /// The template's version number (`version.versionNumber`), when present. Setting it
  /// creates the `version` object when there is none.
  public var versionNumber: Int? {
    get { version?.number }
    set {
      if version == nil, newValue == nil { return }
      version = version ?? TemplateVersion()
      version?.number = newValue
    }
  }
}
