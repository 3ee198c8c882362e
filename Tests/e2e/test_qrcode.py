"""The QR code encoder read back by a real decoder: `cocktailbook-qr` (built next to
`cocktailbook`) draws each payload as a PGM image, and zbar (through pyzbar) must read every one
back exactly. No server or browser here."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pyzbar.pyzbar import ZBarSymbol, decode

from conftest import _binary

URL_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
NON_ASCII = "éèàçñöüßøæœ€£¥°±×÷“”‘’–—…•½ÆÐÞ ΩπλЖжщ日本語の酒🍸🍹🥃🍋🧊"


def _encoder() -> Path:
    path = _binary().parent / "cocktailbook-qr"
    if not path.is_file():
        pytest.fail(f"cocktailbook-qr not found at {path}; swift build builds it")
    return path


def _draw(payloads: list[str], directory: Path, *extra: str) -> list[tuple[Path, int, str, int]]:
    """Runs the encoder over the payloads; (image, version, level, mask) for each, in order."""
    hex_lines = "".join(payload.encode().hex() + "\n" for payload in payloads)
    result = subprocess.run([str(_encoder()), str(directory), *extra], input=hex_lines, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert len(rows) == len(payloads)
    return [(directory / name, int(version), level, int(mask)) for name, version, level, mask in rows]


def _read(image: Path) -> list[str]:
    with Image.open(image) as picture:
        return [symbol.data.decode("utf-8") for symbol in decode(picture, symbols=[ZBarSymbol.QRCODE])]


def _assert_all_read(payloads: list[str], drawn: list[tuple[Path, int, str, int]]):
    wrong = []
    for payload, (image, version, level, mask) in zip(payloads, drawn):
        read = _read(image)
        if read != [payload]:
            wrong.append(f"{image.name} (version {version}-{level}, mask {mask}): {payload!r} read as {read!r}")
    assert not wrong, f"{len(wrong)} of {len(payloads)} misread:\n" + "\n".join(wrong[:20])


def _random_payloads(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    payloads = []
    for index in range(count):
        kind = index % 4
        if kind == 0:  # printable ASCII, spaces and punctuation included
            payload = "".join(chr(rng.randint(0x20, 0x7E)) for _ in range(rng.randint(1, 100)))
        elif kind == 1:  # share links as the menus will print them
            token = "".join(rng.choice(URL_ALPHABET) for _ in range(rng.randint(6, 60)))
            payload = f"https://{rng.choice(['bar.example', 'cocktails.example.org', '192.0.2.7:8080'])}/s/{token}"
        elif kind == 2:  # URLs with a query, percent escapes and a fragment
            words = ["".join(rng.choice(URL_ALPHABET) for _ in range(rng.randint(1, 9))) for _ in range(4)]
            payload = f"http://h.example/{words[0]}?q={words[1]}%20{words[2]}&p={rng.randint(0, 999)}#{words[3]}"
        else:  # UTF-8 beyond ASCII, mixed with ASCII
            payload = "".join(rng.choice(NON_ASCII + "abc xyz") for _ in range(rng.randint(1, 40)))
        payloads.append(payload)
    return payloads


def test_random_payloads_read_back_exactly(tmp_path):
    payloads = _random_payloads(200, seed=18004)
    drawn = _draw(payloads, tmp_path)
    _assert_all_read(payloads, drawn)
    # The payloads span versions 1 to 6 or more at M, and every mask gets used.
    assert {version for _, version, _, _ in drawn} >= set(range(1, 7))
    assert {mask for _, _, _, mask in drawn} == set(range(8))


def test_every_length_of_a_share_link(tmp_path):
    link = "https://cocktails.example.org/s/" + "Zq7-xK2_mP9aB4cD8eF1gH5iJ0kL3mN6oP2qR7sT-uV9wX_yZ4bC8dE1fG5hI0jK3lM6nO"
    payloads = [link[:length] for length in range(1, 101)]
    drawn = _draw(payloads, tmp_path)
    _assert_all_read(payloads, drawn)
    assert drawn[99][1] == 6  # a 100-byte link needs version 6 at M


def _capacities() -> dict[str, list[int]]:
    """Bytes per version 1–40 at each level, as the encoder counts them."""
    out = subprocess.run([str(_encoder()), "--capacities"], capture_output=True, text=True, check=True).stdout
    rows = [[int(cell) for cell in line.split("\t")] for line in out.splitlines()]
    assert [row[0] for row in rows] == list(range(1, 41))
    return {level: [row[column] for row in rows] for column, level in enumerate("LMQH", start=1)}


def test_capacities_match_the_standard():
    table7 = {  # ISO/IEC 18004 Table 7, byte mode: versions 1–10, then 40
        "L": [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 2953],
        "M": [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 2331],
        "Q": [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 1663],
        "H": [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 1273],
    }
    for level, capacities in _capacities().items():
        assert capacities[:10] + capacities[-1:] == table7[level]


@pytest.mark.parametrize("level", ["L", "M", "Q", "H"])
def test_every_version_filled_to_the_byte(tmp_path, level):
    """Versions 1–40 each filled exactly, so that every row of the block table (the blocks, their
    interleaving, the 16-bit count from version 10, the version information from 7) is read back."""
    capacities = _capacities()[level]
    rng = random.Random(f"capacity {level}")
    payloads = ["".join(rng.choice(URL_ALPHABET) for _ in range(length)) for length in capacities]
    drawn = _draw(payloads, tmp_path, "--correction", level, "--scale", "2")
    _assert_all_read(payloads, drawn)
    assert [version for _, version, _, _ in drawn] == list(range(1, 41))
    assert all(drawn_level == level for _, _, drawn_level, _ in drawn)


def test_utf8_text_filled_to_the_byte(tmp_path):
    """Text beyond ASCII carries the UTF-8 ECI, one byte of each version's capacity: versions
    1–40 at M each filled with exactly what is left."""
    payloads = []
    for capacity in _capacities()["M"]:
        room = capacity - 1
        payloads.append("é" * (room // 2) + "a" * (room % 2))
    drawn = _draw(payloads, tmp_path, "--scale", "2")
    _assert_all_read(payloads, drawn)
    assert [version for _, version, _, _ in drawn] == list(range(1, 41))


def test_too_long_is_refused(tmp_path):
    result = subprocess.run([str(_encoder()), str(tmp_path)], input=("61" * 2332) + "\n", capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 1
    assert "2332 bytes" in result.stderr and "2331" in result.stderr
