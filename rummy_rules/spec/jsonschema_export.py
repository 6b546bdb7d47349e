"""The JSON Schema of variant files, for editors and other tools.

Draft-07, which the YAML editor plugins (yaml-language-server) understand.
It describes both complete variant files and house-rules files that
``extends`` a base: a file with ``extends`` needs no other key, and every
list may also be given as ``key+`` (append to the base's list). Keys that
are required inside nested sections are checked by ``rummy-rules validate``
rather than by the schema, so that a house-rules file may change one value
of a section.
"""

from __future__ import annotations

import copy
from typing import Any

from .schema import SCHEMA_VERSION, VariantSpec

__all__ = ["variant_json_schema"]


def _add_append_keys(node: dict[str, Any]) -> None:
    props = node.get("properties")
    if not isinstance(props, dict):
        return
    for name, prop in list(props.items()):
        if not isinstance(prop, dict):
            continue
        # A list, or a list that may be left out (``anyOf: [array, null]``).
        arrays = [
            o for o in prop.get("anyOf", []) if isinstance(o, dict) and o.get("type") == "array"
        ]
        if prop.get("type") == "array" or arrays:
            twin = copy.deepcopy(prop if prop.get("type") == "array" else arrays[0])
            twin["description"] = f"Items appended to the base's `{name}` (house-rules files)."
            props[f"{name}+"] = twin


def variant_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft-07) of a variant file, as a dict."""
    schema = VariantSpec.model_json_schema(ref_template="#/definitions/{model}")
    definitions = schema.pop("$defs", {})
    for definition in definitions.values():
        definition.pop("required", None)
        _add_append_keys(definition)
    required = schema.pop("required", [])
    schema["properties"]["extends"] = {
        "type": "string",
        "description": (
            "The variant this file changes: a shipped id (contract) or a path relative "
            "to this file. Maps merge key by key; scalars and lists replace; `key+` appends."
        ),
    }
    _add_append_keys(schema)
    out: dict[str, Any] = {
        "$schema": "http://json-schema.org/draft-07/schema#",
    }
    out.update(schema)
    out["title"] = f"rummy-rules variant (format {SCHEMA_VERSION})"
    out["description"] = (
        "A rummy variant or house-rules file for rummy-rules. Every rule is a key; "
        "`rummy-rules validate FILE` checks the file completely."
    )
    out["if"] = {"required": ["extends"]}
    out["then"] = {}
    out["else"] = {"required": required}
    out["definitions"] = definitions
    return out
