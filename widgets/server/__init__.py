"""Parlour's Voilà server: Voilà 0.5.13 with the guard rails a classroom needs.

Voilà on its own leaves a student looking at a spinner for ever when a kernel cannot start
(the error goes to a task nobody awaits), starts a kernel for every GET from anywhere, and
refuses its own page-unload request unless the XSRF check is switched off; a class also needs a
cap on kernels that a script cannot fill. This package fixes those things and nothing else;
everything else is configured in ``voila.json``.

- ``python -m widgets.server lessons --port=N`` (:mod:`.app`): Voilà's standalone app with the fixes
  (``./run app``, the tests and the benches start it so; it reads ``voila.json`` like Voilà).
- As a Jupyter server extension (:mod:`.single_user`, ``ServerApp.jpserver_extensions =
  {"widgets.server.single_user": True}``): the same fixes for Voilà inside a Jupyter server
  (JupyterHub's single-user servers, Binder). There ``ServerApp.kernel_manager_class`` names
  :class:`widgets.server.kernel_manager.ClassroomKernelManager`.

The modules, each importing only those listed before it:

- :mod:`.page_identity`: who a page is being rendered for (student, client) and the kernels it was handed.
- :mod:`.kernel_manager`: the classroom kernel manager (cap, quick cull, reclaiming, per-client limit).
- :mod:`.kernel_pools`: Voilà's preheated pools, keeping to the classroom manager's rules.
- :mod:`.notices`: the plain-words pages a student sees instead of a spinner.
- :mod:`.page_rendering`: the guarded renderer and the page's shared templates and modules.
- :mod:`.page_handler`: the lesson page handler (only a person's visit starts a kernel; "server full").
- :mod:`.guard_rails`: :func:`~.guard_rails.install` puts the above in Voilà's place.
- :mod:`.static_files`: Voilà's scripts gzipped and cached.
- :mod:`.save_key`: the server's secret for signing saves.
- :mod:`.pool_options`: a teacher's ``--pool LESSON=N``.
- :mod:`.hub_service`: one Voilà for a class behind JupyterHub's login.
- :mod:`.app`: the standalone app and ``main``; :mod:`.single_user`: the Jupyter server extension.

Nothing is imported here, so each module loads only what it needs (the hub service needs JupyterHub).
"""
