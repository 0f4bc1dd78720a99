#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket calls the HTTP client, the HTTP server, the load generator and the tests' servers
/// share, spelled once for Glibc and Darwin: resolving a host and port, opening a TCP socket,
/// connecting it and closing a descriptor.
package enum POSIXSocket {
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

  /// A new TCP socket for addresses of `family` (`AF_INET`, `AF_INET6`); -1 when the system
  /// refuses one.
  package static func stream(family: Int32) -> Int32 {
    #if canImport(Darwin)
      socket(family, SOCK_STREAM, 0)
    #else
      socket(family, Int32(SOCK_STREAM.rawValue), 0)
    #endif
  }

  /// Connects `descriptor` to `address` (the bytes of a `sockaddr`, as `resolve` gives them);
  /// the system's result: 0, or -1 with `errno` set.
  package static func connect(_ descriptor: Int32, to address: [UInt8]) -> Int32 {
    address.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.baseAddress else { return -1 }
      let socketAddress = base.assumingMemoryBound(to: sockaddr.self)
      #if canImport(Darwin)
        return Darwin.connect(descriptor, socketAddress, socklen_t(raw.count))
      #else
        return Glibc.connect(descriptor, socketAddress, socklen_t(raw.count))
      #endif
    }
  }

  /// Closes `descriptor`, ignoring the result: after a failed close there is nothing to retry.
  package static func close(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(descriptor)
    #else
      _ = Glibc.close(descriptor)
    #endif
  }
}
