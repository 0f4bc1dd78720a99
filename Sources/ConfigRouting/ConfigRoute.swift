public import ConfigEngine
import Core
public import Foundation
public import RootRouting

/// A route with what it was planned from: the context as evaluated (the app's signals
/// included), the values, and the prepared configuration, so a caller can explain the route
/// or ask every feature about the user without evaluating again.
public struct ConfigRoute: Sendable {
  /// The screen, its reasons and its orientations.
  public let route: Route
  /// The context the template was evaluated for, completed with `AppSignals`.
  public let context: EvaluationContext
  /// The instant the template was evaluated at when the context gives none.
  public let now: Date
  /// Every key's value for that context.
  public let values: EvaluatedConfig
  /// The gates and feature rules prepared from `values`: `eligibility(for:)` gives every
  /// feature's answer from the rules already made.
  public let configuration: RouteConfiguration
}
