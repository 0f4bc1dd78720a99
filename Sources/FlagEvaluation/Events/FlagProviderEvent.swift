/// An OpenFeature provider event, as a client's flags see them (`RemoteConfigClient.flagEvents`).
public enum FlagProviderEvent: Sendable, Hashable {
  /// `PROVIDER_READY`: a template is active (restored from the store or activated), and the
  /// client is neither failing nor stale; also when it recovers from either.
  case ready
  /// `PROVIDER_CONFIGURATION_CHANGED`: the active values changed, for these keys.
  case configurationChanged(flagsChanged: Set<String>)
  /// `PROVIDER_STALE`: the client was marked stale; its values may be out of date.
  case stale
  /// `PROVIDER_ERROR`: a fetch failed, with why (the template that was active still answers).
  case error(FlagErrorCode, message: String)

  /// OpenFeature's name of the event, e.g. `PROVIDER_READY`.
  public var name: String {
    switch self {
    case .ready: "PROVIDER_READY"
    case .configurationChanged: "PROVIDER_CONFIGURATION_CHANGED"
    case .stale: "PROVIDER_STALE"
    case .error: "PROVIDER_ERROR"
    }
  }
}
