#!/usr/bin/env python3
"""Writes the gzip fixtures next to this script (run: python3 make-fixtures.py).

Deterministic: fixed seeds, mtime=0, so running it again gives the same bytes with the same
zlib. Each .gz inflates to the file named in README.md.
"""
import gzip
import json
import random
import struct
import zlib
from pathlib import Path

here = Path(__file__).resolve().parent


def write(name, data):
    (here / name).write_bytes(data)


def gzip_member(data, level=6, header_extra=b"", flags=0, fields=b"", header_crc=False):
    """A gzip member built by hand, so every optional header field can be present."""
    header = b"\x1f\x8b\x08" + bytes([flags]) + struct.pack("<I", 0) + b"\x00\x03" + fields
    if header_crc:
        header += struct.pack("<H", zlib.crc32(header) & 0xFFFF)
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = compressor.compress(data) + compressor.flush()
    trailer = struct.pack("<II", zlib.crc32(data) & 0xFFFFFFFF, len(data) & 0xFFFFFFFF)
    return header + body + trailer


# Prose-like text, about 20 kB: literals and short matches.
words = ("remote config template parameter condition percent rollout feature flag server "
         "client value default the a of to in and is for on with as by").split()
rng = random.Random(11)
text = " ".join(rng.choice(words) for _ in range(3000)).encode() + b"\n"
write("text.txt", text)
for level in (1, 6, 9):
    write(f"text-{level}.gz", gzip.compress(text, compresslevel=level, mtime=0))

# A template of about 100 kB: repeated structure far apart (long back references) and
# enough of it for dynamic Huffman blocks.
rng = random.Random(1952)
parameters = {}
for index in range(400):
    parameters[f"feature_{index:03d}_{rng.choice(words)}"] = {
        "defaultValue": {"value": str(rng.randint(0, 10**6))},
        "conditionalValues": {f"cond_{rng.randint(0, 20)}": {"value": rng.choice(words)}},
        "description": " ".join(rng.choice(words) for _ in range(rng.randint(3, 12))),
        "valueType": rng.choice(["STRING", "NUMBER", "BOOLEAN", "JSON"]),
    }
template = json.dumps({"parameters": parameters}, indent=2).encode() + b"\n"
write("template.json", template)
for level in (1, 6, 9):
    write(f"template-{level}.gz", gzip.compress(template, compresslevel=level, mtime=0))

# Stored blocks only (level 0): two of them, as one holds at most 65,535 bytes.
write("template-stored.gz", gzip.compress(template, compresslevel=0, mtime=0))

# A short line: zlib codes it with the fixed Huffman code.
small = b"hello, hello, hello gzip world\n"
write("small.txt", small)
write("small-6.gz", gzip.compress(small, compresslevel=6, mtime=0))

# Every optional header field: FTEXT, FEXTRA, FNAME, FCOMMENT and FHCRC.
fields = struct.pack("<H", 6) + b"SY\x02\x00ok" + b"small.txt\x00" + b"a comment\x00"
write("header-fields.gz", gzip_member(small, flags=0x1F, fields=fields, header_crc=True))

# Two members, concatenated: they inflate to text followed by small.
write("two-members.txt", text + small)
write("two-members.gz",
      gzip.compress(text, compresslevel=6, mtime=0) + gzip.compress(small, compresslevel=9, mtime=0))

# A bomb: 10 MB of zeros, about 10 kB compressed.
write("zeros-10MB.gz", gzip.compress(bytes(10 * 1024 * 1024), compresslevel=9, mtime=0))
