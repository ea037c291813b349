"""deploy/kubernetes/values.yaml is valid input for Zero to JupyterHub and says what deploy/README.md says."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import yaml

KUBE = Path(__file__).resolve().parents[2] / "deploy" / "kubernetes"


def values() -> dict:
    return yaml.safe_load((KUBE / "values.yaml").read_text())


def test_values_validate_against_the_charts_schema():
    schema = json.loads((KUBE / "values.schema.json").read_text())
    jsonschema.validate(values(), schema)  # raises, naming the bad key, if the chart would refuse it


def test_a_misspelt_key_is_caught_by_that_schema():
    schema = json.loads((KUBE / "values.schema.json").read_text())
    bad = values()
    bad["singleuser"]["defaultURL"] = "/voila"
    try:
        jsonschema.validate(bad, schema)
    except jsonschema.ValidationError as exc:
        assert "defaultURL" in str(exc)
    else:
        raise AssertionError("the schema accepted an unknown singleuser key")


def test_students_land_on_the_gallery_with_culling_and_limits():
    v = values()
    assert v["singleuser"]["defaultUrl"] == "/voila/render/lessons/index.ipynb"
    assert v["cull"]["enabled"] and v["cull"]["timeout"] > 0
    assert v["prePuller"]["continuous"]["enabled"] and v["scheduling"]["userScheduler"]["enabled"]
    memory = v["singleuser"]["memory"]
    assert memory["guarantee"].endswith("M") and memory["limit"].endswith("G")
    assert int(memory["guarantee"][:-1]) >= 280  # a student's server measured at 220-280 MB
