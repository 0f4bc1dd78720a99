import Core
import Foundation

/// One course as the app wires it: how the router asks it whom it serves, the keys it owns,
/// and its home model as `switchyard home` prints it.
struct AppFeature: Sendable {
  /// The course's descriptor, which carries its identity.
  let descriptor: FeatureDescriptor
  /// Every key the course's module owns.
  let keys: ConfigKeySet
  /// The home model for a signed-in user's grade, from the values at an instant, as JSON.
  let home: @Sendable (Grade, any ConfigValues, Date) -> JSONValue

  init(
    _ descriptor: FeatureDescriptor, keys: ConfigKeySet,
    home: @escaping @Sendable (Grade, any ConfigValues, Date) -> JSONValue
  ) {
    self.descriptor = descriptor
    self.keys = keys
    self.home = home
  }
}
