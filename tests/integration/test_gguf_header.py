"""The GGUF check behind scripts/local-model.sh: a file made here the way GGUF lays one out (magic,
version, metadata, tensor infos, aligned data), whole, cut short, and with its parts out of order."""
from __future__ import annotations

import struct
from pathlib import Path

import pytest

from bot.devtools.gguf_header import NotGGUF, describe, read_header


def _string(text: str) -> bytes:
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def tiny_gguf(path: Path) -> bytes:
    """Two metadata keys and one F32 tensor of 8 values (32 bytes of data after 32-byte alignment)."""
    metadata = (_string("general.name") + struct.pack("<I", 8) + _string("Tiny Test 1B Instruct") +
                _string("general.architecture") + struct.pack("<I", 8) + _string("qwen2"))
    tensor = _string("token_embd.weight") + struct.pack("<I", 2) + struct.pack("<QQ", 4, 2) + struct.pack("<IQ", 0, 0)
    head = b"GGUF" + struct.pack("<IQQ", 3, 1, 2) + metadata + tensor
    padding = b"\0" * (-len(head) % 32)
    data = head + padding + struct.pack("<8f", *range(8))
    path.write_bytes(data)
    return data


def test_a_whole_file_says_its_name_architecture_and_sha256(tmp_path: Path) -> None:
    tiny_gguf(tmp_path / "tiny.gguf")

    found = describe(tmp_path / "tiny.gguf")

    assert found["general.name"] == "Tiny Test 1B Instruct" and found["general.architecture"] == "qwen2"
    assert found["tensors"] == 1 and len(found["sha256"]) == 64


def test_a_file_missing_its_last_part_is_refused(tmp_path: Path) -> None:
    data = tiny_gguf(tmp_path / "tiny.gguf")
    (tmp_path / "short.gguf").write_bytes(data[:-8])

    assert not read_header(tmp_path / "short.gguf").complete
    with pytest.raises(NotGGUF, match="a part is missing"):
        describe(tmp_path / "short.gguf")


def test_parts_out_of_order_are_not_a_gguf(tmp_path: Path) -> None:
    data = tiny_gguf(tmp_path / "tiny.gguf")
    (tmp_path / "swapped.gguf").write_bytes(data[40:] + data[:40])

    with pytest.raises(NotGGUF):
        read_header(tmp_path / "swapped.gguf")
