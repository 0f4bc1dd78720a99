/// Firebase's percent buckets: where a randomization id falls, in micro-percent, for a seed.
///
/// Firebase's server-side evaluator hashes `seed + "." + randomizationId` (the id alone
/// when the seed is empty) with SHA-256, reads the digest as an unsigned 256-bit big-endian
/// integer and takes it modulo 100_000_000, so 1 % is 1_000_000 buckets. Matching that
/// exactly is what makes a local evaluation put a user in the same rollout as Firebase does.
enum PercentBucket {
  /// The randomization id's bucket in micro-percent for a seed, in `0..<100_000_000`.
  ///
  /// The pieces are streamed into the hasher one after another, so nothing is concatenated
  /// and nothing is allocated.
  static func microPercentile(seed: String, randomizationID: String) -> Int {
    var hasher = SHA256()
    if !seed.isEmpty {
      hasher.update(seed)
      hasher.update(".")
    }
    hasher.update(randomizationID)
    return bucket(hasher.finalize())
  }

  /// The bucket for a seed whose bytes the caller keeps ready: `prefix` is the seed's UTF-8
  /// and a dot, or nothing for the empty seed (`ConditionProgram.seedPrefixes`), so the
  /// evaluator hashes each seed without reading it as a string.
  static func microPercentile(prefix: UnsafeRawBufferPointer, randomizationID: String) -> Int {
    var hasher = SHA256()
    hasher.update(prefix)
    hasher.update(randomizationID)
    return bucket(hasher.finalize())
  }

  private static func bucket(_ digest: SHA256Digest) -> Int {
    Int(digest.remainder(dividingBy: UInt64(PercentCondition.microPercentScale)))
  }
}
