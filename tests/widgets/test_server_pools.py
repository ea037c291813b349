"""A teacher's ``--pool LESSON=N`` and the hub's settings (widgets/server/pool_options.py and
single_user.py); the pools themselves are exercised on a real server in tests/browser/test_preheat.py."""

from __future__ import annotations

import json

import pytest

from widgets.server.kernel_manager import ClassroomKernelManager
from widgets.server.pool_options import class_pools
from widgets.server.single_user import single_user_config


def test_a_class_pool_joins_the_pools_of_voila_json(tmp_path):
    config = tmp_path / "voila.json"
    config.write_text(json.dumps({"VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 1}}}}))
    args = class_pools(["lessons", "--port=8866", "--pool", "jubilee=30", "--pool=pt/jubileu.ipynb=2"], config)
    assert args[:2] == ["lessons", "--port=8866"]
    flag, value = args[2].split("=", 1)
    assert flag == "--VoilaKernelManager.kernel_pools_config"
    assert json.loads(value) == {"default": {"pool_size": 1}, "jubilee.ipynb": {"pool_size": 30},
                                 "pt/jubileu.ipynb": {"pool_size": 2}}


def _lessons(folder, names):
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("{}")
    return folder


def test_a_class_gets_room_under_the_kernel_cap(tmp_path, capsys):
    """Thirty students hold thirty kernels while their pool warms thirty more, and the other
    eleven notebooks keep one each: 71 kernels, over voila.json's cap of 40, which is raised."""
    config = tmp_path / "voila.json"
    config.write_text(json.dumps({"ClassroomKernelManager": {"max_kernels": 40},
                                  "VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 1}}}}))
    served = _lessons(tmp_path / "lessons", ["index.ipynb", "jubilee.ipynb", "pt/jubileu.ipynb",
                                             *[f"game{n}.ipynb" for n in range(9)]])
    args = class_pools([str(served), "--pool", "jubilee=30"], config)
    assert args[-1] == "--ClassroomKernelManager.max_kernels=71"
    assert "up to 71 kernels at once instead of 40" in capsys.readouterr().err

    small = class_pools([str(served), "--pool", "jubilee=3"], config)  # 3 + 11 + 3 fit under 40
    assert not any("max_kernels" in arg for arg in small)
    mine = class_pools([str(served), "--pool", "jubilee=30", "--ClassroomKernelManager.max_kernels=50"], config)
    assert [arg for arg in mine if "max_kernels" in arg] == ["--ClassroomKernelManager.max_kernels=50"]


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


def test_a_kernel_on_its_way_out_frees_its_place_under_the_cap():
    """A culled page's kernel takes seconds to exit; a student arriving meanwhile is let in
    (CI once refused the first of three students for a kernel whose process had already gone)."""
    import asyncio

    manager = ClassroomKernelManager(max_kernels=1)
    manager._kernels["culled"] = object()
    seen: list[int] = []

    async def shutdown() -> None:
        exiting = asyncio.Event()

        async def exit_slowly() -> None:
            seen.append(manager.in_use())  # while the process exits
            exiting.set()

        await manager._remove_kernel_when_ready("culled", exit_slowly())
        assert exiting.is_set()

    assert manager.in_use() == 1
    asyncio.run(shutdown())
    assert seen == [0] and manager.in_use() == 0 and "culled" not in manager._kernels
