"""``python -m widgets.server lessons --port=N``: the standalone server (widgets/server/app.py)."""

from widgets.server.app import main

main()
