"""A teacher's ``--pool LESSON=N`` and the hub's settings (widgets/server.py); the pools themselves
are exercised on a real server in tests/browser/test_preheat.py."""

from __future__ import annotations

import json

import pytest

from widgets.server import ClassroomKernelManager, class_pools, single_user_config


def test_a_class_pool_joins_the_pools_of_voila_json(tmp_path):
    config = tmp_path / "voila.json"
    config.write_text(json.dumps({"VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 1}}}}))
    args = class_pools(["lessons", "--port=8866", "--pool", "jubilee=30", "--pool=pt/jubileu.ipynb=2"], config)
    assert args[:2] == ["lessons", "--port=8866"]
    flag, value = args[2].split("=", 1)
    assert flag == "--VoilaKernelManager.kernel_pools_config"
    assert json.loads(value) == {"default": {"pool_size": 1}, "jubilee.ipynb": {"pool_size": 30},
                                 "pt/jubileu.ipynb": {"pool_size": 2}}


def test_without_a_class_pool_the_arguments_pass_unchanged(tmp_path):
    assert class_pools(["lessons", "--port=1"], tmp_path / "missing.json") == ["lessons", "--port=1"]


@pytest.mark.parametrize("bad", ["jubilee", "jubilee=", "=3", "jubilee=²", "jubilee=-1", "jubilee=99999"])
def test_a_pool_that_is_no_lesson_and_number_is_refused(bad, tmp_path):
    with pytest.raises(SystemExit, match="LESSON=N"):
        class_pools(["--pool", bad], tmp_path / "voila.json")


def test_the_hub_servers_get_no_pools():
    conf = single_user_config({"VoilaConfiguration": {"preheat_kernel": True, "show_tracebacks": False},
                               "VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 1}}}})
    assert "preheat_kernel" not in conf["VoilaConfiguration"]
    assert conf["VoilaConfiguration"]["show_tracebacks"] is False
    assert "VoilaKernelManager" not in conf


def test_without_preheating_no_kernel_is_pooled():
    assert ClassroomKernelManager().pooled_kernel_ids() == set()
