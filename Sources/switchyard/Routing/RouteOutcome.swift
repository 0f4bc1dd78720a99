import ConfigRouting
import RootRouting

/// A planned route and, when a config was available, what it was planned from.
struct RouteOutcome: Sendable {
  let route: Route
  let routed: ConfigRoute?
}
