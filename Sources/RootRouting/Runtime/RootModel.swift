public import Core
public import Observation

/// The root for SwiftUI and UIKit: the route a `RootRuntime` shows, observable on the main
/// actor, and `send(_:)` for what the app observes. The app's root view switches on
/// `screen`; it holds no routing logic of its own.
///
/// The model follows the runtime: an event sent here shows its route at once, and routes
/// that follow an effect's answer (the config arrived, a profile loaded) arrive through the
/// runtime's `routes()`. A change of route is one observable change; an event that changes
/// nothing changes nothing observable.
@MainActor
@Observable
public final class RootModel {
  /// The route on screen.
  public private(set) var route: Route

  @ObservationIgnored private let runtime: RootRuntime
  @ObservationIgnored private var following: Task<Void, Never>?

  /// A model showing `runtime`'s routes from now on; start the runtime before or after.
  public init(runtime: RootRuntime) {
    self.runtime = runtime
    route = runtime.route
    let routes = runtime.routes()
    following = Task { [weak self] in
      // Each element says the route changed; the runtime's current route is read instead of
      // the element, so a route `send` already showed is never replaced by an older one.
      for await _ in routes {
        guard let self else { return }
        refresh()
      }
    }
  }

  deinit {
    following?.cancel()
  }

  /// The screen to show.
  public var screen: Screen { route.screen }

  /// The orientations the screen asks for: what the root view controller's (or the app
  /// delegate's) `supportedInterfaceOrientations` answers. Its raw value is UIKit's:
  /// `UIInterfaceOrientationMask(rawValue: model.orientations.rawValue)`. When it changes,
  /// call `setNeedsUpdateOfSupportedInterfaceOrientations()` so UIKit asks again.
  public var orientations: OrientationMask { route.orientations }

  /// Tells the runtime what the app observed, and shows the route it leads to.
  public func send(_ event: RootRuntime.Event) {
    runtime.send(event)
    refresh()
  }

  private func refresh() {
    let current = runtime.route
    // Set only a different route: Observation before Swift 6.2 reports every set, equal or
    // not, and a view must not hear of a change that changes nothing.
    if current != route { route = current }
  }
}
