import Core

extension RootRuntime {
  /// Who is signed in now and their profile (`notLoaded` while no one is), as the machine
  /// knows them: for a shell that evaluates the config for the signed-in user, as the client
  /// bridge and the command line's transcripts do, to tell a change for a user still signed
  /// in from a late one.
  package var session: (user: UserID?, profile: ProfileStatus) {
    state.withLock { state in
      guard let user = state.machine.signedInUser else { return (nil, .notLoaded) }
      return (user, state.machine.profile)
    }
  }
}
