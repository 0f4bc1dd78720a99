public import ConfigEngine
public import Core

/// A compiled template and in-app defaults, as a server holds them, evaluated at the time
/// source's `now`.
public struct TemplateFlagSource: FlagSource {
  /// The template; nil for the in-app defaults alone.
  public let template: CompiledTemplate?
  /// The in-app defaults.
  public let defaults: InAppDefaults
  /// The clock `dateTime` conditions read.
  public let timeSource: any TimeSource

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    template: CompiledTemplate?, defaults: InAppDefaults = InAppDefaults(),
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.template = template
    self.defaults = defaults
    self.timeSource = timeSource
  }

  /// The template and defaults, never stale, at the time source's `now`.
  public func flagConfiguration() -> FlagConfiguration? {
    FlagConfiguration(template: template, defaults: defaults, now: timeSource.now)
  }
}
