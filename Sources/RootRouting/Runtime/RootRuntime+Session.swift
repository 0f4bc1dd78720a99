import Core

extension RootRuntime {
  /// Who is signed in now, as the machine knows it: for a shell that evaluates the config for
  /// the signed-in user, as the client bridge and the command line's transcripts do, to tell a
  /// change for a user still signed in from a late one.
  package var signedInUser: UserID? {
    state.withLock { $0.machine.signedInUser }
  }
}
