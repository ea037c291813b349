"""The class table: students and the teacher at one shared game, each from their own browser (issue 34).

The server process holds each table's one game here (pure Python: no tornado, no ipywidgets, no loop of
its own); the transport in widgets/server carries each seat's messages and sends each seat only its own
state. The API is written down in /work/notes/class_table_api.md and docs/teachers.md.
"""

from .table import BURST, CUT_OFF_SECONDS, MAX_MESSAGE_CHARS, PER_SECOND, ClassTableError, Seat
from .tables import CODE_LENGTH, CODE_LETTERS, IDLE_SECONDS, MAX_TABLES, ClassTables

__all__ = ["BURST", "CODE_LENGTH", "CODE_LETTERS", "CUT_OFF_SECONDS", "ClassTableError", "ClassTables", "IDLE_SECONDS",
           "MAX_MESSAGE_CHARS", "MAX_TABLES", "PER_SECOND", "Seat"]
