"""The shipped variant library: every file valid, traced to sources, and findable."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from rummy_rules import check_variant, load_variant
from rummy_rules.spec.jsonschema_export import variant_json_schema
from rummy_rules.spec.registry import find_shipped, shipped_variants
from rummy_rules.spec.yamlio import read_yaml_file

from .conftest import STANDARD_IDS, VARIANTS

SHIPPED = sorted(VARIANTS.rglob("*.yaml"))


def test_every_standard_variant_is_shipped():
    ids = {v.id for v in shipped_variants() if not v.house}
    assert ids == STANDARD_IDS


def test_at_least_one_house_example_extends_a_standard_variant():
    house = [v for v in shipped_variants() if v.house]
    assert house
    for variant in house:
        spec = load_variant(variant.path)
        assert spec.based_on is not None


#: Shipped variants whose rules the engine cannot play yet (the rest of the
#: knob catalogue is still to come): validate warns about exactly those knobs.
NOT_PLAYABLE_YET: set[str] = set()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_file_is_valid_and_strict_clean_when_playable(path):
    report = check_variant(path)
    assert report.errors == []
    assert report.valid
    if path.stem in NOT_PLAYABLE_YET:
        assert report.warnings
        assert all("cannot be played by the engine yet" in w.message for w in report.warnings)
    else:
        assert report.warnings == []
        assert check_variant(path, strict=True).valid


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_file_id_matches_its_file_name(path):
    assert load_variant(path).id == path.stem


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_file_cites_sources_and_explains_choices(path):
    spec = load_variant(path)
    assert spec.sources, "every shipped variant cites its sources"
    assert spec.notes, "every shipped variant records its choices in notes"
    assert spec.description.strip()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_file_starts_with_the_editor_schema_line(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("$schema=", 1)[1]).resolve()
    assert target.is_file(), f"{first} points at a missing file"


def test_ids_and_aliases_are_unique():
    names: list[str] = []
    for variant in shipped_variants():
        names.append(variant.id)
        names.extend(variant.aliases)
    assert len(names) == len(set(names))


def test_each_id_and_alias_finds_what_the_full_list_finds():
    # find_shipped reads a file named after the id alone before listing them all:
    # both ways must agree for every name.
    for variant in shipped_variants():
        for name in (variant.id, variant.id.upper(), *variant.aliases):
            assert find_shipped(name) == variant, name


@pytest.mark.parametrize("name", ["contract-rummy", "KALUKI", "500-rum"])
def test_aliases_find_their_variant(name):
    assert find_shipped(name) is not None


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_file_validates_against_the_json_schema(path):
    schema = variant_json_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    located, problems = read_yaml_file(path)
    assert not problems and located is not None
    jsonschema.Draft7Validator(schema).validate(located.data)


@pytest.mark.long  # every file written out resolved and read back: the long run (CI)
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_resolved_rules_are_themselves_a_valid_variant(path, tmp_path):
    spec = load_variant(path)
    out = tmp_path / "resolved.yaml"
    out.write_text(yaml.safe_dump(spec.model_dump(mode="json"), sort_keys=False))
    assert load_variant(out) == spec
    # and the resolved form validates against the JSON Schema too
    jsonschema.Draft7Validator(variant_json_schema()).validate(json.loads(spec.model_dump_json()))


def test_contract_follows_pagat_as_in_s000():
    spec = load_variant("contract")
    assert (spec.players.min, spec.players.max, spec.players.best) == (3, 5, 4)
    assert [spec.deals[i].cards for i in range(7)] == [10, 10, 10, 12, 12, 12, 12]
    sizes = [[(p.type, p.size) for p in d.contract] for d in spec.deals]
    assert sizes[0] == [("set", 3), ("set", 3)]
    assert sizes[6] == [("run", 4)] * 3
    assert spec.deals[6].all_out
    assert spec.melds.run.min_size == 4 and spec.melds.run.ace == "low_or_high"
    assert spec.scoring.card_values["A"] == 15 and spec.scoring.card_values["joker"] == 15


def test_persian_follows_s002():
    spec = load_variant("persian")
    assert spec.partnerships.teams == "fixed_pairs"
    assert spec.deck.joker_role == "natural" and spec.deck.jokers == 4
    assert [d.cards for d in spec.deals] == [7, 7]
    assert spec.going_out.method == "must_meld_last"
    assert spec.scoring.model == "melded_minus_hand"
    assert spec.scoring.card_values["joker"] == 20
    assert spec.scoring.multipliers[0].factor == 2
    assert spec.scoring.bonuses[0].points == 25


def test_contract_gamerules_follows_s001():
    spec = load_variant("contract-gamerules")
    assert [d.cards for d in spec.deals] == [10, 10, 10, 10, 12, 12, 12]
    assert spec.melds.run.min_size == 3
    assert spec.melds.set.max_size == 4 and spec.melds.set.suits == "distinct"
    assert spec.draw.discard_pile == "any_depth"
    assert spec.wilds.exchange.allowed and spec.wilds.exchange.from_melds == "runs"
