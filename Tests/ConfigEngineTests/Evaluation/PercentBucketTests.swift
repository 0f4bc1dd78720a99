@testable import ConfigEngine
import Testing

@Suite("Percent buckets")
struct PercentBucketTests {
  // Expected values from Python, independently of this code:
  // `int(hashlib.sha256(((seed + ".") if seed else "") + id).encode()).hexdigest(), 16)
  //  % 100_000_000`
  @Test(
    "a bucket is SHA-256 of 'seed.id' (or the id alone) as a big-endian integer mod 10^8",
    arguments: [
      ("", "user-1", 24_996_379),
      ("", "123", 42_395_619),
      ("abcdef", "123", 9_571_542),
      ("seed", "8f1f7a5e-1c1e-4c4e-9a9a-000000000001", 69_187_530),
      ("a-b_c.d", "user-42", 7_844_606),
      ("-_.", "x", 22_066_186),
      ("rollout_2025.q1", "installation-XYZ", 92_103_813),
      ("0123456789abcdefghijABCDEFGHIJ-_", "long-seed", 3_644_477),
      ("", "😊", 9_911_325),
      ("", "日本語のID", 11_646_823),
      ("", "👨‍👩‍👧", 4_286_440),
      ("hêl£o", "wørlÐ", 67_411_682),
      ("s", "", 66_430_875),
      ("", "", 65_086_549),
    ])
  func knownBuckets(seed: String, id: String, expected: Int) {
    #expect(PercentBucket.microPercentile(seed: seed, randomizationID: id) == expected)
  }

  // Facts from Firebase's own test suite (firebase-admin-node,
  // test/unit/remote-config/condition-evaluator.spec.ts, "known percent condition values"):
  // whether each id falls in BETWEEN 0 and 50 %, i.e. 0 < bucket <= 50_000_000.
  @Test(
    "Firebase's known 50 % assignments come out the same",
    arguments: [
      ("1", "one", false),
      ("2", "two", false),
      ("3", "three", true),
      ("4", "four", false),
      ("5", "five", true),
      ("", "😊", true),
      ("", "😀", false),
      ("hêl£o", "wørlÐ", false),
      ("řemøťe", "çōnfįġ", true),
      ("long", String(repeating: ".", count: 100), true),
      ("very-long", String(repeating: ".", count: 1_000), false),
    ])
  func firebaseKnownValues(seed: String, id: String, inLowerHalf: Bool) {
    let bucket = PercentBucket.microPercentile(seed: seed, randomizationID: id)
    #expect((bucket > 0 && bucket <= 50_000_000) == inLowerHalf)
  }

  @Test(
    "the evaluator's form, with the seed's bytes and dot prepared, gives the same buckets",
    arguments: ["", "seed", "hêl£o", "0123456789abcdefghijABCDEFGHIJ-_0123456789abcdefghij"])
  func preparedPrefix(seed: String) {
    let prefix = seed.isEmpty ? [] : Array(seed.utf8) + [UInt8(ascii: ".")]
    for id in ["user-1", "", "😊", String(repeating: "x", count: 100)] {
      let prepared = prefix.withUnsafeBytes {
        PercentBucket.microPercentile(prefix: $0, randomizationID: id)
      }
      #expect(prepared == PercentBucket.microPercentile(seed: seed, randomizationID: id))
    }
  }

  @Test("the hashed text is exactly the seed, a dot and the id, with no dot for no seed")
  func hashedText() {
    func bucket(_ seed: String, _ id: String) -> Int {
      PercentBucket.microPercentile(seed: seed, randomizationID: id)
    }
    #expect(bucket("ab", "c") == bucket("", "ab.c"))
    #expect(bucket("a", "b.c") == bucket("a.b", "c"))
    #expect(bucket("ab", "c") != bucket("", "abc"))
    #expect(bucket("ab", "c") != bucket("", "ab.c."))
  }

  @Test("10,000 ids spread evenly: the share at or below 10 % is 10 % ± 1.5 %")
  func distribution() {
    var atMostTenPercent = 0
    for index in 0..<10_000 {
      let bucket = PercentBucket.microPercentile(seed: "seed", randomizationID: "user-\(index)")
      #expect((0..<100_000_000).contains(bucket))
      if bucket <= 10_000_000 { atMostTenPercent += 1 }
    }
    #expect((850...1_150).contains(atMostTenPercent), "\(atMostTenPercent) of 10,000")
  }
}
