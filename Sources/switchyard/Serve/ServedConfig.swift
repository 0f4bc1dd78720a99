import ConfigEngine
import Core
import FlagEvaluation
import Foundation

/// What `switchyard serve` answers from at one moment: the active template (nil while only
/// in-app defaults serve, or nothing at all yet), the in-app defaults and the route planner
/// built for the template. Immutable; a reload or refresh builds a new one and swaps it in
/// whole, so each request reads one consistent value with one short lock.
struct ServedConfig: Sendable {
  /// The active template; nil before one is loaded.
  let template: CompiledTemplate?
  /// The in-app defaults (`--defaults`), beside and under the template.
  let defaults: InAppDefaults
  /// `/switchyard/v1/route`'s planner for the template; nil without one.
  let planner: RoutePlanning?
  /// Whether the template may be out of date: its source has failed to answer for a while
  /// (`ServeRun.staleAfterFailures` refreshes in a row). OFREP then answers `STALE` where it
  /// would answer `TARGETING_MATCH`, `SPLIT`, `DEFAULT` or `STATIC`, with the same values.
  var isStale = false
  /// Whether there is anything to answer from: a template or in-app defaults (`/readyz`).
  var isReady: Bool { template != nil || !defaults.keys.isEmpty }

  /// The version the event stream and `/metrics` name: the template's version number, or
  /// nil without one.
  var versionNumber: Int? { template?.versionNumber }
}

/// The config `serve` answers from, swapped whole on each reload or refresh.
final class ServedConfigCell: Sendable {
  private let current: LockedState<ServedConfig>
  /// The clock evaluations read (`dateTime` conditions): the tool's time source.
  let timeSource: any TimeSource

  init(_ initial: ServedConfig, timeSource: any TimeSource) {
    current = LockedState(initial)
    self.timeSource = timeSource
  }

  /// The config now.
  var config: ServedConfig { current.withLock { $0 } }

  /// Makes `config` the one answered from, from the next request on.
  func replace(with config: ServedConfig) {
    current.withLock { $0 = config }
  }

  /// Marks the config answered from as possibly out of date, or clears the mark.
  func markStale(_ isStale: Bool) {
    current.withLock { $0.isStale = isStale }
  }

  /// The evaluator's view: the current template and defaults at the current time; nil (503)
  /// while there is nothing to answer from.
  func flagConfiguration() -> FlagConfiguration? {
    let config = self.config
    guard config.isReady else { return nil }
    return FlagConfiguration(
      template: config.template, defaults: config.defaults, isStale: config.isStale,
      now: timeSource.now)
  }
}
