/// A socket the server has answered and is closing: its sending side is shut, and for a
/// moment what the peer still sends is read and dropped, so closing with unread bytes does
/// not make the system reset the connection and destroy the answer before the peer has read
/// it (RFC 9112, 9.6). Bounded in time and in bytes, whatever the peer sends.
struct LingeringClose {
  /// How long the peer has to read the answer and close.
  static let duration: Duration = .seconds(2)
  /// Bytes dropped before giving up on the peer.
  static let maximumDiscardedBytes = 1 << 20

  /// When the server stops waiting and closes (the lingering table is keyed by descriptor).
  let deadline: Duration
  var discarded = 0
}
