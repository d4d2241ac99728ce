"""Imports from other link shorteners (docs/import.md): the job a person starts and
watches (service.py, routes.py), the worker's loop that runs it (runner.py), and one
module per source (sources/)."""

from admin.imports.runner import ImportRunner
from admin.imports.schemas import ImportCreate, ImportJob
from admin.imports.service import ImportService

__all__ = ["ImportCreate", "ImportJob", "ImportRunner", "ImportService"]
