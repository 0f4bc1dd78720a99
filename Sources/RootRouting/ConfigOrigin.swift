import Core

/// Where the config a route was decided with came from.
public enum ConfigOrigin: String, Sendable, Hashable, CaseIterable {
  /// Fetched and activated during this run (or pushed by a real-time update).
  case activated
  /// Activated during an earlier run and restored from storage at launch.
  case cached
  /// Nothing arrived in time (the loading timer fired, or the fetch failed): the in-app
  /// defaults stand in until a config is activated.
  case defaults

  /// The first reason of every route decided with this config.
  var reason: Reason {
    switch self {
    case .activated: .because("config: activated")
    case .cached: .because("config: cached from an earlier launch")
    case .defaults: .because("config: in-app defaults, because no config arrived in time")
    }
  }
}
