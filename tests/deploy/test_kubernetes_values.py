"""deploy/kubernetes/values.yaml is valid input for Zero to JupyterHub and says what deploy/README.md says."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

import jsonschema
import yaml
from packaging.specifiers import SpecifierSet

from tests.test_binder import repo2docker_python

ROOT = Path(__file__).resolve().parents[2]
KUBE = ROOT / "deploy" / "kubernetes"


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


def test_the_image_is_built_with_a_python_parlour_supports():
    """The image comes from the repo2docker command in values.yaml's header: the Python repo2docker
    chooses for the folder it builds (binder/runtime.txt's) must be one Parlour and its pins accept,
    and the header must name that version."""
    text = (KUBE / "values.yaml").read_text()
    command = re.search(r"^#\s+(repo2docker .*)$", text, re.M)
    assert command, "values.yaml's header says how the image is built (a repo2docker command)"
    folder = ROOT / shlex.split(command.group(1))[-1]  # run from the repo root, as the header's helm line is
    assert (folder / "binder").is_dir(), f"repo2docker builds {folder}, which has no binder/ folder"
    version = repo2docker_python(folder)
    needs = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert version in SpecifierSet(needs), f"the image would run Python {version}; Parlour needs {needs}"
    named = re.search(r"binder/runtime\.txt's \(python-([\d.]+)", text)
    assert named and named.group(1) == version, f"values.yaml's header names another Python than {version}"
