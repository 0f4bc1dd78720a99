#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A host and port as socket addresses, through the system's resolver: the one lookup the
/// HTTP client, the HTTP server and the load generator share.
package enum SocketAddresses {
  /// The addresses `host` resolves to for a TCP socket on `port`, in the resolver's order, each
  /// as its family and the bytes of its `sockaddr`; nil when it does not resolve. `passive`
  /// asks for addresses to listen on (`AI_PASSIVE`). Blocks in the resolver.
  package static func resolve(
    host: String, port: Int, passive: Bool = false
  ) -> [(family: Int32, address: [UInt8])]? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    if passive { hints.ai_flags = AI_PASSIVE }
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      return nil
    }
    defer { freeaddrinfo(first) }
    var addresses: [(family: Int32, address: [UInt8])] = []
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let current = entry {
      if let address = current.pointee.ai_addr {
        let bytes = UnsafeRawBufferPointer(
          start: address, count: Int(current.pointee.ai_addrlen))
        addresses.append((current.pointee.ai_family, Array(bytes)))
      }
      entry = current.pointee.ai_next
    }
    return addresses.isEmpty ? nil : addresses
  }
}
