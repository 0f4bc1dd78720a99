extension Template {
  /// Parses template JSON, client or server format.
  /// - Throws: `TemplateError` listing every error (with warnings) when any error is found.
  public init(json text: String) throws(TemplateError) {
    try self.init(checking: TemplateReader().read(text))
  }

  /// Parses template JSON bytes, client or server format.
  /// - Throws: `TemplateError` listing every error (with warnings) when any error is found.
  public init(jsonBytes bytes: some Collection<UInt8>) throws(TemplateError) {
    try self.init(checking: TemplateReader().read(utf8: bytes))
  }

  private init(checking result: TemplateReader.Result) throws(TemplateError) {
    guard let template = result.template,
      !result.problems.contains(where: { $0.severity == .error })
    else {
      throw TemplateError(
        problems: result.problems.filter { $0.severity == .error }
          + result.problems.filter { $0.severity == .warning })
    }
    self = template
  }
}
