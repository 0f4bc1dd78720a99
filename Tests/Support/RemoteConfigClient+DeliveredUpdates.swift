package import ConfigClient
import ConfigEngine
import Foundation

extension RemoteConfigClient {
  /// The updates `iterator` has been sent so far. A marker default is set and removed again
  /// (two updates of their own), and updates are read up to the marker's removal, so an
  /// update that was never sent fails a test instead of hanging it.
  package nonisolated func deliveredUpdates(
    _ iterator: inout AsyncStream<ConfigUpdate>.Iterator
  ) async -> [ConfigUpdate] {
    let marker = "zz_marker_\(UUID().uuidString.prefix(8))"
    let defaults = await self.defaults
    var marked = defaults.values
    marked[marker] = "1"
    await setDefaults(InAppDefaults(marked))
    await setDefaults(defaults)
    var delivered: [ConfigUpdate] = []
    var markers = 0
    while markers < 2, let update = await iterator.next() {
      if update.updatedKeys.contains(marker) {
        markers += 1
      } else {
        delivered.append(update)
      }
    }
    return delivered
  }
}
