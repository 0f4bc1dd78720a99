import ConfigClient
import Core
import Foundation
@testable import switchyard

extension NetworkCommandEnvironment {
  /// The network commands' environment at `date` on a clock that moves only when told, with
  /// no random delay before a real-time fetch.
  static func pinned(at date: Date) -> NetworkCommandEnvironment {
    NetworkCommandEnvironment(timeSource: ManualTimeSource(now: date), random: .constant(0))
  }
}
