"""Alembic's entry for the record store: run on the connection the store hands over (see widgets/records/store.py).

The store upgrades its database itself at start (:func:`widgets.records.store.upgrade`); a developer may
also run Alembic's command line with ``-x url=sqlite:///path/records.sqlite`` from this folder's parent.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from widgets.records.models import Base

VERSION_TABLE = "parlour_records_version"
config = context.config
connection = config.attributes.get("connection")
if connection is None:  # the command line: a URL given with -x url=...
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///path/records.sqlite upgrade head")
    with create_engine(url).begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata, version_table=VERSION_TABLE,
                          render_as_batch=True)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, version_table=VERSION_TABLE,
                      render_as_batch=True)
    context.run_migrations()
