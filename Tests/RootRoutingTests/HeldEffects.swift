import Core
import Foundation
import RootRouting
import SwitchyardTestSupport

/// The runtime's effects, each held until the test answers it.
final class HeldEffects: Sendable {
  let fetches = HeldEffect<Void, RootRuntime.FetchAnswer>()
  let restores = HeldEffect<Void, UserID?>()
  let profileLoads = HeldEffect<UserID, RootRuntime.ProfileAnswer>()
  let storeOpenings = HeldEffect<String, Void>()

  var effects: RootRuntime.Effects {
    RootRuntime.Effects(
      fetchConfig: { [fetches] in await fetches.call(()) },
      restoreSession: { [restores] in await restores.call(()) },
      loadProfile: { [profileLoads] user in await profileLoads.call(user) },
      openStoreURL: { [storeOpenings] url in await storeOpenings.call(url) })
  }
}
