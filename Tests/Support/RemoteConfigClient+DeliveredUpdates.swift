package import ConfigClient
import ConfigEngine
import Foundation

extension RemoteConfigClient {
  /// The updates `iterator` has been sent so far (see `delivered(_:isMarker:)`).
  package nonisolated func deliveredUpdates(
    _ iterator: inout AsyncStream<ConfigUpdate>.Iterator
  ) async -> [ConfigUpdate] {
    await delivered(&iterator) { update, marker in update.updatedKeys.contains(marker) }
  }

  /// The events `iterator` has been sent so far (see `delivered(_:isMarker:)`).
  package nonisolated func deliveredEvents(
    _ iterator: inout AsyncStream<ClientEvent>.Iterator
  ) async -> [ClientEvent] {
    await delivered(&iterator) { event, marker in
      if case .updated(let keys) = event { return keys.contains(marker) }
      return false
    }
  }

  /// What a stream of the client's (`iterator`) has been sent so far. A marker default is set
  /// and removed again (two value changes of their own, which `isMarker` recognizes by the
  /// marker key), and elements are read up to the marker's removal, so an element that was
  /// never sent fails a test instead of hanging it.
  package nonisolated func delivered<Element>(
    _ iterator: inout AsyncStream<Element>.Iterator,
    isMarker: (Element, String) -> Bool
  ) async -> [Element] {
    let marker = "zz_marker_\(UUID().uuidString.prefix(8))"
    let defaults = await self.defaults
    var marked = defaults.values
    marked[marker] = "1"
    await setDefaults(InAppDefaults(marked, valueTypes: defaults.valueTypes))
    await setDefaults(defaults)
    var delivered: [Element] = []
    var markers = 0
    while markers < 2, let element = await iterator.next() {
      if isMarker(element, marker) {
        markers += 1
      } else {
        delivered.append(element)
      }
    }
    return delivered
  }
}
