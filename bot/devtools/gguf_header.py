"""`python -m bot.devtools.gguf_header FILE`: what a GGUF file says it is, before a server loads it.

A model assembled from parts (scripts/local-model.sh) is checked here: the magic and version, the
model's name and architecture from its metadata, its tensors, and that the file holds every tensor's
data (a part missing or out of order shows as a short file or a header that does not parse). Prints
the sha256 too, so the operator can compare it with the publisher's. Standard library only.
"""
from __future__ import annotations

import hashlib
import json
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

MAGIC = b"GGUF"
SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
STRING, ARRAY = 8, 9
# ggml tensor types: (bytes per block, values per block), for the ones a small model uses
BLOCKS = {0: (4, 1), 1: (2, 1), 2: (18, 32), 3: (20, 32), 6: (22, 32), 7: (24, 32), 8: (34, 32), 9: (36, 32),
          10: (84, 256), 11: (110, 256), 12: (144, 256), 13: (176, 256), 14: (210, 256), 15: (292, 256),
          30: (2, 1)}
SHOWN = ("general.name", "general.architecture", "general.basename", "general.size_label", "general.finetune",
         "general.license", "general.file_type", "tokenizer.ggml.model", "tokenizer.ggml.pre")


class NotGGUF(ValueError):
    """The file is not a whole GGUF model."""


@dataclass(frozen=True)
class Header:
    version: int
    metadata: dict[str, Any]
    tensors: int
    data_end: int | None      # where the last tensor's data ends (None: a tensor type this reader does not size)
    size: int

    @property
    def complete(self) -> bool:
        return self.data_end is None or self.data_end <= self.size


def read_header(path: Path) -> Header:
    size = path.stat().st_size
    with path.open("rb") as f:
        if f.read(4) != MAGIC:
            raise NotGGUF(f"{path} does not start with GGUF's magic")
        version, tensors, keys = struct.unpack("<IQQ", f.read(20))
        if version not in (2, 3):
            raise NotGGUF(f"GGUF version {version} (2 or 3 expected)")
        metadata = {_string(f): _value(f, _u32(f)) for _ in range(keys)}
        ends = [_tensor_end(f) for _ in range(tensors)]
        alignment = int(metadata.get("general.alignment", 32))
        start = -(-f.tell() // alignment) * alignment
    data_end = None if None in ends else start + max(ends, default=0)
    return Header(version, metadata, tensors, data_end, size)


def _u32(f: BinaryIO) -> int:
    return struct.unpack("<I", _exactly(f, 4))[0]


def _exactly(f: BinaryIO, n: int) -> bytes:
    data = f.read(n)
    if len(data) != n:
        raise NotGGUF("the header ends early: a part is missing or out of order")
    return data


def _string(f: BinaryIO) -> str:
    (length,) = struct.unpack("<Q", _exactly(f, 8))
    if length > 1 << 24:
        raise NotGGUF("a string longer than 16 MB in the header: not a GGUF, or parts out of order")
    return _exactly(f, length).decode("utf-8", errors="replace")


def _value(f: BinaryIO, kind: int) -> Any:
    if kind == STRING:
        return _string(f)
    if kind == ARRAY:
        inner, count = struct.unpack("<IQ", _exactly(f, 12))
        values = [_value(f, inner) for _ in range(count)]
        return values if count <= 8 else f"[{count} values]"
    if kind not in SCALARS:
        raise NotGGUF(f"unknown metadata type {kind}")
    fmt = SCALARS[kind]
    return struct.unpack(fmt, _exactly(f, struct.calcsize(fmt)))[0]


def _tensor_end(f: BinaryIO) -> int | None:
    _string(f)
    (dims,) = struct.unpack("<I", _exactly(f, 4))
    shape = struct.unpack(f"<{dims}Q", _exactly(f, 8 * dims))
    kind, offset = struct.unpack("<IQ", _exactly(f, 12))
    if kind not in BLOCKS:
        return None
    per_block, values = BLOCKS[kind]
    count = 1
    for n in shape:
        count *= n
    return offset + count // values * per_block


def sha256(path: Path, chunk: int = 1 << 22) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def describe(path: Path) -> dict[str, Any]:
    header = read_header(path)
    if not header.complete:
        raise NotGGUF(f"{path} is {header.size} bytes but its tensors end at {header.data_end}: a part is missing")
    return {"file": str(path), "bytes": header.size, "gguf_version": header.version, "tensors": header.tensors,
            **{key: header.metadata[key] for key in SHOWN if key in header.metadata},
            "context_length": next((v for k, v in header.metadata.items() if k.endswith(".context_length")), None),
            "sha256": sha256(path)}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot.devtools.gguf_header FILE.gguf", file=sys.stderr)
        return 2
    try:
        print(json.dumps(describe(Path(argv[0])), ensure_ascii=False, indent=2))
    except (NotGGUF, OSError) as problem:
        print(f"gguf_header: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
