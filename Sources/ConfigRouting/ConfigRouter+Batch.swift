public import ConfigEngine
import Core
public import Foundation
public import RootRouting

extension ConfigRouter {
  /// Routes many users in turn, exactly as `ConfigRouter.route(_:context:now:)` does, but
  /// prepares the route configuration once per distinct set of values instead of once per
  /// user. Preparing (the gates read, every feature's rule made, their JSON decoded) costs
  /// more than evaluating, and a population takes only the few sets of values its template's
  /// conditions split it into.
  ///
  /// Use one where one task routes many users in a loop: a simulation over a synthetic
  /// population, a comparison of two templates (a batch per template), a report or a job
  /// over a server's user base. A server answering requests on many tasks calls
  /// `route(_:context:now:)` per request, which shares nothing.
  ///
  /// A batch is a value with a cache in it, not shared state: give each task its own (making
  /// one costs nothing until it routes); a copy is a copy, its cache grows apart. The router
  /// the batches share is immutable.
  ///
  /// ```swift
  /// var batch = router.batch()
  /// for user in users {
  ///   let routed = batch.route(user.input, context: user.context, now: now)
  ///   screens[routed.route.screen.name, default: 0] += 1
  /// }
  /// ```
  ///
  /// Only the values of the keys a configuration reads (`RouteConfiguration.keyNames`) pick
  /// the configuration, so a parameter no route reads never splits the cache; every route
  /// still carries the user's own values and context. At most `capacity` configurations are
  /// kept: a template that splits users more finely than that costs a preparation per user
  /// beyond them, never memory.
  public struct Batch: Sendable {
    /// The router every route goes through.
    public let router: ConfigRouter
    /// The most configurations kept at once.
    public let capacity: Int
    /// Configurations by the values they were prepared from: per routed parameter, its
    /// winning condition (`EvaluatedConfig.winningConditions`; equal winners, equal values).
    private var configurations: [[Int32]: RouteConfiguration] = [:]

    /// An empty batch over `router` that keeps at most `capacity` configurations.
    public init(router: ConfigRouter, capacity: Int = 4_096) {
      self.router = router
      self.capacity = max(0, capacity)
    }

    /// How many configurations the batch holds.
    var configurationCount: Int { configurations.count }

    /// The route for `input`, as `ConfigRouter.route(_:context:now:)` gives it: the route,
    /// the context completed with the app's signals, the user's values and the configuration
    /// planned from, which is an earlier user's when the routed keys' values are the same.
    public mutating func route(
      _ input: RouteInput, context: EvaluationContext = EvaluationContext(), now: Date
    ) -> ConfigRoute {
      router.route(input, context: context, now: now) { values in
        let winners = values.winningConditions
        let choices = router.routedParameters.map { winners[$0] }
        if let prepared = configurations[choices] { return prepared }
        let configuration = RouteConfiguration(
          values: values, descriptors: router.features, origin: .activated)
        if configurations.count < capacity { configurations[choices] = configuration }
        return configuration
      }
    }
  }

  /// An empty `Batch` over this router, for one task to route many users with.
  public func batch(capacity: Int = 4_096) -> Batch {
    Batch(router: self, capacity: capacity)
  }
}
