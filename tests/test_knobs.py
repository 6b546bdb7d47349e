"""docs/knobs.md maps every knob of the catalogue to keys that exist in the schema."""

from __future__ import annotations

import re

from rummy_rules.spec.schema import VariantSpec

from .conftest import ROOT

LATER: set[int] = set()


def _key_exists(dotted: str) -> bool:
    model = VariantSpec
    parts = dotted.replace("[]", "").split(".")
    for i, part in enumerate(parts):
        if part == "*":
            return True
        info = model.model_fields.get(part)
        if info is None:
            return False
        if i == len(parts) - 1:
            return True
        stack = [info.annotation]
        found = None
        while stack:
            ann = stack.pop()
            if isinstance(ann, type) and issubclass(ann, VariantSpec.__mro__[1]):
                found = ann
                break
            stack.extend(getattr(ann, "__args__", ()))
        if found is None:
            return False
        model = found
    return True


def test_every_knob_is_mapped_to_existing_keys_or_marked_later():
    text = (ROOT / "docs" / "knobs.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| [^|]+ \| (.+) \|$", text, re.M)
    numbers = {int(n) for n, _ in rows}
    assert numbers == set(range(1, 77))
    for number, keys in rows:
        if int(number) in LATER:
            assert "*later*" in keys
            continue
        named = re.findall(r"`([a-z_]+(?:\[\])?(?:\.[a-z_*]+(?:\[\])?)+|[a-z_]+)`", keys)
        dotted = [k for k in named if "." in k or k in VariantSpec.model_fields]
        assert dotted, f"knob {number} names no key"
        for key in dotted:
            assert _key_exists(key), f"knob {number}: {key} is not a key of the format"
